import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import { createAiService } from '../modules/ai/ai-service';
import { createAiProviders, type AiSettings } from '../modules/ai/providers/ai-provider';
import type { Database } from './schema';

/** The built-in provider alone, whatever the server is configured with: the seed never calls out. */
const BUILT_IN_ONLY: AiSettings = { baseUrl: undefined, apiKey: undefined, model: undefined, embeddingModel: undefined, embeddingMinSimilarity: 1, timeoutMs: 1_000, maxRetries: 0 };

/**
 * The demo's AI work on articles (docs/architecture.md, "AI work on articles"): one catalogue
 * article waits in AI populate with no summary, so the summary job (ai.article-summaries, every
 * minute) writes one from its transcript within a minute of the first start and sends it to the
 * moderation queue; and a few stored AI results, so the admin's AI results page and the
 * statistics' AI panel have something to show before anyone has asked the AI anything.
 */
export const DEMO_AI_POPULATE = ['liverpool-warehouse-creative-hub'] as const;

/** What the demo's readers asked the AI before anyone else did: three questions it can answer, one it cannot, and a playlist. */
export const DEMO_AI_QUESTIONS = [
  'When do the late-night ferries in Sydney start running?',
  'How many albatross chicks hatched near Dunedin this year?',
  'What did the central bank decide about interest rates?',
  'Who won the chess olympiad in Budapest?',
] as const;
export const DEMO_AI_PLAYLIST = 'trams, trains and ferries';

/**
 * Puts the demo's AI work in place, in the seed's transaction, on articles just seeded
 * (`slugs`: the ones whose media exists). Answers how many articles it sent to AI populate.
 */
export async function seedDemoAi(trx: Kysely<Database>, slugs: ReadonlySet<string>): Promise<number> {
  const waiting = DEMO_AI_POPULATE.filter((slug) => slugs.has(slug));
  let moved = 0;
  if (waiting.length > 0) {
    const { numUpdatedRows } = await trx
      .updateTable('articles')
      .set({ status: ArticleStatus.AI_POPULATE, review_status: ReviewStatus.NONE, summary: '', summary_by_ai: false, published_at: null, review_requested_at: null })
      .where('slug', 'in', waiting)
      .executeTakeFirst();
    moved = Number(numUpdatedRows);
  }

  // Asked of the built-in answerer itself (no key, no network), on the catalogue just seeded, so
  // they are stored as any reader's would be.
  const ai = createAiService({ db: trx, providers: createAiProviders(BUILT_IN_ONLY), embedding: BUILT_IN_ONLY, articlesByIds: async () => [] });
  for (const query of DEMO_AI_QUESTIONS) await ai.ask({ query });
  await ai.playlist({ query: DEMO_AI_PLAYLIST });
  return moved;
}
