import type { AdminApiKey, AdminApiKeyListQuery } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { containing } from '../admin/admin-user-repository';
import { pageWithTotal, type Page } from '../articles/article-repository';

type Db = Kysely<Database>;

const SORTS = { createdAt: sql`k.created_at`, name: sql`lower(k.name)`, lastUsedAt: sql`k.last_used_at` } as const;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  vendor_id: string | null;
  vendor_name: string | null;
  user_id: string | null;
  user_email: string | null;
  user_name: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = sql`k.id, k.name, k.prefix, k.vendor_id, v.name AS vendor_name, k.user_id, u.email AS user_email, u.name AS user_name,
  k.created_at, k.last_used_at, k.revoked_at`;
const FROM = sql`api_keys k LEFT JOIN vendors v ON v.id = k.vendor_id LEFT JOIN users u ON u.id = k.user_id`;
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

const keyOf = (row: KeyRow): AdminApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  vendor: row.vendor_id ? { id: row.vendor_id, name: row.vendor_name ?? '' } : null,
  user: row.user_id ? { id: row.user_id, email: row.user_email ?? '', name: row.user_name ?? '' } : null,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

/**
 * The admin's view of API keys (migration 0005 api_keys). Keys are made by auth/api-keys.ts, the
 * one place that generates and hashes them; nothing here sees a key, only its prefix.
 */
export function createApiKeyAdminRepository(db: Db) {
  return {
    async list(query: AdminApiKeyListQuery, page: Page): Promise<{ items: AdminApiKey[]; total: number }> {
      const conditions = [sql`true`];
      if (query.vendorId) conditions.push(sql`k.vendor_id = ${query.vendorId}`);
      if (query.userId) conditions.push(sql`k.user_id = ${query.userId}`);
      if (query.q) conditions.push(sql`(k.name ILIKE ${containing(query.q)} OR k.prefix ILIKE ${containing(query.q)})`);
      if (query.revoked !== undefined) conditions.push(query.revoked ? sql`k.revoked_at IS NOT NULL` : sql`k.revoked_at IS NULL`);
      const sort = query.sort ?? 'createdAt';
      const direction = (query.order ?? (sort === 'name' ? 'asc' : 'desc')) === 'desc' ? sql`DESC` : sql`ASC`;
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<KeyRow & { total: string }>`
            SELECT ${COLUMNS}, count(*) OVER () AS total FROM ${FROM}
            WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${SORTS[sort]} ${direction} NULLS LAST, k.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: rows.map(keyOf), total };
    },

    async get(id: string, executor: Db = db): Promise<AdminApiKey | undefined> {
      const { rows } = await sql<KeyRow>`SELECT ${COLUMNS} FROM ${FROM} WHERE k.id = ${id}`.execute(executor);
      return rows[0] && keyOf(rows[0]);
    },

    /** Stops the key working: POST /v1/auth/vendor refuses it, and so does the access layer for its tokens. */
    async revoke(id: string, executor: Db = db): Promise<void> {
      await executor.updateTable('api_keys').set({ revoked_at: sql<Date>`now()` }).where('id', '=', id).where('revoked_at', 'is', null).execute();
    },
  };
}

export type ApiKeyAdminRepository = ReturnType<typeof createApiKeyAdminRepository>;
