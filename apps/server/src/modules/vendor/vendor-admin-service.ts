import {
  API_KEY_DEFAULT_NAME,
  accountRoleLabels,
  type AccountRole,
  type AdminApiKeyBody,
  type AdminApiKeyCreated,
  type AdminVendor,
  type AdminVendorUserListQuery,
  type MemberUser,
  type VendorUserBody,
} from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/client';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { createAdminUserRepository } from '../admin/admin-user-repository';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { createApiKeyRepository } from '../auth/api-keys';
import { createApiKeyAdminRepository } from './api-key-admin-repository';
import { createVendorAdminRepository } from './vendor-admin-repository';

const NO_VENDOR = 'There is no vendor with that id.';
const NO_MEMBER = 'That user is not one of this vendor’s users.';
const nameTaken = (name: string) => `A vendor named “${name}” exists already (names are told apart without regard to case); choose another name.`;

/**
 * Vendors, their users and API keys as superusers manage them (SPEC §3 "vendor users: email,
 * role", "API key creation: vendorId or userId, plus name"; §7 Admin). Each change runs in one
 * transaction that holds the vendor (and the user) it touches until it ends.
 */
export function createVendorAdminService(db: Kysely<Database>) {
  const vendors = createVendorAdminRepository(db);
  const keys = createApiKeyAdminRepository(db);
  const accounts = createAdminUserRepository(db);
  const apiKeys = createApiKeyRepository(db);

  async function lockedVendor(trx: Kysely<Database>, id: string, mode: 'update' | 'keyShare') {
    const vendor = await vendors.lock(id, mode, trx);
    if (!vendor) throw notFound(NO_VENDOR);
    return vendor;
  }

  /** Runs a change whose unique violation means the vendor name is taken. */
  async function naming<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(nameTaken(name));
      throw error;
    }
  }

  return {
    list: vendors.list,
    async members(vendorId: string, query: AdminVendorUserListQuery, page: Page) {
      if (!(await vendors.get(vendorId))) throw notFound(NO_VENDOR);
      return vendors.members(vendorId, query, page);
    },
    listKeys: keys.list,

    async get(id: string): Promise<AdminVendor> {
      const vendor = await vendors.get(id);
      if (!vendor) throw notFound(NO_VENDOR);
      return vendor;
    },

    async create(actor: AuditActor, name: string): Promise<AdminVendor> {
      const clean = name.trim();
      if (!clean) throw badRequest('body.name must hold more than spaces');
      return naming(clean, () =>
        db.transaction().execute(async (trx) => {
          const id = await vendors.create(clean, trx);
          const after = (await vendors.get(id, trx))!;
          await recordAudit(trx, { actor, action: 'create', resource: 'vendor', resourceId: id, before: null, after });
          return after;
        }),
      );
    },

    async rename(actor: AuditActor, id: string, name: string): Promise<AdminVendor> {
      const clean = name.trim();
      if (!clean) throw badRequest('body.name must hold more than spaces');
      return naming(clean, () =>
        db.transaction().execute(async (trx) => {
          await lockedVendor(trx, id, 'update');
          const before = (await vendors.get(id, trx))!;
          if (before.name === clean) return before;
          await vendors.rename(id, clean, trx);
          const after = (await vendors.get(id, trx))!;
          await recordAudit(trx, { actor, action: 'update', resource: 'vendor', resourceId: id, before, after });
          return after;
        }),
      );
    },

    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockedVendor(trx, id, 'update');
        const before = (await vendors.get(id, trx))!;
        await vendors.remove(id, trx);
        await recordAudit(trx, { actor, action: 'delete', resource: 'vendor', resourceId: id, before, after: null });
      });
    },

    // ── Vendor users ──

    async addMember(actor: AuditActor, vendorId: string, body: VendorUserBody): Promise<MemberUser> {
      return db.transaction().execute(async (trx) => {
        const vendor = await lockedVendor(trx, vendorId, 'keyShare');
        const user = await accounts.accountByEmail(body.email, trx);
        if (!user) throw notFound(`There is no account with the email ${body.email.trim()}: ask them to register first, then add them.`);
        if (!(await vendors.addMember(vendorId, user.id, body.role, trx))) {
          const held = (await vendors.member(vendorId, user.id, trx))!;
          throw conflict(
            `${user.email} is already one of ${vendor.name}’s users (${accountRoleLabels[held.role].toLowerCase()}); change their role with PUT /v1/admin/vendors/${vendorId}/users/${user.id}.`,
          );
        }
        const after = (await vendors.member(vendorId, user.id, trx))!;
        await recordAudit(trx, { actor, action: 'create', resource: 'vendor-user', resourceId: `${vendorId}/${user.id}`, before: null, after });
        return after;
      });
    },

    async setMemberRole(actor: AuditActor, vendorId: string, userId: string, role: AccountRole): Promise<MemberUser> {
      return db.transaction().execute(async (trx) => {
        await lockedVendor(trx, vendorId, 'keyShare');
        const before = await vendors.member(vendorId, userId, trx);
        if (!before) throw notFound(NO_MEMBER);
        if (before.role === role) return before;
        await vendors.setMemberRole(vendorId, userId, role, trx);
        const after = (await vendors.member(vendorId, userId, trx))!;
        await recordAudit(trx, { actor, action: 'update', resource: 'vendor-user', resourceId: `${vendorId}/${userId}`, before, after });
        return after;
      });
    },

    async removeMember(actor: AuditActor, vendorId: string, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await lockedVendor(trx, vendorId, 'keyShare');
        const before = await vendors.member(vendorId, userId, trx);
        if (!before) throw notFound(NO_MEMBER);
        await vendors.removeMember(vendorId, userId, trx);
        await recordAudit(trx, { actor, action: 'delete', resource: 'vendor-user', resourceId: `${vendorId}/${userId}`, before, after: null });
      });
    },

    // ── API keys ──

    /**
     * A new key for a vendor, or for a user (it acts for the vendors they belong to). The answer
     * holds the key itself, this once; it is stored as its hash only (auth/api-keys.ts).
     */
    async createKey(actor: AuditActor, body: AdminApiKeyBody): Promise<AdminApiKeyCreated> {
      if ((body.vendorId === undefined) === (body.userId === undefined)) {
        throw badRequest('body.vendorId, body.userId: give exactly one of them (the key acts for that vendor, or for the vendors of that user)');
      }
      const name = (body.name ?? API_KEY_DEFAULT_NAME).trim();
      if (!name) throw badRequest('body.name must hold more than spaces');
      return db.transaction().execute(async (trx) => {
        let owner: { vendorId: string } | { userId: string };
        if (body.vendorId !== undefined) {
          owner = { vendorId: (await lockedVendor(trx, body.vendorId, 'keyShare')).id };
        } else {
          const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', body.userId!).forKeyShare().executeTakeFirst();
          if (!user) throw notFound('There is no user with that id (body.userId).');
          const memberships = await trx.selectFrom('vendor_users').select('vendor_id').where('user_id', '=', user.id).execute();
          if (memberships.length === 0) {
            throw conflict(`${user.email} is not a user of any vendor, so a key of theirs could act for none: add them to a vendor first (POST /v1/admin/vendors/{id}/users).`);
          }
          owner = { userId: user.id };
        }
        const made = await apiKeys.create(owner, name, trx);
        // The entry shows the key as the list does: by its prefix, never the key.
        const after = (await keys.get(made.id, trx))!;
        await recordAudit(trx, { actor, action: 'create', resource: 'api-key', resourceId: made.id, before: null, after });
        return { ...after, key: made.key };
      });
    },

    /** Revokes the key; revoking a revoked key changes nothing and is not an error. */
    async revokeKey(actor: AuditActor, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const before = await keys.get(id, trx);
        if (!before) throw notFound('There is no API key with that id.');
        if (before.revokedAt !== null) return;
        await keys.revoke(id, trx);
        await recordAudit(trx, { actor, action: 'revoke', resource: 'api-key', resourceId: id, before, after: (await keys.get(id, trx))! });
      });
    },
  };
}

export type VendorAdminService = ReturnType<typeof createVendorAdminService>;
