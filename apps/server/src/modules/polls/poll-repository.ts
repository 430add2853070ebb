import type { AdminPollListQuery, PollCreateBody } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit, type AuditEntry } from '../audit/audit-log';
import { pageWithTotal, type Page } from '../articles/article-repository';
import { createPollAssetRepository } from './poll-asset-repository';
import { createPollQuestionRepository } from './poll-question-repository';
import { loadAdminPolls, type AdminPollRecord } from './poll-rows';
import { createPollTargetRepository } from './poll-target-repository';

type PollValues = Omit<PollCreateBody, 'name'> & { name?: string };

const SORTS = {
  priority: sql`p.priority`,
  name: sql`lower(p.name)`,
  createdAt: sql`p.created_at`,
  startsAt: sql`p.starts_at`,
  status: sql`p.status`,
} as const;

function columnsOf(values: PollValues) {
  return {
    ...(values.name !== undefined ? { name: values.name } : {}),
    ...(values.priority !== undefined ? { priority: values.priority } : {}),
    ...(values.type !== undefined ? { type: values.type } : {}),
    ...(values.status !== undefined ? { status: values.status } : {}),
    ...(values.visibility !== undefined ? { visibility: values.visibility } : {}),
    ...(values.config !== undefined ? { config: JSON.stringify(values.config) } : {}),
    ...(values.startsAt !== undefined ? { starts_at: values.startsAt === null ? null : new Date(values.startsAt) } : {}),
    ...(values.endsAt !== undefined ? { ends_at: values.endsAt === null ? null : new Date(values.endsAt) } : {}),
  };
}

/** The poll studio's polls, their targets and assets (migration 0010); `questions` has their questions and answers. */
export function createPollRepository(db: Kysely<Database>): PollRepository {
  return {
    ...pollStatements(db),
    transaction: (work) => db.transaction().execute((trx) => work(createPollRepository(trx))),
  };
}

function pollStatements(db: Kysely<Database>) {
  return {
    /** The poll's questions and answers, on the same connection (and transaction). */
    questions: createPollQuestionRepository(db),
    /** Whom the poll is offered to. */
    targets: createPollTargetRepository(db),
    /** The poll's image and video files. */
    assets: createPollAssetRepository(db),

    async list(query: AdminPollListQuery, page: Page): Promise<{ items: AdminPollRecord[]; total: number }> {
      const conditions = [sql`true`];
      if (query.q) conditions.push(sql`p.name ILIKE ${`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
      if (query.status !== undefined) conditions.push(sql`p.status = ${query.status}`);
      if (query.type !== undefined) conditions.push(sql`p.type = ${query.type}`);
      if (query.visibility !== undefined) conditions.push(sql`p.visibility = ${query.visibility}`);
      if (query.regionId !== undefined) {
        conditions.push(sql`EXISTS (SELECT 1 FROM poll_targets t WHERE t.poll_id = p.id AND ${query.regionId}::smallint = ANY(t.region_ids))`);
      }
      const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
      const sort = SORTS[query.sort ?? 'priority'];
      const { rows, total } = await pageWithTotal(page, async (at) =>
        (
          await sql<{ id: string; total: string }>`
            SELECT p.id, count(*) OVER () AS total FROM polls p WHERE ${sql.join(conditions, sql` AND `)}
            ORDER BY ${sort} ${direction} NULLS LAST, p.created_at ${direction}, p.id
            LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db)
        ).rows,
      );
      return { items: await loadAdminPolls(db, rows.map((row) => row.id)), total };
    },

    async exists(id: string): Promise<boolean> {
      return (await db.selectFrom('polls').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async get(id: string): Promise<AdminPollRecord | undefined> {
      return (await loadAdminPolls(db, [id]))[0];
    },

    /** The poll's row, locked until the transaction ends (status changes check its questions first). */
    async lock(id: string) {
      return db.selectFrom('polls').select(['id', 'status', 'starts_at', 'ends_at']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async create(values: PollCreateBody): Promise<string> {
      const row = await db.insertInto('polls').values({ ...columnsOf(values), name: values.name }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: string, values: PollValues): Promise<boolean> {
      const row = await db
        .updateTable('polls')
        .set({ ...columnsOf(values), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the poll edited (its questions, answers, targets or assets changed). */
    async touch(id: string): Promise<void> {
      await db.updateTable('polls').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
    },

    async voteCount(where: { pollId: string } | { questionId: string } | { answerId: string }): Promise<number> {
      let query = db.selectFrom('poll_votes').select(sql<string>`count(*)`.as('n'));
      if ('pollId' in where) query = query.where('poll_id', '=', where.pollId);
      else if ('questionId' in where) query = query.where('question_id', '=', where.questionId);
      else query = query.where('answer_id', '=', where.answerId);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** Deletes the poll with its votes; the storage keys of its assets, to delete from the store. */
    async remove(id: string): Promise<string[] | undefined> {
      await db.deleteFrom('poll_votes').where('poll_id', '=', id).execute();
      const keys = await db.selectFrom('poll_assets').select('storage_key').where('poll_id', '=', id).execute();
      const row = await db.deleteFrom('polls').where('id', '=', id).returning('id').executeTakeFirst();
      return row ? keys.map((key) => key.storage_key) : undefined;
    },

    /** Records an admin write in the audit log, on this repository's connection (its transaction). */
    async audit(entry: AuditEntry): Promise<void> {
      await recordAudit(db, entry);
    },

  };
}

export type PollRepository = ReturnType<typeof pollStatements> & {
  /** Runs `work` in one transaction, with the repository bound to it. */
  transaction<T>(work: (polls: PollRepository) => Promise<T>): Promise<T>;
};
