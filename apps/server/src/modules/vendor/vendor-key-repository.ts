import type { VendorApiKey } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
const keyOf = (row: KeyRow): VendorApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: iso(row.last_used_at),
  revokedAt: iso(row.revoked_at),
});

/**
 * A vendor's own API keys (api_keys with vendor_id; migration 0005), as the vendor sees them: never
 * the key, only its prefix. Keys are made by auth/api-keys.ts, the one place that generates and
 * hashes them. Every query names the vendor, so one vendor never reaches another's keys.
 */
export function createVendorKeyRepository(db: Db) {
  const columns = ['id', 'name', 'prefix', 'created_at', 'last_used_at', 'revoked_at'] as const;
  return {
    /** Live keys first, then revoked ones; newest first within each. `prefix`: keys whose prefix starts so. */
    async list(vendorId: string, prefix?: string): Promise<VendorApiKey[]> {
      let query = db.selectFrom('api_keys').select(columns).where('vendor_id', '=', vendorId);
      if (prefix) query = query.where('prefix', '=', prefix);
      const rows = await query
        .orderBy(sql`revoked_at IS NOT NULL`)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .execute();
      return rows.map(keyOf);
    },

    /** The vendor's key with this id, locked for a change when `executor` is a transaction. */
    async get(vendorId: string, id: string, executor: Db = db, lock = false): Promise<VendorApiKey | undefined> {
      let query = executor.selectFrom('api_keys').select(columns).where('id', '=', id).where('vendor_id', '=', vendorId);
      if (lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row && keyOf(row);
    },

    /** Stops the key: POST /v1/auth/vendor refuses it, and the access layer refuses its tokens. */
    async revoke(vendorId: string, id: string, executor: Db = db): Promise<void> {
      await executor
        .updateTable('api_keys')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('vendor_id', '=', vendorId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type VendorKeyRepository = ReturnType<typeof createVendorKeyRepository>;
