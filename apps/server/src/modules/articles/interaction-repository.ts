import type { InteractionCounts } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { keptPlan } from '../../db/client';
import type { Database } from '../../db/schema';
import { InteractionKind, type Actor } from './article-repository';

export function createInteractionRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds or removes one kind of interaction, idempotently: adding twice keeps one row. Liking
     * removes a dislike and disliking removes a like, in the same transaction.
     */
    async toggle(actor: Actor, articleIds: string[], kind: InteractionKind, action: 'add' | 'remove') {
      await db.transaction().execute(async (trx) => {
        if (action === 'remove') {
          await trx
            .deleteFrom('article_interactions')
            .where('actor_type', '=', actor.type)
            .where('actor_id', '=', actor.id)
            .where('kind', '=', kind)
            .where('article_id', 'in', articleIds)
            .execute();
          return;
        }
        const opposite =
          kind === InteractionKind.LIKE ? InteractionKind.DISLIKE : kind === InteractionKind.DISLIKE ? InteractionKind.LIKE : null;
        if (opposite !== null) {
          await trx
            .deleteFrom('article_interactions')
            .where('actor_type', '=', actor.type)
            .where('actor_id', '=', actor.id)
            .where('kind', '=', opposite)
            .where('article_id', 'in', articleIds)
            .execute();
        }
        await trx
          .insertInto('article_interactions')
          .values(articleIds.map((articleId) => ({ article_id: articleId, actor_type: actor.type, actor_id: actor.id, kind })))
          .onConflict((oc) => oc.doNothing())
          .execute();
      });
    },

    async counts(articleIds: string[], actor: Actor | null): Promise<InteractionCounts[]> {
      if (articleIds.length === 0) return [];
      const { rows } = await keptPlan(sql<{
        article_id: string;
        likes: string;
        dislikes: string;
        saves: string;
        views: string;
        mine: number[] | null;
      }>`
        SELECT ids.article_id,
          count(*) FILTER (WHERE i.kind = 1) AS likes,
          count(*) FILTER (WHERE i.kind = 2) AS dislikes,
          count(*) FILTER (WHERE i.kind = 3) AS saves,
          count(*) FILTER (WHERE i.kind = 4) AS views,
          array_agg(i.kind) FILTER (WHERE i.actor_type = ${actor?.type ?? 0} AND i.actor_id = ${actor?.id ?? ''}) AS mine
        FROM unnest(${articleIds}::uuid[]) AS ids(article_id)
        LEFT JOIN article_interactions i ON i.article_id = ids.article_id
        GROUP BY ids.article_id`).execute(db);
      const byId = new Map(rows.map((row) => [row.article_id, row]));
      return articleIds.map((articleId) => {
        const row = byId.get(articleId);
        const mine = new Set(row?.mine ?? []);
        return {
          articleId,
          likes: Number(row?.likes ?? 0),
          dislikes: Number(row?.dislikes ?? 0),
          saves: Number(row?.saves ?? 0),
          views: Number(row?.views ?? 0),
          liked: mine.has(InteractionKind.LIKE),
          disliked: mine.has(InteractionKind.DISLIKE),
          saved: mine.has(InteractionKind.SAVE),
          viewed: mine.has(InteractionKind.VIEW),
        };
      });
    },
  };
}
