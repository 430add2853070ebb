import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

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

interface Waiting {
  vote: NewVote;
  resolve: (stored: StoredVote | undefined) => void;
  reject: (error: unknown) => void;
}

/** Batches written at once; while they are, arriving votes gather for the next one. */
const BATCHES_IN_FLIGHT = 2;
/** Votes in one statement at most. */
const BATCH_MAX = 500;

/**
 * Writes votes in batches (docs/architecture.md, "Polls"): a vote waits for the end of the
 * event-loop turn it arrived in, and every vote that arrived meanwhile (or while earlier batches
 * were being written) goes into one `cast_poll_votes()` call: one statement and one commit for
 * many votes, where a commit each capped the votes a second at what the database could commit.
 * Each vote still gets its own answer: stored, or undefined when any of its checks failed or its
 * visitor had answered the question (the first of two identical votes in a batch is stored). A
 * batch that fails fails each of its votes; nothing of it is stored.
 */
export function createVoteBatches(db: Kysely<Database>) {
  let waiting: Waiting[] = [];
  let scheduled = false;
  let inFlight = 0;

  async function write(batch: Waiting[]): Promise<void> {
    const votes = batch.map((item) => item.vote);
    try {
      const { rows } = await sql<StoredVote & { visitor_id: string }>`
        SELECT * FROM cast_poll_votes(
          ${votes.map((vote) => vote.pollId)}::uuid[], ${votes.map((vote) => vote.questionId)}::uuid[],
          ${votes.map((vote) => vote.answerId)}::uuid[], ${votes.map((vote) => vote.visitorId)}::text[],
          ${votes.map((vote) => vote.regionId)}::smallint[], ${votes.map((vote) => vote.lat)}::numeric[],
          ${votes.map((vote) => vote.lon)}::numeric[])`.execute(db);
      const stored = new Map(rows.map((row) => [`${row.visitor_id} ${row.question_id}`, row]));
      for (const item of batch) {
        const key = `${item.vote.visitorId} ${item.vote.questionId}`;
        const row = stored.get(key);
        // The stored row answers the first vote of the batch that it is; the others were not stored.
        if (row && row.answer_id === item.vote.answerId && row.poll_id === item.vote.pollId) {
          stored.delete(key);
          item.resolve(row);
        } else {
          item.resolve(undefined);
        }
      }
    } catch (error) {
      for (const item of batch) item.reject(error);
    }
  }

  function flush(): void {
    scheduled = false;
    while (waiting.length > 0 && inFlight < BATCHES_IN_FLIGHT) {
      const batch = waiting.slice(0, BATCH_MAX);
      waiting = waiting.slice(BATCH_MAX);
      inFlight++;
      void write(batch).finally(() => {
        inFlight--;
        if (waiting.length > 0 && !scheduled) flush();
      });
    }
  }

  return {
    /** Stores the vote with the others of its batch; undefined when it was not stored. */
    vote(vote: NewVote): Promise<StoredVote | undefined> {
      return new Promise((resolve, reject) => {
        waiting.push({ vote, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
  };
}

export type VoteBatches = ReturnType<typeof createVoteBatches>;
