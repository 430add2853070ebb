import { AccountStatus, type AdminUserConfigBody, type AdminUserDetail, type AdminUserUpdateBody, type ReaderSettings } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { ActorType } from '../articles/article-repository';
import { createPersonalDataRepository } from '../users/personal-data-repository';
import { createReaderSettingsService, readerSettingsOf } from '../users/reader-settings';
import { createSessionRepository } from '../users/session-repository';
import { createUserRepository } from '../users/user-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createAdminUserRepository } from './admin-user-repository';
import { keepAnActiveSuperuser } from './last-superuser';

const NO_USER = 'There is no user with that id.';

/**
 * The rules of an admin's changes to accounts (SPEC §3 account status, §7 Admin users):
 * - a status other than active ends the user's sessions at once (docs/security.md, "Account
 *   status"): live access tokens are refused from the next request (the access layer reads the
 *   status), their refresh tokens are revoked, and so are the keys of their own (api-keys.ts
 *   refuses a user's key while the user is not active);
 * - the last active superuser cannot be suspended, made inactive or deleted (last-superuser.ts);
 * - an admin does not change the status of, or delete, their own account here.
 */
export function createAdminUserService(db: Kysely<Database>) {
  const users = createUserRepository(db);
  const admin = createAdminUserRepository(db);
  const sessions = createSessionRepository(db);
  const personalData = createPersonalDataRepository(db);
  const settings = createReaderSettingsService(db);

  async function detail(userId: string): Promise<AdminUserDetail> {
    const [account, extras] = await Promise.all([users.account(userId), admin.extras(userId)]);
    if (!account || !extras) throw notFound(NO_USER);
    return { ...account, ...extras, subscriptionExempt: account.settings.subscriptionExempt };
  }

  return {
    list: admin.list,
    detail,

    async update(actor: AuditActor, userId: string, body: AdminUserUpdateBody): Promise<AdminUserDetail> {
      await db.transaction().execute(async (trx) => {
        const leavesActive = body.status !== undefined && body.status !== AccountStatus.ACTIVE;
        if (leavesActive && userId === actor.userId) {
          throw conflict('You cannot suspend or deactivate your own account; another superuser can.');
        }
        // The superusers' lock first, then the user's row: every change here takes them in that order.
        if (leavesActive) await keepAnActiveSuperuser(trx, userId, body.status === AccountStatus.SUSPENDED ? 'be suspended' : 'be made inactive');
        const before = await admin.lock(userId, trx);
        if (!before) throw notFound(NO_USER);
        const changes: Parameters<typeof users.update>[1] = {};
        if (body.name !== undefined && body.name.trim() !== before.name) changes.name = body.name.trim();
        if (body.status !== undefined && body.status !== before.status) changes.status = body.status;
        if (Object.keys(changes).length === 0) return;
        await users.update(userId, changes, trx);
        if (changes.status !== undefined && changes.status !== AccountStatus.ACTIVE) await sessions.revokeAllOf(userId, undefined, trx);
        const after = { ...before, ...changes };
        await recordAudit(trx, { actor, action: 'update', resource: 'user', resourceId: userId, before, after });
      });
      return detail(userId);
    },

    /** One of the user's settings, subscriptionExempt included (a grant only an admin makes). */
    async setSetting(actor: AuditActor, userId: string, { key, value }: AdminUserConfigBody): Promise<ReaderSettings> {
      return db.transaction().execute(async (trx) => {
        if (!(await admin.lock(userId, trx))) throw notFound(NO_USER);
        const reader = { type: ActorType.USER, id: userId };
        const before = await readerSettingsOf(trx, reader);
        const after = await settings.write(reader, key, value, { byAdmin: true, executor: trx });
        await recordAudit(trx, { actor, action: 'update', resource: 'user-settings', resourceId: userId, before: { [key]: before[key] }, after: { [key]: after[key] } });
        return after;
      });
    },

    async remove(actor: AuditActor, userId: string): Promise<void> {
      if (userId === actor.userId) throw conflict('You cannot delete your own account here; delete it from your account page (DELETE /v1/users/destroy).');
      await db.transaction().execute(async (trx) => {
        await keepAnActiveSuperuser(trx, userId, 'be deleted');
        const before = await admin.lock(userId, trx);
        if (!before) throw notFound(NO_USER);
        await personalData.eraseUser(userId, trx);
        await recordAudit(trx, { actor, action: 'delete', resource: 'user', resourceId: userId, before, after: null });
      });
    },
  };
}

export type AdminUserService = ReturnType<typeof createAdminUserService>;
