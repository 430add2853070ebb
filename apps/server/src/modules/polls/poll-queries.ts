import { PollStatus, PollVisibility } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadPolls, type PollRecord } from './poll-rows';
import type { NewVote } from './vote-batches';

/** A poll readers may see and vote on: live, public, and now within its times (null: open). */
export const LIVE = sql<boolean>`p.status = ${PollStatus.LIVE} AND p.visibility = ${PollVisibility.PUBLIC}
  AND (p.starts_at IS NULL OR p.starts_at <= now()) AND (p.ends_at IS NULL OR p.ends_at > now())`;

/** Why a vote was not stored: each part of it as the database has it now. */
export interface VoteDiagnosis {
  poll_visibility: number | null;
  poll_live: boolean | null;
  question_poll_id: string | null;
  answer_question_id: string | null;
  voted_at: Date | string | null;
}

export interface CountRow {
  question_id: string;
  question_label: string;
  answer_id: string | null;
  answer_label: string | null;
  everyone: string | number;
  region: string | number;
  nearby: string | number;
}

/** Where the local counts are taken from; null scopes are not counted. */
export interface CountScopes {
  regionId: number | null;
  nearby: { lat: number; lon: number; radius: number } | null;
}

/** The reader's side of polls: finding them, voting, counting (migration 0010). */
export function createPollQueries(db: Kysely<Database>) {
  return {
    /** The live public poll, or undefined. */
    async live(id: string): Promise<PollRecord | undefined> {
      const row = await sql<{ id: string }>`SELECT p.id FROM polls p WHERE p.id = ${id} AND ${LIVE}`.execute(db);
      return row.rows[0] ? (await loadPolls(db, [id]))[0] : undefined;
    },

    /** A public poll that is or was live (its results may be read), or undefined. */
    async countable(id: string): Promise<boolean> {
      const { rows } = await sql`SELECT 1 FROM polls p WHERE p.id = ${id} AND p.visibility = ${PollVisibility.PUBLIC}
        AND p.status IN (${PollStatus.LIVE}, ${PollStatus.ENDED})`.execute(db);
      return rows.length > 0;
    },

    /** Each part of a vote that was not stored, to say why. */
    async diagnose(vote: Pick<NewVote, 'pollId' | 'questionId' | 'answerId' | 'visitorId'>): Promise<VoteDiagnosis> {
      const { rows } = await sql<VoteDiagnosis>`
        SELECT
          (SELECT p.visibility FROM polls p WHERE p.id = ${vote.pollId}) AS poll_visibility,
          (SELECT ${LIVE} FROM polls p WHERE p.id = ${vote.pollId}) AS poll_live,
          (SELECT q.poll_id FROM poll_questions q WHERE q.id = ${vote.questionId}) AS question_poll_id,
          (SELECT a.question_id FROM poll_answers a WHERE a.id = ${vote.answerId}) AS answer_question_id,
          (SELECT v.created_at FROM poll_votes v WHERE v.question_id = ${vote.questionId} AND v.visitor_id = ${vote.visitorId}) AS voted_at`.execute(db);
      return rows[0]!;
    },

    /**
     * Every answer of every question of the poll, in order, with its votes: everyone's, the
     * region's and those near the position, counted from the stored votes in one read.
     */
    async counts(pollId: string, scopes: CountScopes): Promise<CountRow[]> {
      const inRegion = scopes.regionId === null ? sql`false` : sql`v.region_id = ${scopes.regionId}`;
      const near = scopes.nearby;
      // Radar's test of the circle (earth_within, migrations 0045 and 0055), which PostgreSQL
      // inlines: the same answer as earth_distance <= radius, without a function call for each vote.
      const inCircle = near
        ? sql`earth_within(earth_point(${near.lat}::float8, ${near.lon}::float8), v.place, ${near.radius}::float8,
            earth_meters_chord(${near.radius}::float8))`
        : sql`false`;
      const { rows } = await sql<CountRow>`
        SELECT q.id AS question_id, q.label AS question_label, a.id AS answer_id, a.label AS answer_label,
          count(v.answer_id) AS everyone,
          count(v.answer_id) FILTER (WHERE ${inRegion}) AS region,
          count(v.answer_id) FILTER (WHERE ${inCircle}) AS nearby
        FROM poll_questions q
        LEFT JOIN poll_answers a ON a.question_id = q.id
        LEFT JOIN poll_votes v ON v.answer_id = a.id AND v.question_id = q.id
        WHERE q.poll_id = ${pollId}
        GROUP BY q.id, a.id
        ORDER BY q.position, q.created_at, q.id, a.position, a.created_at, a.id`.execute(db);
      return rows;
    },

    /** Votes per voter region over every question of the poll, most first. */
    async votesByRegion(pollId: string): Promise<{ regionId: number; total: number }[]> {
      const { rows } = await sql<{ region_id: number; total: string }>`
        SELECT region_id, count(*) AS total FROM poll_votes WHERE poll_id = ${pollId}
        GROUP BY region_id ORDER BY count(*) DESC, region_id`.execute(db);
      return rows.map((row) => ({ regionId: row.region_id, total: Number(row.total) }));
    },
  };
}

export type PollQueries = ReturnType<typeof createPollQueries>;
