import { Type, type Static } from 'typebox';
import { AI_QUERY_MAX_LENGTH, AI_RESULT_TYPES } from '../ai';
import { LiteralUnion, PaginationQuerySchema } from './common';
import { IdSchema } from './content';
import { StatisticsSummaryQuerySchema } from './statistics';

/**
 * AI work on articles and the admin's AI results (SPEC §3 article status AI populate, §7 Admin:
 * article extras process and translate, AI results, statistics for ai-results; issue 14 item 4;
 * docs/architecture.md, "AI work on articles").
 */

/** A language an article can be translated into: ISO 639 with an optional region, e.g. fr, pt-BR. */
export const TRANSLATION_LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z]{2,4})?$';
export const TranslationLanguageSchema = Type.String({ pattern: TRANSLATION_LANGUAGE_PATTERN, description: 'An ISO 639 language code, with a region if needed: fr, de, pt-BR' });

/** POST /v1/admin/articles/{id}/translate */
export const ArticleTranslateBodySchema = Type.Object(
  { language: TranslationLanguageSchema },
  { additionalProperties: false },
);
export type ArticleTranslateBody = Static<typeof ArticleTranslateBodySchema>;

/** What POST /v1/admin/articles/{id}/process can do: `summary` has the AI write the summary now. */
export const ARTICLE_PROCESS_TYPES = ['summary'] as const;
export type ArticleProcessType = (typeof ARTICLE_PROCESS_TYPES)[number];
export const ArticleProcessBodySchema = Type.Object(
  { type: LiteralUnion(ARTICLE_PROCESS_TYPES, { description: 'summary: write the summary of an article waiting in AI populate now' }) },
  { additionalProperties: false },
);
export type ArticleProcessBody = Static<typeof ArticleProcessBodySchema>;

export const ArticleProcessQueuedSchema = Type.Object({
  articleId: IdSchema,
  type: LiteralUnion(ARTICLE_PROCESS_TYPES),
  jobId: Type.String({ description: 'The background job (GET /v1/admin/jobs) doing it' }),
});
export type ArticleProcessQueued = Static<typeof ArticleProcessQueuedSchema>;

export const TRANSLATION_STATES = ['queued', 'done', 'failed'] as const;
export type TranslationState = (typeof TRANSLATION_STATES)[number];
const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ArticleTranslationSchema = Type.Object({
  articleId: IdSchema,
  language: Type.String(),
  state: LiteralUnion(TRANSLATION_STATES, { description: 'queued: the job waits or runs (and retries); done; failed: it gave up, see error' }),
  jobId: Nullable(Type.String()),
  title: Nullable(Type.String()),
  description: Nullable(Type.String()),
  summary: Nullable(Type.String()),
  cueCount: Nullable(Type.Integer({ minimum: 0, description: 'Transcript cues translated; readers get them with ?language=' })),
  provider: Nullable(Type.String()),
  error: Nullable(Type.String()),
  requestedAt: DateTime,
  completedAt: Nullable(DateTime),
});
export type ArticleTranslation = Static<typeof ArticleTranslationSchema>;

export const ArticleAiSummarySchema = Type.Object({
  method: LiteralUnion(['extractive', 'provider'] as const, { description: 'extractive: sentences of the transcript chosen by the built-in summary; provider: written by the configured model' }),
  provider: Type.String(),
  sourceLanguage: Type.String(),
  durationMs: Type.Integer({ minimum: 0 }),
  createdAt: DateTime,
});
export type ArticleAiSummary = Static<typeof ArticleAiSummarySchema>;

/** GET /v1/admin/articles/{id}/ai: the AI's work on one article. */
export const ArticleAiWorkSchema = Type.Object({
  articleId: IdSchema,
  translationProvider: Nullable(Type.String({ description: 'The provider translations use; null: none is configured, and translate answers 409' })),
  summary: Nullable(ArticleAiSummarySchema),
  translations: Type.Array(ArticleTranslationSchema, { description: 'Every language asked for, by language' }),
});
export type ArticleAiWork = Static<typeof ArticleAiWorkSchema>;

/** GET /v1/admin/ai-results */
export const ADMIN_AI_RESULT_SORTS = ['createdAt', 'timingMs'] as const;
export const AdminAiResultListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  type: Type.Optional(LiteralUnion(AI_RESULT_TYPES, { description: 'Only results of this type' })),
  q: Type.Optional(Type.String({ maxLength: AI_QUERY_MAX_LENGTH, description: 'Part of the query or the answer (any case)' })),
  found: Type.Optional(Type.Boolean({ description: 'true: answers that found something; false: the not-found ones' })),
  provider: Type.Optional(Type.String({ maxLength: 200, description: 'Only results made by this provider' })),
  articleId: Type.Optional(IdSchema),
  sort: Type.Optional(LiteralUnion(ADMIN_AI_RESULT_SORTS, { description: 'Default createdAt' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default desc' })),
});
export type AdminAiResultListQuery = Static<typeof AdminAiResultListQuerySchema>;

/** GET /v1/admin/statistics/ai-results: the same range as the summary (from, to). */
export const AiResultStatisticsQuerySchema = StatisticsSummaryQuerySchema;
export type AiResultStatisticsQuery = Static<typeof AiResultStatisticsQuerySchema>;

const Count = (description: string) => Type.Integer({ minimum: 0, description });
const Ms = (description: string) => Nullable(Type.Number({ minimum: 0, description }));
const TimingShape = {
  medianMs: Ms('The median time to make a result (null: none in the range)'),
  p95Ms: Ms('95% of results were made within this many milliseconds'),
};

export const AiResultStatisticsSchema = Type.Object({
  from: Type.String({ format: 'date', description: 'The first day counted (UTC)' }),
  to: Type.String({ format: 'date', description: 'The last day counted, inclusive' }),
  total: Count('Results made in the range'),
  notFound: Count('Answers and playlists for which nothing relevant was retrieved'),
  notFoundRate: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'notFound over the answers and playlists (null: none)' })),
  ...TimingShape,
  byType: Type.Array(Type.Object({ type: LiteralUnion(AI_RESULT_TYPES), count: Count('Results of the type'), notFound: Count('Of them, not found'), ...TimingShape }), {
    description: 'Every type, in the order of AI_RESULT_TYPES',
  }),
  byDay: Type.Array(
    Type.Object({
      day: Type.String({ format: 'date' }),
      total: Count('Results made that day'),
      counts: Type.Object(Object.fromEntries(AI_RESULT_TYPES.map((type) => [type, Count(`${type} results made that day`)])) as Record<(typeof AI_RESULT_TYPES)[number], ReturnType<typeof Count>>),
    }),
    { description: 'Every day of the range, oldest first (days without results too)' },
  ),
  byProvider: Type.Array(Type.Object({ provider: Type.String(), count: Count('Results it made'), ...TimingShape }), { description: 'Most results first' }),
});
export type AiResultStatistics = Static<typeof AiResultStatisticsSchema>;
