import {
  accountRoleLabels,
  isColour,
  type AccountRole,
  type AdminPublisher,
  type AdminPublisherCreateBody,
  type AdminPublisherListQuery,
  type AdminPublisherUpdateBody,
  type AdminPublisherUserBody,
  type AdminPublisherUserListQuery,
  type MemberUser,
} from '@newsreel/contracts';
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createUserRepository } from '../users/user-repository';
import { createPublisherAdminRepository, type PublisherAdminRepository, type PublisherUsage } from './publisher-admin-repository';
import { createPublisherUserAdminRepository, type PublisherUserAdminRepository } from './publisher-user-admin-repository';

const NO_PUBLISHER = 'There is no publisher with that id.';
const NOT_A_USER = 'That user is not a user of this publisher.';
const PUBLISHER = 'publisher';
const PUBLISHER_USER = 'publisher-user';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const roleName = (role: number) => accountRoleLabels[role as AccountRole]?.toLowerCase() ?? String(role);
/** A membership names its publisher and user: `publisherId/userId`. */
const membershipId = (publisherId: string, userId: string) => `${publisherId}/${userId}`;

/** "3 articles, 2 users and 1 poll target", or null when nothing uses it. */
export function usageInWords(usage: PublisherUsage): string | null {
  const parts = [
    usage.articles > 0 ? plural(usage.articles, 'article', 'articles') : null,
    usage.users > 0 ? plural(usage.users, 'publisher user', 'publisher users') : null,
    usage.pollTargets > 0 ? plural(usage.pollTargets, 'poll target', 'poll targets') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length === 0) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** SPEC §5: branding values under keys that name a colour must be colours. */
function checkBranding(branding: Record<string, string> | undefined): void {
  for (const [key, value] of Object.entries(branding ?? {})) {
    if (/colou?r$/i.test(key) && !isColour(value)) {
      throw badRequest(`body.branding.${key} must be a colour in hex, rgb(), rgba(), hsl(), hsla() or color() notation`);
    }
  }
}

export interface PublisherAdminServiceDeps {
  db: Kysely<Database>;
  /** Where publishers' uploaded logos and banners are (the studio's branding). */
  media: Pick<MediaStore, 'delete'>;
  /** Called after every committed change of a publisher, so the public reads show it (admin-routes.ts). */
  changed: () => void;
}

/**
 * The admin's publishers and their users (SPEC §3, §6, §7 Admin). Every write is recorded in the
 * audit log in its own transaction. A publisher with articles, users or poll targets cannot be
 * deleted (409 says how many of each).
 */
export function createPublisherAdminService({ db, media, changed }: PublisherAdminServiceDeps) {
  const reads = createPublisherAdminRepository(db);
  const members = createPublisherUserAdminRepository(db);
  const accounts = createUserRepository(db);

  interface Scope {
    publishers: PublisherAdminRepository;
    members: PublisherUserAdminRepository;
    trx: Transaction<Database>;
  }

  /** Runs a write in a transaction; `onTaken` turns a unique violation into its 409. */
  async function write<T>(work: (scope: Scope) => Promise<T>, onTaken?: () => Error, publicChange = true): Promise<T> {
    try {
      const result = await db
        .transaction()
        .execute((trx) => work({ publishers: createPublisherAdminRepository(trx), members: createPublisherUserAdminRepository(trx), trx }));
      if (publicChange) changed();
      return result;
    } catch (error) {
      if (onTaken && isUniqueViolation(error)) throw onTaken();
      throw error;
    }
  }

  const slugTaken = (slug: string | undefined) => (slug === undefined ? undefined : () => conflict(`There is already a publisher with the slug "${slug}"; choose another slug.`));

  async function existing(repo: PublisherAdminRepository, id: string, lock = false): Promise<AdminPublisher> {
    const publisher = lock ? await repo.lock(id) : await repo.get(id);
    if (!publisher) throw notFound(NO_PUBLISHER);
    return publisher;
  }

  async function membership(scope: Scope, publisherId: string, userId: string): Promise<MemberUser> {
    await existing(scope.publishers, publisherId);
    const member = await scope.members.lock(publisherId, userId);
    if (!member) throw notFound(NOT_A_USER);
    return member;
  }

  return {
    list: (query: AdminPublisherListQuery, page: Page) => reads.list(query, page),
    get: (id: string) => existing(reads, id),

    create(actor: AuditActor, body: AdminPublisherCreateBody): Promise<AdminPublisher> {
      checkBranding(body.branding);
      return write(async ({ publishers, trx }) => {
        const created = (await publishers.get(await publishers.create(body)))!;
        await recordAudit(trx, { actor, action: 'create', resource: PUBLISHER, resourceId: created.id, before: null, after: created });
        return created;
      }, slugTaken(body.slug));
    },

    update(actor: AuditActor, id: string, body: AdminPublisherUpdateBody): Promise<AdminPublisher> {
      checkBranding(body.branding);
      return write(async ({ publishers, trx }) => {
        const before = await existing(publishers, id, true);
        await publishers.update(id, body);
        const after = (await publishers.get(id))!;
        await recordAudit(trx, { actor, action: 'update', resource: PUBLISHER, resourceId: id, before, after });
        return after;
      }, slugTaken(body.slug));
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      const files = await write(async ({ publishers, trx }) => {
        const before = await existing(publishers, id, true);
        const inUse = usageInWords(await publishers.usage(id));
        if (inUse) {
          throw conflict(`The publisher "${before.name}" has ${inUse}; move or delete its articles, remove its users and poll targets, then delete it.`);
        }
        // Its uploaded logo and banner (publisher_assets, deleted with it) leave the media store once this commits.
        const assets = await trx.selectFrom('publisher_assets').select(['storage_key', 'served_key']).where('publisher_id', '=', id).execute();
        await publishers.remove(id);
        await recordAudit(trx, { actor, action: 'delete', resource: PUBLISHER, resourceId: id, before, after: null });
        return [...new Set(assets.flatMap((asset) => [asset.storage_key, asset.served_key].filter((key): key is string => key !== null)))];
      });
      await Promise.all(files.map((key) => discardMediaFile(media, key)));
    },

    // ── Publisher users ──

    async users(publisherId: string, query: AdminPublisherUserListQuery, page: Page) {
      await existing(reads, publisherId);
      return members.list(publisherId, query, page);
    },

    addUser: (actor: AuditActor, publisherId: string, body: AdminPublisherUserBody): Promise<MemberUser> =>
      write(
        async (scope) => {
          const publisher = await existing(scope.publishers, publisherId);
          const user = await accounts.byEmail(body.email.trim(), scope.trx);
          if (!user) throw notFound(`There is no account with the email address ${body.email.trim()}. Ask them to register first, then add them.`);
          const current = await scope.members.lock(publisherId, user.id);
          if (current) {
            throw conflict(`${user.email} is already a user of ${publisher.name} (${roleName(current.role)}); change their role with PUT instead.`);
          }
          await scope.members.add(publisherId, user.id, body.role);
          const added = (await scope.members.lock(publisherId, user.id))!;
          await recordAudit(scope.trx, { actor, action: 'create', resource: PUBLISHER_USER, resourceId: membershipId(publisherId, user.id), before: null, after: { publisherId, ...added } });
          return added;
        },
        () => conflict(`${body.email.trim()} was just added to this publisher by someone else; change their role with PUT instead.`),
        false,
      ),

    setUserRole: (actor: AuditActor, publisherId: string, userId: string, role: AccountRole): Promise<MemberUser> =>
      write(
        async (scope) => {
          const before = await membership(scope, publisherId, userId);
          await scope.members.setRole(publisherId, userId, role);
          const after = { ...before, role };
          await recordAudit(scope.trx, { actor, action: 'update', resource: PUBLISHER_USER, resourceId: membershipId(publisherId, userId), before: { publisherId, ...before }, after: { publisherId, ...after } });
          return after;
        },
        undefined,
        false,
      ),

    removeUser: (actor: AuditActor, publisherId: string, userId: string): Promise<void> =>
      write(
        async (scope) => {
          const before = await membership(scope, publisherId, userId);
          await scope.members.remove(publisherId, userId);
          await recordAudit(scope.trx, { actor, action: 'delete', resource: PUBLISHER_USER, resourceId: membershipId(publisherId, userId), before: { publisherId, ...before }, after: null });
        },
        undefined,
        false,
      ),
  };
}
