import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit, type AuditActor } from './audit-log';

/** What an audited resource's repository does, bound to a transaction. */
export interface AuditedRepository<Row, Create, Update> {
  /** The resource as the admin API shows it. */
  get(id: string): Promise<Row | undefined>;
  /** The same, locked until the transaction ends. */
  lock(id: string): Promise<Row | undefined>;
  /** A new one's id; a taken unique field throws the unique violation (23505). */
  create(body: Create): Promise<string>;
  update(id: string, body: Update): Promise<void>;
  remove(id: string): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any repository of this shape; its own types are read from it below
type AnyRepository = AuditedRepository<{ id: string }, any, any>;
type RowOf<Repo extends AnyRepository> = NonNullable<Awaited<ReturnType<Repo['get']>>>;
type CreateOf<Repo extends AnyRepository> = Parameters<Repo['create']>[0];
type UpdateOf<Repo extends AnyRepository> = Parameters<Repo['update']>[1];

export interface AuditedResourceDeps<Repo extends AnyRepository> {
  db: Kysely<Database>;
  /** The audit log's resource name: playlist, story, category … */
  resource: string;
  /** "There is no playlist with that id." (the 404) */
  noSuch: string;
  /** The repository, on the transaction a write runs in. */
  repository: (trx: Transaction<Database>) => Repo;
  /** The 409 a unique violation becomes for this body (its slug or external id is taken); none when the body sets no unique field. */
  taken?: (body: CreateOf<Repo> | UpdateOf<Repo>) => (() => Error) | undefined;
  /** Called after every committed change, with the resource's id, so the public reads show it. */
  changed?: (id: string) => void;
}

/** How a delete is checked and what its audit entry keeps beside the resource. */
export interface AuditedRemoveOptions<Row, Repo> {
  /** Throws (a 409) when the resource may not go; nothing is changed then. */
  check?: (before: Row, repo: Repo) => Promise<void>;
  /** What the entry's `before` holds: the resource by default (e.g. a playlist with its articles in order). */
  before?: (before: Row, trx: Transaction<Database>) => Promise<unknown>;
}

/**
 * The admin's create, update and delete of one kind of resource (SPEC §7 Admin), each in its own
 * transaction with its audit entry (who, what, before and after): a missing one is a 404, a taken
 * unique field a 409 and nothing changes; `changed` runs once the change is committed.
 */
export function auditedResource<Repo extends AnyRepository>(deps: AuditedResourceDeps<Repo>) {
  type Row = RowOf<Repo>;
  const { db, resource, noSuch, repository, taken, changed } = deps;

  /** Runs `work` in a transaction; `onTaken` turns a unique violation into its 409. */
  async function write<T>(id: string | null, onTaken: (() => Error) | undefined, work: (repo: Repo, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction().execute((trx) => work(repository(trx), trx));
      const changedId = id ?? (result as { id?: string } | undefined)?.id;
      if (changedId !== undefined) changed?.(changedId);
      return result;
    } catch (error) {
      if (onTaken && isUniqueViolation(error)) throw onTaken();
      throw error;
    }
  }

  async function existing(repo: Repo, id: string): Promise<Row> {
    const row = (await repo.lock(id)) as Row | undefined;
    if (!row) throw notFound(noSuch);
    return row;
  }

  return {
    write,

    create: (actor: AuditActor, body: CreateOf<Repo>): Promise<Row> =>
      write(null, taken?.(body), async (repo, trx) => {
        const created = (await repo.get(await repo.create(body))) as Row;
        await recordAudit(trx, { actor, action: 'create', resource, resourceId: created.id, before: null, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: string, body: UpdateOf<Repo>): Promise<Row> =>
      write(id, taken?.(body), async (repo, trx) => {
        const before = await existing(repo, id);
        await repo.update(id, body);
        const after = (await repo.get(id)) as Row;
        await recordAudit(trx, { actor, action: 'update', resource, resourceId: id, before, after });
        return after;
      }),

    remove: (actor: AuditActor, id: string, options: AuditedRemoveOptions<Row, Repo> = {}): Promise<void> =>
      write(id, undefined, async (repo, trx) => {
        const before = await existing(repo, id);
        await options.check?.(before, repo);
        const entry = options.before ? await options.before(before, trx) : before;
        await repo.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource, resourceId: id, before: entry, after: null });
      }),
  };
}
