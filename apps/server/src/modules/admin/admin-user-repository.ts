import type { AdminUser, AdminUserListQuery } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ActorType, pageWithTotal, type Page } from '../articles/article-repository';

/** `%…%` for ILIKE, with the pattern's own wildcards taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORTS = {
  createdAt: sql`u.created_at`,
  email: sql`lower(u.email)`,
  name: sql`lower(u.name)`,
  status: sql`u.status`,
} as const;

interface UserRow {
  id: string;
  email: string;
  name: string;
  status: number;
  admin_role: number | null;
  exempt: boolean;
  created_at: Date;
  updated_at: Date;
  total: string;
}

/** Whether the user's subscriptionExempt setting is on (PUT /v1/admin/users/{id}/config). */
const EXEMPT = sql<boolean>`coalesce((SELECT s.value = 'true'::jsonb FROM reader_settings s
  WHERE s.actor_type = ${ActorType.USER} AND s.actor_id = u.id::text AND s.key = 'subscriptionExempt'), false)`;

/** SQL of the admin's user list and of what the user detail adds to the account (migration 0005). */
export function createAdminUserRepository(db: Kysely<Database>) {
  return {
    async list(query: AdminUserListQuery, page: Page): Promise<{ items: AdminUser[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) conditions.push(sql`(u.email ILIKE ${containing(query.q)} OR u.name ILIKE ${containing(query.q)})`);
      if (query.status !== undefined) conditions.push(sql`u.status = ${query.status}`);
      if (query.role !== undefined) conditions.push(sql`r.role = ${query.role}`);
      if (query.subscriptionExempt !== undefined) conditions.push(sql`${EXEMPT} = ${query.subscriptionExempt}`);
      // Newest first unless asked otherwise; the rest in the order asked, ascending by default.
      const sort = query.sort ?? 'createdAt';
      const direction = (query.order ?? (sort === 'createdAt' ? 'desc' : 'asc')) === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<UserRow>`
            SELECT u.id, u.email, u.name, u.status, r.role AS admin_role, ${EXEMPT} AS exempt, u.created_at, u.updated_at,
              count(*) OVER () AS total
            FROM users u LEFT JOIN admin_roles r ON r.user_id = u.id
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${SORTS[sort]} ${direction}, u.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      const items = rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        status: row.status as AdminUser['status'],
        adminRole: row.admin_role as AdminUser['adminRole'],
        subscriptionExempt: row.exempt,
        createdAt: new Date(row.created_at).toISOString(),
        updatedAt: new Date(row.updated_at).toISOString(),
      }));
      return { items, total };
    },

    /** What the detail shows beside the account: live sessions and keys, the last failed sign-in. */
    async extras(userId: string) {
      const { rows } = await sql<{ language: string | null; updated_at: Date; last_failed_login_at: Date | null; sessions: string; keys: string }>`
        SELECT u.language, u.updated_at, u.last_failed_login_at,
          (SELECT count(*) FROM refresh_tokens t WHERE t.user_id = u.id AND t.revoked_at IS NULL AND t.replaced_at IS NULL AND t.expires_at > now()) AS sessions,
          (SELECT count(*) FROM api_keys k WHERE k.user_id = u.id AND k.revoked_at IS NULL) AS keys
        FROM users u WHERE u.id = ${userId}`.execute(db);
      const row = rows[0];
      return (
        row && {
          language: row.language,
          updatedAt: new Date(row.updated_at).toISOString(),
          lastFailedLoginAt: row.last_failed_login_at ? new Date(row.last_failed_login_at).toISOString() : null,
          activeSessions: Number(row.sessions),
          liveApiKeys: Number(row.keys),
        }
      );
    },

    /**
     * The account with that address (any case), kept from deletion until the transaction ends (FOR
     * KEY SHARE), so a role or membership given to it cannot lose its user halfway.
     */
    async accountByEmail(email: string, trx: Kysely<Database>) {
      return trx.selectFrom('users').select(['id', 'email', 'name']).where(sql`lower(email)`, '=', email.trim().toLowerCase()).forKeyShare().executeTakeFirst();
    },

    /** The user's row, locked until the transaction ends; undefined for no such user. */
    async lock(userId: string, trx: Kysely<Database>) {
      return trx
        .selectFrom('users as u')
        .leftJoin('admin_roles as r', 'r.user_id', 'u.id')
        .select(['u.id', 'u.email', 'u.name', 'u.status', 'r.role as adminRole'])
        .where('u.id', '=', userId)
        .forUpdate('u')
        .executeTakeFirst();
    },
  };
}

export type AdminUserRepository = ReturnType<typeof createAdminUserRepository>;
