import { createHash, randomBytes } from 'node:crypto';
import { AccountStatus } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Every key starts so, which lets secret scanners and people recognise a Newsreel key. */
const KEY_PREFIX = 'nr_';
const hashOf = (key: string) => createHash('sha256').update(key).digest();

/**
 * API keys of vendors (or of a vendor's user): 32 random bytes, shown once when made, stored as
 * their sha-256 (so much randomness needs no slow hash) and looked up by it.
 */
export function createApiKeyRepository(db: Kysely<Database>) {
  return {
    /** A new key; `executor` makes it inside a caller's transaction. */
    async create(owner: { vendorId: string } | { userId: string }, name = 'Access Key', executor: Kysely<Database> = db): Promise<{ id: string; key: string }> {
      const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await executor
        .insertInto('api_keys')
        .values({
          vendor_id: 'vendorId' in owner ? owner.vendorId : null,
          user_id: 'userId' in owner ? owner.userId : null,
          name,
          prefix: key.slice(0, KEY_PREFIX.length + 6),
          key_hash: hashOf(key),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, key };
    },

    /**
     * The live key this secret is, with the vendor it acts for (a user's key: their first vendor).
     * A user's key works only while the user's account is active: suspending them stops it too.
     */
    async exchange(key: string): Promise<{ apiKeyId: string; vendor: { id: string; name: string } } | undefined> {
      const row = await db
        .selectFrom('api_keys as k')
        .leftJoin('users as ku', 'ku.id', 'k.user_id')
        .leftJoin('vendor_users as vu', 'vu.user_id', 'k.user_id')
        .innerJoin('vendors as v', (join) => join.on((eb) => eb.or([eb('v.id', '=', eb.ref('k.vendor_id')), eb('v.id', '=', eb.ref('vu.vendor_id'))])))
        .select(['k.id', 'v.id as vendorId', 'v.name as vendorName'])
        .where('k.key_hash', '=', hashOf(key))
        .where('k.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('k.user_id', 'is', null), eb('ku.status', '=', AccountStatus.ACTIVE)]))
        .orderBy('v.name')
        .executeTakeFirst();
      if (!row) return undefined;
      await db.updateTable('api_keys').set({ last_used_at: new Date() }).where('id', '=', row.id).execute();
      return { apiKeyId: row.id, vendor: { id: row.vendorId, name: row.vendorName } };
    },
  };
}
