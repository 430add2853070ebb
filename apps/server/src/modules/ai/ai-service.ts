import {
  AI_INSTANT_LIMIT,
  AI_NOT_FOUND_TEXT,
  type AiAnswerSentence,
  type AiClip,
  type AiFallback,
  type AiInstantResponse,
  type AiResult,
  type AiResultsQuery,
  type AiResultType,
  type ArticleSummary,
  type List,
} from '@newsreel/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import { embedderOf } from './embeddings';
import { AiProviderUnavailableError, type AiProvider, type AiProviders, type AiSettings, type RetrievedPassage } from './providers/ai-provider';
import { createRetrieval, type RetrievalFilters } from './retrieval';

/** Passages an answer may cite, at most (the relevant ones, best first). */
export const ASK_PASSAGES = 8;
/** Passages a playlist is chosen from, at most. */
export const PLAYLIST_PASSAGES = 24;
/** A clip runs at least this long, so a cited line is heard with what leads into it and follows it. */
const CLIP_MIN_SECONDS = 20;

export interface AiRequest extends RetrievalFilters {
  query: string;
}

export interface AiStreamHooks {
  onStart?: (start: { provider: string; extractive: boolean }) => void;
  onDelta?: (text: string) => void;
}

type ResultRow = Selectable<Database['ai_results']>;

export function toAiResult(row: ResultRow): AiResult {
  return {
    id: row.id,
    type: row.type,
    query: row.query,
    filters: row.filters,
    found: row.found,
    answer: row.answer,
    sentences: row.sentences as AiAnswerSentence[],
    clips: row.clips as AiClip[],
    extractive: row.extractive,
    provider: row.provider,
    fallback: row.fallback,
    articleId: row.article_id,
    timingMs: row.timing_ms,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

interface Dependencies {
  db: Kysely<Database>;
  providers: AiProviders;
  /** AI_EMBEDDING_MODEL and AI_EMBEDDING_MIN_SIMILARITY. */
  embedding: Pick<AiSettings, 'embeddingModel' | 'embeddingMinSimilarity'>;
  articlesByIds: (ids: string[]) => Promise<ArticleSummary[]>;
  log?: { warn: (object: object, message: string) => void };
}

/**
 * AI search (docs/architecture.md, "AI search"): retrieval, then the provider, then grounding —
 * only citations of the passages given survive, and a sentence left without one is dropped —
 * then the result is stored, so it can be shared by its id.
 */
export function createAiService({ db, providers, embedding, articlesByIds, log }: Dependencies) {
  const retrieval = createRetrieval(db);
  const embedder = embedderOf(providers, embedding);

  async function retrieve(request: AiRequest, limit: number, prefix = false) {
    try {
      return await retrieval.retrieve(request.query, request, limit, embedder, prefix);
    } catch (error) {
      if (!(error instanceof AiProviderUnavailableError) || !embedder) throw error;
      // The embeddings are one ranking of three: without them, full text still answers.
      log?.warn({ err: error }, 'AI search: embeddings unavailable, ranking by full text only');
      return retrieval.retrieve(request.query, request, limit, undefined, prefix);
    }
  }

  /** Runs `work` with the configured provider; when it is down, with the built-in one, saying so. */
  async function withFallback<T>(work: (provider: AiProvider) => Promise<T>, hooks: AiStreamHooks) {
    const { primary, builtIn } = providers;
    hooks.onStart?.({ provider: primary.name, extractive: primary.extractive });
    try {
      return { provider: primary, fallback: null, value: await work(primary) };
    } catch (error) {
      if (!(error instanceof AiProviderUnavailableError) || primary === builtIn) throw error;
      log?.warn({ err: error }, 'AI provider unavailable; the built-in answerer answers');
      const fallback: AiFallback = { code: 'AI_PROVIDER_UNAVAILABLE', message: `${error.message}; the built-in extractive answerer answered instead.`, provider: primary.name };
      hooks.onStart?.({ provider: builtIn.name, extractive: builtIn.extractive });
      return { provider: builtIn, fallback, value: await work(builtIn) };
    }
  }

  async function store(values: {
    type: AiResultType;
    request: AiRequest;
    found: boolean;
    answer: string;
    sentences: AiAnswerSentence[];
    clips: AiClip[];
    provider: AiProvider;
    fallback: AiFallback | null;
    started: number;
  }): Promise<AiResult> {
    const row = await db
      .insertInto('ai_results')
      .values({
        type: values.type,
        query: values.request.query,
        filters: JSON.stringify({
          regionIds: values.request.regionIds ?? [],
          categoryIds: values.request.categoryIds ?? [],
          language: values.request.language ?? null,
        }),
        found: values.found,
        answer: values.answer,
        sentences: JSON.stringify(values.sentences),
        clips: JSON.stringify(values.clips),
        extractive: values.provider.extractive,
        provider: values.provider.name,
        fallback: values.fallback ? JSON.stringify(values.fallback) : null,
        timing_ms: Math.round(performance.now() - values.started),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toAiResult(row);
  }

  const citationOf = (passage: RetrievedPassage) => ({
    articleId: passage.articleId,
    startSecond: passage.startSecond,
    endSecond: passage.endSecond,
    quote: passage.text,
  });

  return {
    async ask(request: AiRequest, hooks: AiStreamHooks = {}): Promise<AiResult> {
      const started = performance.now();
      const passages = (await retrieve(request, ASK_PASSAGES * 2)).relevant.slice(0, ASK_PASSAGES);
      const { provider, fallback, value } = await withFallback(
        (provider) => (passages.length === 0 ? Promise.resolve({ found: false, sentences: [] }) : provider.answer(request.query, passages, { onDelta: hooks.onDelta })),
        hooks,
      );
      // Grounding: a citation must name one of the passages given; a sentence must keep one.
      const sentences: AiAnswerSentence[] = value.found
        ? value.sentences.flatMap((sentence) => {
            const citations = sentence.cites.flatMap((n) => (Number.isInteger(n) && n >= 1 && n <= passages.length ? [citationOf(passages[n - 1]!)] : []));
            return citations.length > 0 && sentence.text.trim() ? [{ text: sentence.text.trim(), citations }] : [];
          })
        : [];
      const found = sentences.length > 0;
      const answer = found ? sentences.map((sentence) => sentence.text).join(' ') : AI_NOT_FOUND_TEXT;
      return store({ type: 'ask', request, found, answer, sentences, clips: [], provider, fallback, started });
    },

    async playlist(request: AiRequest, hooks: AiStreamHooks = {}): Promise<AiResult> {
      const started = performance.now();
      const passages = (await retrieve(request, PLAYLIST_PASSAGES * 2)).relevant.slice(0, PLAYLIST_PASSAGES);
      const { provider, fallback, value } = await withFallback(
        (provider) => (passages.length === 0 ? Promise.resolve([]) : provider.playlist(request.query, passages, { onDelta: hooks.onDelta })),
        hooks,
      );
      const seen = new Set<string>();
      const clips: AiClip[] = value.flatMap((clip) => {
        const passage = Number.isInteger(clip.passage) ? passages[clip.passage - 1] : undefined;
        if (!passage) return [];
        const key = `${passage.articleId}:${passage.startSecond}`;
        if (seen.has(key)) return [];
        seen.add(key);
        const startSecond = passage.field === 'transcript' ? passage.startSecond : 0;
        const endSecond = Math.max(passage.endSecond, startSecond + CLIP_MIN_SECONDS);
        return [{ articleId: passage.articleId, startSecond, endSecond, reason: clip.reason.trim() || passage.text }];
      });
      const found = clips.length > 0;
      const titles = new Map(passages.map((passage) => [passage.articleId, passage.title]));
      const answer = found ? clips.map((clip) => titles.get(clip.articleId)).join(' · ') : AI_NOT_FOUND_TEXT;
      return store({ type: 'playlist', request, found, answer, sentences: [], clips, provider, fallback, started });
    },

    /** As the reader types: the best passage of each of the best articles; nothing is stored. */
    async instant(request: AiRequest): Promise<AiInstantResponse> {
      const started = performance.now();
      const { relevant } = await retrieval.retrieve(request.query, request, AI_INSTANT_LIMIT * 2, undefined, true);
      const seen = new Set<string>();
      const items = relevant.flatMap((passage) => {
        if (seen.has(passage.articleId) || seen.size >= AI_INSTANT_LIMIT) return [];
        seen.add(passage.articleId);
        const { coverage: _coverage, position: _position, ...shown } = passage;
        return [shown];
      });
      return { query: request.query, items, timingMs: Math.round(performance.now() - started) };
    },

    async result(id: string, withArticles: boolean): Promise<AiResult | undefined> {
      const row = await db.selectFrom('ai_results').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const result = toAiResult(row);
      if (!withArticles) return result;
      const ids = [
        ...new Set([
          ...result.sentences.flatMap((sentence) => sentence.citations.map((citation) => citation.articleId)),
          ...result.clips.map((clip) => clip.articleId),
          ...(result.articleId ? [result.articleId] : []),
        ]),
      ];
      return { ...result, articles: await articlesByIds(ids) };
    },

    async results(query: AiResultsQuery, page: { page: number; limit: number; offset: number }): Promise<List<AiResult>> {
      let select = db.selectFrom('ai_results');
      if (query.type) select = select.where('type', '=', query.type);
      if (query.provider) select = select.where('provider', '=', query.provider);
      if (query.found !== undefined) select = select.where('found', '=', query.found);
      if (query.articleId) select = select.where('article_id', '=', query.articleId);
      if (query.q?.trim()) select = select.where(sql<boolean>`position(lower(${query.q.trim()}) in lower(query)) > 0`);
      const [rows, count] = await Promise.all([
        select.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
        select.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toAiResult), total: Number(count.total), page: page.page, limit: page.limit };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
