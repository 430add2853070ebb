import type { UserCategory, UserCategoryScore } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Actor } from '../articles/article-repository';

export function createScoreRepository(db: Kysely<Database>) {
  return {
    /** The reader's scores, highest first. */
    async list(actor: Actor): Promise<UserCategoryScore[]> {
      const rows = await db
        .selectFrom('user_category_scores')
        .select(['category_id', 'score'])
        .where('actor_type', '=', actor.type)
        .where('actor_id', '=', actor.id)
        .orderBy('score', 'desc')
        .orderBy('category_id')
        .execute();
      return rows.map((row) => ({ categoryId: row.category_id, score: row.score }));
    },

    /** Every category with the reader's score (0 when none), most liked first, then by name. */
    async categories(actor: Actor): Promise<UserCategory[]> {
      const { rows } = await sql<UserCategory>`
        SELECT c.id, c.slug, c.name, c.description, coalesce(s.score, 0)::float8 AS score
        FROM categories c
        LEFT JOIN user_category_scores s ON s.category_id = c.id AND s.actor_type = ${actor.type} AND s.actor_id = ${actor.id}
        ORDER BY score DESC, c.name, c.id`.execute(db);
      return rows;
    },

    /** The ids among these that name no category. */
    async unknownCategories(categoryIds: string[]): Promise<string[]> {
      const { rows } = await sql<{ id: string }>`SELECT id FROM categories WHERE id = ANY(${categoryIds}::uuid[])`.execute(db);
      const known = new Set(rows.map((row) => row.id));
      return categoryIds.filter((id) => !known.has(id));
    },

    /** Sets the scores given, in one transaction; a score of 0 clears the category's score. */
    async update(actor: Actor, scores: UserCategoryScore[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const cleared = scores.filter((entry) => entry.score === 0).map((entry) => entry.categoryId);
        const set = scores.filter((entry) => entry.score !== 0);
        if (cleared.length > 0) {
          await trx
            .deleteFrom('user_category_scores')
            .where('actor_type', '=', actor.type)
            .where('actor_id', '=', actor.id)
            .where('category_id', 'in', cleared)
            .execute();
        }
        if (set.length > 0) {
          await trx
            .insertInto('user_category_scores')
            .values(set.map((entry) => ({ actor_type: actor.type, actor_id: actor.id, category_id: entry.categoryId, score: entry.score })))
            .onConflict((oc) => oc.columns(['actor_type', 'actor_id', 'category_id']).doUpdateSet({ score: (eb) => eb.ref('excluded.score'), updated_at: sql`now()` }))
            .execute();
        }
      });
    },
  };
}

export type ScoreRepository = ReturnType<typeof createScoreRepository>;
