import { AccountStatus, type AdminRole } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the access layer reads about a caller on each request (small, indexed look-ups). */
export function createPrincipalRepository(db: Kysely<Database>) {
  return {
    /** The user's status and admin role now, or null for an account that is gone. */
    async user(userId: string): Promise<{ status: number; adminRole: AdminRole | null } | null> {
      const row = await db
        .selectFrom('users')
        .leftJoin('admin_roles', 'admin_roles.user_id', 'users.id')
        .select(['users.status', 'admin_roles.role'])
        .where('users.id', '=', userId)
        .executeTakeFirst();
      return row ? { status: row.status, adminRole: (row.role ?? null) as AdminRole | null } : null;
    },

    /** The vendors a live API key acts for; null when the key is revoked or gone, or its user is not active. */
    async vendorKey(apiKeyId: string): Promise<{ vendorIds: string[] } | null> {
      const key = await db
        .selectFrom('api_keys as k')
        .leftJoin('users as u', 'u.id', 'k.user_id')
        .select(['k.vendor_id', 'k.user_id'])
        .where('k.id', '=', apiKeyId)
        .where('k.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('k.user_id', 'is', null), eb('u.status', '=', AccountStatus.ACTIVE)]))
        .executeTakeFirst();
      if (!key) return null;
      if (key.vendor_id) return { vendorIds: [key.vendor_id] };
      return { vendorIds: key.user_id ? await this.vendorIds(key.user_id) : [] };
    },

    /** The user's vendors, by name (the first is the one a user's key and `vendor: 'own'` act for). */
    async vendorIds(userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('vendor_users as vu')
        .innerJoin('vendors as v', 'v.id', 'vu.vendor_id')
        .select('vu.vendor_id')
        .where('vu.user_id', '=', userId)
        .orderBy('v.name')
        .orderBy('v.id')
        .execute();
      return rows.map((row) => row.vendor_id);
    },

    /** The user's account role on the publisher, or null when they are not one of its users. */
    async publisherRole(userId: string, publisherId: string): Promise<number | null> {
      if (!UUID.test(publisherId)) return null;
      const row = await db
        .selectFrom('publisher_users')
        .select('role')
        .where('user_id', '=', userId)
        .where('publisher_id', '=', publisherId)
        .executeTakeFirst();
      return row?.role ?? null;
    },

    async activePublisherId(userId: string): Promise<string | null> {
      const row = await db.selectFrom('users').select('active_publisher_id').where('id', '=', userId).executeTakeFirst();
      return row?.active_publisher_id ?? null;
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PrincipalRepository = ReturnType<typeof createPrincipalRepository>;
