import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AI_NOT_FOUND_TEXT,
  AiAskBodySchema,
  AiInstantBodySchema,
  AiInstantResponseSchema,
  AiPlaylistBodySchema,
  AiResultListSchema,
  AiResultQuerySchema,
  AiResultSchema,
  AiResultsQuerySchema,
  apiPaths,
  IdParamsSchema,
  type AiResult,
  type AiStreamEvent,
} from '@newsreel/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { errorResponses, HttpError, notFound } from '../../http/errors';
import { pageOf } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { createAiService, type AiRequest, type AiStreamHooks } from './ai-service';
import { registerEmbeddingJobs } from './embedding-jobs';
import { embedderOf } from './embeddings';
import { aiProvidersOf } from './providers/ai-provider';

const STREAM_NOTE =
  'With `Accept: text/event-stream` the answer is streamed as server-sent events: `start` ({provider, extractive}), `delta` ({text}) as the provider writes, then `result` (the stored result) or `error` (the error shape).';

const GROUNDING =
  `Grounded in retrieved passages only: every sentence cites an article and the seconds where it is said, citations that are not among the passages are dropped, and when nothing relevant is retrieved the answer is "${AI_NOT_FOUND_TEXT}" (found: false). ` +
  'When the configured provider is down (timeouts and retries spent), the built-in extractive answerer answers and `fallback` says so. The result is stored and can be read again at GET /v1/ai/results/{id}.';

const wantsStream = (request: FastifyRequest) => (request.headers.accept ?? '').includes('text/event-stream');

/** One server-sent event. */
const event = (message: AiStreamEvent) => `event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`;

/**
 * Streams `make` as server-sent events (AiStreamEvent): the reply is taken over from Fastify, so
 * a failure after the first event is sent as an `error` event, not as a status.
 */
async function streamed(request: FastifyRequest, reply: FastifyReply, make: (hooks: AiStreamHooks) => Promise<AiResult>) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    connection: 'keep-alive',
  });
  const send = (message: AiStreamEvent) => {
    if (!raw.destroyed) raw.write(event(message));
  };
  try {
    const result = await make({
      onStart: (data) => send({ event: 'start', data }),
      onDelta: (text) => send({ event: 'delta', data: { text } }),
    });
    send({ event: 'result', data: result });
  } catch (error) {
    request.log.error({ err: error }, 'AI answer failed');
    const statusCode = error instanceof HttpError ? error.statusCode : 503;
    send({
      event: 'error',
      data: { statusCode, error: statusCode === 503 ? 'Service Unavailable' : 'Error', message: 'The answer could not be made right now; try again in a moment.' },
    });
  }
  raw.end();
}

const requestOf = (body: { regionIds?: number[]; categoryIds?: string[]; language?: string }, query: string): AiRequest => ({
  query: query.trim(),
  regionIds: body.regionIds,
  categoryIds: body.categoryIds,
  language: body.language,
});

/** AI search (SPEC §7 "AI"; docs/architecture.md, "AI search"). Public: anyone may ask. */
export const aiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const providers = aiProvidersOf(deps.config);
  registerEmbeddingJobs(deps.jobs, deps.database.db, embedderOf(providers, deps.config.ai));
  const service = createAiService({
    db: deps.database.db,
    providers,
    embedding: deps.config.ai,
    articlesByIds: (ids) => deps.content.articles.byIds(ids),
    log: app.log,
  });

  app.post(
    apiPaths.aiAsk,
    {
      config: rateLimit('aiAsk'),
      schema: {
        operationId: 'aiAsk',
        summary: 'Ask a question of the news; the answer cites the videos at the second',
        description: `${GROUNDING} ${STREAM_NOTE}`,
        tags: ['ai'],
        body: AiAskBodySchema,
        response: { 200: AiResultSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const ask = (hooks: AiStreamHooks) => service.ask(requestOf(request.body, request.body.query), hooks);
      if (wantsStream(request)) return streamed(request, reply, ask);
      return reply.header('cache-control', 'no-store').send(await ask({}));
    },
  );

  app.post(
    apiPaths.aiPlaylist,
    {
      config: rateLimit('aiAsk'),
      schema: {
        operationId: 'aiPlaylist',
        summary: 'An AI playlist: clips that together cover a prompt, in playing order',
        description: `Each clip is an article with the start and end second to play and why it is there, chosen from retrieved passages only. ${GROUNDING} ${STREAM_NOTE}`,
        tags: ['ai'],
        body: AiPlaylistBodySchema,
        response: { 200: AiResultSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      const make = (hooks: AiStreamHooks) => service.playlist(requestOf(request.body, request.body.prompt), hooks);
      if (wantsStream(request)) return streamed(request, reply, make);
      return reply.header('cache-control', 'no-store').send(await make({}));
    },
  );

  app.post(
    apiPaths.aiInstant,
    {
      config: rateLimit('aiInstant'),
      schema: {
        operationId: 'aiInstant',
        summary: 'Instant results as the reader types',
        description:
          'The best passage of each of the best articles for what has been typed so far (the last word may be unfinished), with where it is said. Only relevant passages; nothing is stored. Fast enough for every keystroke.',
        tags: ['ai'],
        body: AiInstantBodySchema,
        response: { 200: AiInstantResponseSchema, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.instant(requestOf(request.body, request.body.query))),
  );

  app.get(
    apiPaths.aiResults,
    {
      schema: {
        operationId: 'aiResults',
        summary: 'Stored AI results, newest first',
        description: 'Every answer, playlist, summary and translation the AI made, with its query, citations, provider and timing; filter by type, words of the query, provider, found, or article.',
        tags: ['ai'],
        querystring: AiResultsQuerySchema,
        response: { 200: AiResultListSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await service.results(request.query, pageOf(request.query))),
  );

  app.get(
    `${apiPaths.aiResults}/:id`,
    {
      schema: {
        operationId: 'aiResult',
        summary: 'One stored AI result (a shared link)',
        description: 'With articles=true the cited articles (those still public) are inlined, in order of first citation.',
        tags: ['ai'],
        params: IdParamsSchema,
        querystring: AiResultQuerySchema,
        response: { 200: AiResultSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const result = await service.result(request.params.id, request.query.articles === true);
      if (!result) throw notFound('No AI result has this id');
      // A result never changes once stored.
      return reply.header('cache-control', 'public, max-age=300').send(result);
    },
  );
};
