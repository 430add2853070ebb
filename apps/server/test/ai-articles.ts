import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import { insertReviewArticle } from './review-articles';

/** A news item's transcript: four lines about a ferry, and one off-topic line a summary leaves out. */
export const HARBOUR_CUES = [
  { start: 0, end: 6, text: 'Good evening. The harbour authority has approved a new ferry line between the old town and the island.' },
  { start: 6, end: 12, text: 'The ferry line will run every twenty minutes from June, with two electric boats.' },
  { start: 12, end: 17, text: 'It was a sunny day at the market.' },
  { start: 17, end: 24, text: 'Residents of the island have asked for a ferry line for years, says the harbour authority.' },
  { start: 24, end: 30, text: 'Tickets for the electric ferry will cost the same as a bus ticket.' },
];

/** An article waiting in AI populate with the transcript above and no summary. */
export async function insertAwaitingSummary(db: Kysely<Database>, publisherId: string, title: string): Promise<string> {
  const id = await insertReviewArticle(db, { publisherId, title, status: ArticleStatus.AI_POPULATE, reviewStatus: ReviewStatus.NONE, summary: '', reviewRequestedAt: null });
  await db.insertInto('transcripts').values({ article_id: id, language: 'en', cues: JSON.stringify(HARBOUR_CUES) }).execute();
  return id;
}
