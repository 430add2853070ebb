import type { AdminCategory, AdminCategoryCreateBody, AdminCategoryListQuery, AdminCategoryUpdateBody } from '@newsreel/contracts';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createCategoryAdminRepository, type CategoryAdminRepository, type CategoryUsage } from './category-admin-repository';

const NO_CATEGORY = 'There is no category with that id.';
const RESOURCE = 'category';

const slugTaken = (slug: string) => conflict(`There is already a category with the slug "${slug}"; choose another slug.`);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "used by 3 articles and 1 poll target", or null when nothing uses it. */
export function usageInWords(usage: CategoryUsage): string | null {
  const parts = [
    usage.articles > 0 ? plural(usage.articles, 'article', 'articles') : null,
    usage.pollTargets > 0 ? plural(usage.pollTargets, 'poll target', 'poll targets') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

export interface CategoryAdminServiceDeps {
  db: Kysely<Database>;
  /** Called after every committed change, so the public reads show it (admin-routes.ts). */
  changed: () => void;
}

/**
 * The admin's categories (SPEC §3, §7 Admin): every write is recorded in the audit log in its own
 * transaction, and a category that articles or poll targets name cannot be deleted (409 says how
 * many of each).
 */
export function createCategoryAdminService({ db, changed }: CategoryAdminServiceDeps) {
  const reads = createCategoryAdminRepository(db);

  /** Runs a write in a transaction; a taken slug becomes a 409 and nothing is changed. */
  async function write<T>(slug: string | undefined, work: (repo: CategoryAdminRepository, trx: Transaction<Database>) => Promise<T>): Promise<T> {
    try {
      const result = await db.transaction().execute((trx) => work(createCategoryAdminRepository(trx), trx));
      changed();
      return result;
    } catch (error) {
      if (slug !== undefined && isUniqueViolation(error)) throw slugTaken(slug);
      throw error;
    }
  }

  return {
    list: (query: AdminCategoryListQuery, page: Page) => reads.list(query, page),

    async get(id: string): Promise<AdminCategory> {
      const category = await reads.get(id);
      if (!category) throw notFound(NO_CATEGORY);
      return category;
    },

    create: (actor: AuditActor, body: AdminCategoryCreateBody): Promise<AdminCategory> =>
      write(body.slug, async (repo, trx) => {
        const created = (await repo.get(await repo.create(body)))!;
        await recordAudit(trx, { actor, action: 'create', resource: RESOURCE, resourceId: created.id, before: null, after: created });
        return created;
      }),

    update: (actor: AuditActor, id: string, body: AdminCategoryUpdateBody): Promise<AdminCategory> =>
      write(body.slug, async (repo, trx) => {
        const before = await repo.lock(id);
        if (!before) throw notFound(NO_CATEGORY);
        await repo.update(id, body);
        const after = (await repo.get(id))!;
        await recordAudit(trx, { actor, action: 'update', resource: RESOURCE, resourceId: id, before, after });
        return after;
      }),

    remove: (actor: AuditActor, id: string): Promise<void> =>
      write(undefined, async (repo, trx) => {
        const before = await repo.lock(id);
        if (!before) throw notFound(NO_CATEGORY);
        const inUse = usageInWords(await repo.usage(id));
        if (inUse) {
          throw conflict(`The category "${before.name}" is used by ${inUse}; move them to another category or remove them, then delete it.`);
        }
        await repo.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource: RESOURCE, resourceId: id, before, after: null });
      }),
  };
}
