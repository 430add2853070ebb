import type { PollTarget, PollTargetBody } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { TARGET_JSON } from './poll-rows';

function targetColumnsOf(body: PollTargetBody) {
  return {
    ...(body.regionIds !== undefined ? { region_ids: [...new Set(body.regionIds)] } : {}),
    ...(body.categoryIds !== undefined ? { category_ids: [...new Set(body.categoryIds.map((id) => id.toLowerCase()))] } : {}),
    ...(body.publisherId !== undefined ? { publisher_id: body.publisherId } : {}),
    ...(body.storyId !== undefined ? { story_id: body.storyId } : {}),
    ...(body.articleId !== undefined ? { article_id: body.articleId } : {}),
    ...(body.lat !== undefined ? { lat: body.lat } : {}),
    ...(body.lon !== undefined ? { lon: body.lon } : {}),
    ...(body.radius !== undefined ? { radius: body.radius } : {}),
  };
}

/** Whom polls are offered to (migration 0010): a poll's targets, and the content they may name. */
export function createPollTargetRepository(db: Kysely<Database>) {
  const targetRows = (pollId: string, targetId?: string) =>
    sql<{ target: PollTarget }>`SELECT ${TARGET_JSON} AS target FROM poll_targets t
      WHERE t.poll_id = ${pollId} ${targetId ? sql`AND t.id = ${targetId}` : sql``} ORDER BY t.created_at, t.id`.execute(db);

  return {
    async list(pollId: string): Promise<PollTarget[]> {
      return (await targetRows(pollId)).rows.map((row) => row.target);
    },
    async get(pollId: string, targetId: string): Promise<PollTarget | undefined> {
      return (await targetRows(pollId, targetId)).rows[0]?.target;
    },
    async create(pollId: string, body: PollTargetBody): Promise<string> {
      const row = await db.insertInto('poll_targets').values({ ...targetColumnsOf(body), poll_id: pollId }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },
    async update(pollId: string, targetId: string, body: PollTargetBody): Promise<boolean> {
      const row = await db
        .updateTable('poll_targets')
        .set(targetColumnsOf(body))
        .where('id', '=', targetId)
        .where('poll_id', '=', pollId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async remove(pollId: string, targetId: string): Promise<boolean> {
      const row = await db.deleteFrom('poll_targets').where('id', '=', targetId).where('poll_id', '=', pollId).returning('id').executeTakeFirst();
      return row !== undefined;
    },

    /** Which of the ids name no row in `table`: the content a target may point at. */
    async missing(table: 'publishers' | 'stories' | 'articles' | 'categories', ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = new Set((await db.selectFrom(table).select('id').where('id', 'in', ids).execute()).map((row) => row.id));
      return ids.filter((id) => !found.has(id));
    },

  };
}

export type PollTargetRepository = ReturnType<typeof createPollTargetRepository>;
