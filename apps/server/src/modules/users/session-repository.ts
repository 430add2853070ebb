import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface RefreshRecord {
  id: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  replacedAt: Date | null;
  revokedAt: Date | null;
}

/** SQL of refresh tokens and of the single-use keys sent by mail; secrets are stored as hashes only. */
export function createSessionRepository(db: Kysely<Database>) {
  return {
    async createRefresh(input: { userId: string; familyId: string; tokenHash: Buffer; expiresAt: Date }, executor: Executor = db): Promise<void> {
      await executor
        .insertInto('refresh_tokens')
        .values({ user_id: input.userId, family_id: input.familyId, token_hash: input.tokenHash, expires_at: input.expiresAt })
        .execute();
    },

    async refreshByHash(tokenHash: Buffer): Promise<RefreshRecord | undefined> {
      return db
        .selectFrom('refresh_tokens')
        .select(['id', 'family_id as familyId', 'user_id as userId', 'expires_at as expiresAt', 'replaced_at as replacedAt', 'revoked_at as revokedAt'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks the token replaced; false when another request replaced (or revoked) it first. */
    async markReplaced(id: string, executor: Executor = db): Promise<boolean> {
      const result = await executor
        .updateTable('refresh_tokens')
        .set({ replaced_at: new Date() })
        .where('id', '=', id)
        .where('replaced_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async revokeFamily(familyId: string): Promise<void> {
      await db.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
    },

    /** Ends every session of the user, but the one of `exceptFamilyId` when given. */
    async revokeAllOf(userId: string, exceptFamilyId?: string, executor: Executor = db): Promise<void> {
      let query = executor.updateTable('refresh_tokens').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (exceptFamilyId) query = query.where('family_id', '<>', exceptFamilyId);
      await query.execute();
    },

    async createKey(
      input: { userId: string; purpose: 'verify' | 'reset'; keyHash: Buffer; email: string | null; expiresAt: Date },
      executor: Executor = db,
    ): Promise<void> {
      await executor
        .insertInto('user_keys')
        .values({ user_id: input.userId, purpose: input.purpose, key_hash: input.keyHash, email: input.email, expires_at: input.expiresAt })
        .execute();
    },

    /**
     * Uses a key once: the one statement that marks it used also checks it is unused and unexpired,
     * so two requests with the same key cannot both succeed.
     */
    async consumeKey(keyHash: Buffer, purpose: 'verify' | 'reset', executor: Executor = db): Promise<{ userId: string; email: string | null } | undefined> {
      const row = await executor
        .updateTable('user_keys')
        .set({ used_at: new Date() })
        .where('key_hash', '=', keyHash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning(['user_id', 'email'])
        .executeTakeFirst();
      return row ? { userId: row.user_id, email: row.email } : undefined;
    },

    /** Keys of that purpose made for the user in the last hour (to slow down mail floods). */
    async recentKeys(userId: string, purpose: 'verify' | 'reset'): Promise<number> {
      const row = await db
        .selectFrom('user_keys')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .where('purpose', '=', purpose)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Earlier unused keys of that purpose stop working when a new one is sent. */
    async retireKeys(userId: string, purpose: 'verify' | 'reset', executor: Executor = db): Promise<void> {
      await executor.updateTable('user_keys').set({ used_at: new Date() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
