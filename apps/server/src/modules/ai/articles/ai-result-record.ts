import type { AiAnswerSentence } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import type { AiWorkRecorder } from './article-ai-work';

/**
 * Stores the AI's work on an article as an AI result (ai_results, migration 0024), in the
 * transaction that stores the work: listed in GET /v1/admin/ai-results and counted in the
 * AI-results statistics with the answers and playlists. Found is true (the article was there).
 */
export const recordAiWork: AiWorkRecorder = async (trx: Kysely<Database>, result) => {
  await trx
    .insertInto('ai_results')
    .values({
      type: result.type,
      query: result.query,
      filters: JSON.stringify({ regionIds: [], categoryIds: [], language: result.language }),
      found: true,
      answer: result.answer,
      sentences: JSON.stringify(result.sentences ?? ([] satisfies AiAnswerSentence[])),
      clips: '[]',
      extractive: result.extractive,
      provider: result.provider,
      fallback: null,
      article_id: result.articleId,
      timing_ms: result.timingMs,
    })
    .execute();
};
