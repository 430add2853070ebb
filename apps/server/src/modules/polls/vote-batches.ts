import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createStatementBatches } from '../../db/statement-batches';

export interface NewVote {
  pollId: string;
  questionId: string;
  answerId: string;
  visitorId: string;
  regionId: number;
  /** Already rounded; both or neither. */
  lat: number | null;
  lon: number | null;
}

export interface StoredVote {
  poll_id: string;
  question_id: string;
  answer_id: string;
  created_at: Date | string;
}

/**
 * Writes votes in batches (db/statement-batches.ts; docs/architecture.md, "Polls"): the votes that
 * arrive together go into one `cast_poll_votes()` call, one statement and one commit for many.
 * Each vote still gets its own answer: stored, or undefined when any of its checks failed or its
 * visitor had answered the question (of two identical votes in a batch, the one stored stands). A
 * batch that fails fails each of its votes; nothing of it is stored.
 */
export function createVoteBatches(db: Kysely<Database>) {
  const batches = createStatementBatches(async (votes: NewVote[]): Promise<(StoredVote | undefined)[]> => {
    const { rows } = await sql<StoredVote & { visitor_id: string }>`
      SELECT * FROM cast_poll_votes(
        ${votes.map((vote) => vote.pollId)}::uuid[], ${votes.map((vote) => vote.questionId)}::uuid[],
        ${votes.map((vote) => vote.answerId)}::uuid[], ${votes.map((vote) => vote.visitorId)}::text[],
        ${votes.map((vote) => vote.regionId)}::smallint[], ${votes.map((vote) => vote.lat)}::numeric[],
        ${votes.map((vote) => vote.lon)}::numeric[])`.execute(db);
    const stored = new Map(rows.map((row) => [`${row.visitor_id} ${row.question_id}`, row]));
    return votes.map((vote) => {
      const key = `${vote.visitorId} ${vote.questionId}`;
      const row = stored.get(key);
      // The stored row answers the first vote of the batch that it is; the others were not stored.
      if (!row || row.answer_id !== vote.answerId || row.poll_id !== vote.pollId) return undefined;
      stored.delete(key);
      return row;
    });
  });

  return {
    /** Stores the vote with the others of its batch; undefined when it was not stored. */
    vote: (vote: NewVote): Promise<StoredVote | undefined> => batches.add(vote),
  };
}

export type VoteBatches = ReturnType<typeof createVoteBatches>;
