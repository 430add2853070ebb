/**
 * AI search (SPEC §7 "AI", issue 14): answers grounded in the catalogue's passages, AI playlists,
 * instant results, and every stored result. The server's side is modules/ai; docs/architecture.md,
 * "AI search", says how retrieval, fusion and grounding work.
 */
import { Type, type Static } from 'typebox';
import { ListSchema, LiteralUnion, PaginationQuerySchema, type ErrorResponse } from './schemas/common';
import { ArticleSummarySchema, IdSchema, PublisherRefSchema } from './schemas/content';

/** The longest question, prompt or instant query. */
export const AI_QUERY_MAX_LENGTH = 300;
/** What an instant query returns at most. */
export const AI_INSTANT_LIMIT = 8;
/** The sentence the built-in answerer (and any provider) gives when nothing relevant is retrieved. */
export const AI_NOT_FOUND_TEXT = 'I could not find that in the news we have.';
/** The provider name of the built-in extractive answerer (no key, no network). */
export const AI_BUILT_IN_PROVIDER = 'built-in';

/**
 * The kinds of stored AI result: answers, AI playlists, and the work done on articles
 * (summaries, translations) by the background jobs.
 */
export const AI_RESULT_TYPES = ['ask', 'playlist', 'summary', 'translation'] as const;
export type AiResultType = (typeof AI_RESULT_TYPES)[number];

/** Where in an article a passage was found. */
export const AI_PASSAGE_FIELDS = ['title', 'description', 'summary', 'transcript'] as const;
export type AiPassageField = (typeof AI_PASSAGE_FIELDS)[number];

const LanguageSchema = Type.String({ pattern: '^[a-z]{2,3}(-[A-Za-z]{2,4})?$', description: 'e.g. en, pt-BR' });
const QuerySchema = (description: string) =>
  Type.String({ minLength: 1, maxLength: AI_QUERY_MAX_LENGTH, pattern: '\\S', description });

/** The filters every AI request may carry; they narrow the passages that are retrieved. */
const AiFiltersShape = {
  regionIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 50, description: 'Only articles of these regions' })),
  categoryIds: Type.Optional(Type.Array(IdSchema, { maxItems: 50, description: 'Only articles of these categories' })),
  language: Type.Optional(LanguageSchema),
};

export const AiAskBodySchema = Type.Object(
  { query: QuerySchema('The question, as a reader asks it'), ...AiFiltersShape },
  { additionalProperties: false },
);
export type AiAskBody = Static<typeof AiAskBodySchema>;

export const AiPlaylistBodySchema = Type.Object(
  { prompt: QuerySchema('What the playlist should cover, e.g. "the floods and how towns rebuilt"'), ...AiFiltersShape },
  { additionalProperties: false },
);
export type AiPlaylistBody = Static<typeof AiPlaylistBodySchema>;

export const AiInstantBodySchema = Type.Object(
  { query: QuerySchema('What the reader has typed so far'), ...AiFiltersShape },
  { additionalProperties: false },
);
export type AiInstantBody = Static<typeof AiInstantBodySchema>;

/** Where a sentence of an answer is said: an article, the seconds, and the words quoted. */
export const AiCitationSchema = Type.Object({
  articleId: IdSchema,
  startSecond: Type.Number({ minimum: 0, description: 'Where the quoted words start in the video (0 for title, description and summary)' }),
  endSecond: Type.Number({ minimum: 0 }),
  quote: Type.String({ description: 'The passage the sentence rests on, as the article has it' }),
});
export type AiCitation = Static<typeof AiCitationSchema>;

export const AiAnswerSentenceSchema = Type.Object({
  text: Type.String(),
  citations: Type.Array(AiCitationSchema, { description: 'Never empty in a found answer: every sentence can be watched' }),
});
export type AiAnswerSentence = Static<typeof AiAnswerSentenceSchema>;

/** One clip of an AI playlist, played in order in the hero player. */
export const AiClipSchema = Type.Object({
  articleId: IdSchema,
  startSecond: Type.Number({ minimum: 0 }),
  endSecond: Type.Number({ minimum: 0 }),
  reason: Type.String({ description: 'Why the clip is in the playlist (the words it covers)' }),
});
export type AiClip = Static<typeof AiClipSchema>;

/** A retrieved passage, as instant results show it. */
export const AiPassageSchema = Type.Object({
  articleId: IdSchema,
  title: Type.String(),
  poster: Type.Union([Type.String(), Type.Null()]),
  publisher: PublisherRefSchema,
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  language: Type.String(),
  field: LiteralUnion(AI_PASSAGE_FIELDS, { description: 'Where the words were found' }),
  startSecond: Type.Number({ minimum: 0 }),
  endSecond: Type.Number({ minimum: 0 }),
  text: Type.String(),
  score: Type.Number({ description: 'Fused rank score (higher is better); only comparable within one response' }),
});
export type AiPassage = Static<typeof AiPassageSchema>;

export const AiInstantResponseSchema = Type.Object({
  query: Type.String(),
  items: Type.Array(AiPassageSchema, { maxItems: AI_INSTANT_LIMIT }),
  timingMs: Type.Number(),
});
export type AiInstantResponse = Static<typeof AiInstantResponseSchema>;

export const AiFallbackSchema = Type.Object({
  code: Type.Literal('AI_PROVIDER_UNAVAILABLE'),
  message: Type.String({ description: 'What happened to the configured provider; the built-in answerer answered instead' }),
  provider: Type.String({ description: 'The provider that failed' }),
});
export type AiFallback = Static<typeof AiFallbackSchema>;

/** A stored AI result; GET /v1/ai/results/{id} gives it back, so it can be shared by link. */
export const AiResultSchema = Type.Object({
  id: IdSchema,
  type: LiteralUnion(AI_RESULT_TYPES),
  query: Type.String({ description: 'The question or prompt (for summaries and translations, what was asked of the article)' }),
  filters: Type.Object({
    regionIds: Type.Array(Type.Integer()),
    categoryIds: Type.Array(IdSchema),
    language: Type.Union([LanguageSchema, Type.Null()]),
  }),
  found: Type.Boolean({ description: `false: nothing relevant was retrieved, and the answer is "${AI_NOT_FOUND_TEXT}"` }),
  answer: Type.String({ description: 'The whole answer as text (the sentences joined)' }),
  sentences: Type.Array(AiAnswerSentenceSchema, { description: 'The answer sentence by sentence, each with its citations; empty when not found' }),
  clips: Type.Array(AiClipSchema, { description: 'For playlists: the clips in playing order; empty otherwise' }),
  extractive: Type.Boolean({ description: 'true: the answer is quoted from the passages by the built-in answerer, not written by a model' }),
  provider: Type.String({ description: `"${AI_BUILT_IN_PROVIDER}" or the configured model, e.g. "openai-compatible:gpt-4o-mini"` }),
  fallback: Type.Union([AiFallbackSchema, Type.Null()], { description: 'Set when the configured provider failed and the built-in answerer took over' }),
  articleId: Type.Union([IdSchema, Type.Null()], { description: 'For summaries and translations: the article worked on' }),
  timingMs: Type.Number({ description: 'How long the result took to make, in milliseconds' }),
  createdAt: Type.String({ format: 'date-time' }),
  articles: Type.Optional(Type.Array(ArticleSummarySchema, { description: 'With articles=true: the cited articles (public ones), in order of first citation' })),
});
export type AiResult = Static<typeof AiResultSchema>;

export const AiResultQuerySchema = Type.Object({
  articles: Type.Optional(Type.Boolean({ description: 'Inline the cited articles' })),
});
export type AiResultQuery = Static<typeof AiResultQuerySchema>;

export const AiResultsQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  type: Type.Optional(LiteralUnion(AI_RESULT_TYPES, { description: 'Only results of this type' })),
  q: Type.Optional(Type.String({ maxLength: AI_QUERY_MAX_LENGTH, description: 'Only results whose query contains these words' })),
  provider: Type.Optional(Type.String({ maxLength: 200, description: 'Only results made by this provider' })),
  found: Type.Optional(Type.Boolean({ description: 'Only found (true) or not-found (false) results' })),
  articleId: Type.Optional(IdSchema),
});
export type AiResultsQuery = Static<typeof AiResultsQuerySchema>;

export const AiResultListSchema = ListSchema(AiResultSchema);
export type AiResultList = Static<typeof AiResultListSchema>;

/**
 * The streamed answer: POST /v1/ai/ask (or /v1/ai/playlist) with `Accept: text/event-stream`
 * answers with server-sent events, each `event: <name>` and `data: <JSON>`:
 * - `start` once: which provider answers, and whether the answer is extractive;
 * - `delta` any number of times: the next words of the answer as the provider writes them
 *   (the text of the final sentences may differ: citations not among the passages are dropped);
 * - then exactly one of `result` (the stored AiResult, as GET /v1/ai/results/{id} gives it) or
 *   `error` (the API's error shape; e.g. 400 for a bad body, 503 when the database is down).
 */
export const AI_STREAM_EVENTS = ['start', 'delta', 'result', 'error'] as const;
export type AiStreamEventName = (typeof AI_STREAM_EVENTS)[number];
export const AiStreamStartSchema = Type.Object({ provider: Type.String(), extractive: Type.Boolean() });
export const AiStreamDeltaSchema = Type.Object({ text: Type.String() });
export type AiStreamEvent =
  | { event: 'start'; data: Static<typeof AiStreamStartSchema> }
  | { event: 'delta'; data: Static<typeof AiStreamDeltaSchema> }
  | { event: 'result'; data: AiResult }
  | { event: 'error'; data: ErrorResponse };
