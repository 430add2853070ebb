import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { keepAnActiveSuperuser } from '../admin/last-superuser';
import { ActorType } from '../articles/article-repository';

const USER = ActorType.USER;
const VISITOR = ActorType.VISITOR;

/** What a reader's personal data is made of, moved or erased as a whole. */
export function createPersonalDataRepository(db: Kysely<Database>) {
  return {
    /**
     * Makes what a visitor did the user's (docs/architecture.md, "Readers without accounts"):
     * likes, dislikes, saves, views, category scores, settings and paired devices, without
     * duplicates. Where both have a choice, the user's own wins (a like of theirs is not turned
     * into a dislike by the visitor's). A visitor is merged into one user only, once.
     */
    async mergeVisitor(visitorId: string, userId: string): Promise<{ merged: boolean }> {
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('user_visitors')
          .values({ visitor_id: visitorId, user_id: userId })
          .onConflict((oc) => oc.column('visitor_id').doNothing())
          .returning('user_id')
          .executeTakeFirst();
        const owner = claimed?.user_id ?? (await trx.selectFrom('user_visitors').select('user_id').where('visitor_id', '=', visitorId).executeTakeFirst())?.user_id;
        // Another user's visitor (a shared browser) stays theirs; the same user again finds nothing new to move.
        if (owner !== userId) return { merged: false };

        await sql`
          INSERT INTO article_interactions (article_id, actor_type, actor_id, kind, created_at)
          SELECT v.article_id, ${USER}, ${userId}, v.kind, v.created_at
          FROM article_interactions v
          WHERE v.actor_type = ${VISITOR} AND v.actor_id = ${visitorId}
            AND NOT (v.kind IN (1, 2) AND EXISTS (
              SELECT 1 FROM article_interactions u
              WHERE u.actor_type = ${USER} AND u.actor_id = ${userId} AND u.article_id = v.article_id AND u.kind IN (1, 2)))
          ON CONFLICT DO NOTHING`.execute(trx);
        await trx.deleteFrom('article_interactions').where('actor_type', '=', VISITOR).where('actor_id', '=', visitorId).execute();

        for (const table of ['user_category_scores', 'reader_settings'] as const) {
          const key = table === 'user_category_scores' ? sql.ref('category_id') : sql.ref('key');
          const value = table === 'user_category_scores' ? sql.ref('score') : sql.ref('value');
          await sql`
            INSERT INTO ${sql.table(table)} (actor_type, actor_id, ${key}, ${value}, updated_at)
            SELECT ${USER}, ${userId}, ${key}, ${value}, updated_at FROM ${sql.table(table)}
            WHERE actor_type = ${VISITOR} AND actor_id = ${visitorId}
            ON CONFLICT DO NOTHING`.execute(trx);
          await trx.deleteFrom(table).where('actor_type', '=', VISITOR).where('actor_id', '=', visitorId).execute();
        }

        await trx
          .updateTable('devices')
          .set({ owner_actor_type: USER, owner_actor_id: userId })
          .where('owner_actor_type', '=', VISITOR)
          .where('owner_actor_id', '=', visitorId)
          .execute();
        return { merged: true };
      });
    },

    /**
     * Deletes the account and its personal data. Likes, saves and views stay counted in the
     * articles' totals (anonymous aggregates) under an id that names no one; scores, settings,
     * sessions, keys, roles and memberships go; paired devices are unpaired. Inside `transaction`
     * when given (an admin's deletion, with its checks and record), else in one of its own. The
     * last active superuser's account is not deleted, by an admin or by themselves (409).
     */
    async eraseUser(userId: string, transaction?: Transaction<Database>): Promise<void> {
      const anonymous = `erased-${randomUUID()}`;
      const erase = async (trx: Transaction<Database>) => {
        await keepAnActiveSuperuser(trx, userId, 'be deleted');
        await trx
          .updateTable('article_interactions')
          .set({ actor_type: VISITOR, actor_id: anonymous })
          .where('actor_type', '=', USER)
          .where('actor_id', '=', userId)
          .execute();
        await trx
          .updateTable('devices')
          .set({ owner_actor_type: VISITOR, owner_actor_id: anonymous, removed_at: sql<Date>`coalesce(removed_at, now())` })
          .where('owner_actor_type', '=', USER)
          .where('owner_actor_id', '=', userId)
          .execute();
        for (const table of ['user_category_scores', 'reader_settings'] as const) {
          await trx.deleteFrom(table).where('actor_type', '=', USER).where('actor_id', '=', userId).execute();
        }
        // Sessions, keys, roles, memberships, API keys and merged visitors go with the row (ON DELETE CASCADE).
        await trx.deleteFrom('users').where('id', '=', userId).execute();
      };
      await (transaction ? erase(transaction) : db.transaction().execute(erase));
    },
  };
}

export type PersonalDataRepository = ReturnType<typeof createPersonalDataRepository>;
