import type { AdminJob, JobState } from '@newsreel/contracts';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { pageWithTotal, type Page } from '../articles/article-repository';
import { errorMessageOf, INTERNAL_JOB_PREFIX, JOB_SCHEMA } from './job-queue';

/**
 * Reads pg-boss's job table (schema `pgboss`, made by pg-boss itself; version 24 of its schema,
 * pg-boss 10) for the admin's list. pg-boss 10 has no call that lists jobs; its table is the
 * record, and its own statements (job-queue.ts) make every change.
 */

interface JobRow {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  retry_count: number;
  retry_limit: number;
  output: unknown;
  created_on: Date;
  start_after: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const JOB = sql.table(`${JOB_SCHEMA}.job`);
const COLUMNS = sql`id, name, state::text AS state, data, retry_count, retry_limit, output, created_on, start_after, started_on, completed_on`;
const NOT_INTERNAL = sql`name NOT LIKE ${`${INTERNAL_JOB_PREFIX.replace(/_/g, '\\_')}%`}`;

export function jobOf(row: JobRow): AdminJob {
  const failedLast = row.state === 'retry' || row.state === 'failed';
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    data: row.data ?? null,
    // retry_count counts runs after the first (pg-boss adds one when it takes a job it ran before).
    attempts: row.started_on === null ? 0 : row.retry_count + 1,
    retryLimit: row.retry_limit,
    error: failedLast ? errorMessageOf(row.output) : null,
    output: row.state === 'completed' ? (row.output ?? null) : null,
    createdAt: row.created_on.toISOString(),
    runAfter: row.start_after.toISOString(),
    startedAt: row.started_on?.toISOString() ?? null,
    completedAt: row.completed_on?.toISOString() ?? null,
  };
}

export function createJobRepository(db: Kysely<Database>) {
  return {
    /** Jobs of the domains (not pg-boss's own), newest first. */
    async list(filter: { state?: JobState | undefined; name?: string | undefined }, page: Page): Promise<{ items: AdminJob[]; total: number }> {
      const state = filter.state ? sql`AND state = ${filter.state}::${sql.raw(JOB_SCHEMA)}.job_state` : sql``;
      const name = filter.name ? sql`AND name = ${filter.name}` : sql``;
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const result = await sql<JobRow & { total: string }>`
          SELECT ${COLUMNS}, count(*) OVER () AS total
          FROM ${JOB}
          WHERE ${NOT_INTERNAL} ${state} ${name}
          ORDER BY created_on DESC, id
          LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db);
        return result.rows;
      });
      return { items: rows.map(jobOf), total };
    },

    /** A domain's job by id, in whatever state (as `trx` sees it, when given). */
    async find(id: string, trx?: Transaction<Database>): Promise<AdminJob | undefined> {
      const { rows } = await sql<JobRow>`SELECT ${COLUMNS} FROM ${JOB} WHERE id = ${id} AND ${NOT_INTERNAL}`.execute(trx ?? db);
      return rows[0] && jobOf(rows[0]);
    },
  };
}

export type JobRepository = ReturnType<typeof createJobRepository>;
