import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { DEMO_AI_POPULATE } from './demo-ai';
import type { Database } from './schema';

const HOUR_MS = 3_600_000;

/**
 * The demo's moderation desk: a few catalogue articles a newcomer finds waiting for review in the
 * admin console (one with an AI-written summary, to try reject-summary on), and one approved for a
 * few hours after the demo's first start, which goes live then by itself. None of them is in a
 * story, a playlist or a poll's target. (docs/architecture.md, "Article lifecycle".)
 */
export const DEMO_MODERATION = {
  awaitingReview: [
    { slug: 'london-night-rail-service-extended', waitingHours: 5, summaryByAi: false },
    { slug: 'cardiff-under-20-rugby-final', waitingHours: 3, summaryByAi: false },
    { slug: 'delhi-air-quality-best-autumn', waitingHours: 1, summaryByAi: true },
  ],
  scheduled: [{ slug: 'bengaluru-startup-funding-rises', inHours: 6 }],
} as const;

/** How many demo articles the moderation desk keeps off the feeds (with the one waiting for the AI's summary, demo-ai.ts). */
export const DEMO_HELD_BACK = DEMO_MODERATION.awaitingReview.length + DEMO_MODERATION.scheduled.length + DEMO_AI_POPULATE.length;

/**
 * Puts the demo's moderation desk in place, in the seed's transaction, on articles just seeded
 * (`slugs`: the ones whose media exists): each in the state the lifecycle would have left it in,
 * in one statement. Answers how many it moved.
 */
export async function seedDemoModeration(trx: Kysely<Database>, slugs: ReadonlySet<string>, now: Date): Promise<number> {
  const rows = [
    ...DEMO_MODERATION.awaitingReview.map((entry) => ({
      slug: entry.slug,
      status: ArticleStatus.REVIEW,
      review_status: ReviewStatus.AWAITING_REVIEW,
      summary_by_ai: entry.summaryByAi,
      review_requested_at: new Date(now.getTime() - entry.waitingHours * HOUR_MS).toISOString(),
      scheduled_at: null,
    })),
    ...DEMO_MODERATION.scheduled.map((entry) => ({
      slug: entry.slug,
      status: ArticleStatus.SCHEDULED,
      review_status: ReviewStatus.APPROVED,
      summary_by_ai: false,
      review_requested_at: new Date(now.getTime() - 20 * HOUR_MS).toISOString(),
      scheduled_at: new Date(now.getTime() + entry.inHours * HOUR_MS).toISOString(),
    })),
  ].filter((row) => slugs.has(row.slug));
  if (rows.length === 0) return 0;
  const { numAffectedRows } = await sql`
    UPDATE articles a SET status = d.status, review_status = d.review_status, summary_by_ai = d.summary_by_ai,
      review_requested_at = d.review_requested_at, scheduled_at = d.scheduled_at, published_at = NULL
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS d(slug text, status smallint, review_status smallint, summary_by_ai boolean, review_requested_at timestamptz, scheduled_at timestamptz)
    WHERE a.slug = d.slug`.execute(trx);
  return Number(numAffectedRows ?? 0);
}
