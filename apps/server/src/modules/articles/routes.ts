import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleFeedQuerySchema,
  ArticleListResponseSchema,
  ArticleQuerySchema,
  ArticleSchema,
  IdParamsSchema,
  LIST_TOTAL_LOOKAHEAD,
  InteractionsResponseSchema,
  LoadArticlesQuerySchema,
  PaginationQuerySchema,
  PersonalFeedQuerySchema,
  RadarQuerySchema,
  REGIONS,
  ToggleBodySchema,
  TranscriptSchema,
  ViewBodySchema,
  VisitorQuerySchema,
  type Article,
  type ArticleFeedQuery,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { actorOf, optionalActorOf } from '../../http/access';
import { rateLimit } from '../../http/rate-limits';
import { errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE, PUBLIC_SHORT_CACHE, listOf, pageOf, parseIdList, parseIntegerList, sendJson } from '../../http/query';
import { FRESHNESS, publicAnswers, RESOURCE_ANSWER_TTL_MS, RESOURCE_FRESHNESS } from '../../http/response-cache';
import { InteractionKind, PERSONAL_FEED_CANDIDATES, type FeedFilters } from './article-repository';
import { personalFeedInput, personalFeedOf } from './personal-feed';
import { toWebVtt } from './webvtt';

/** The feed filters of a query string, with its comma-separated lists parsed and checked. */
function feedFiltersOf({ categoryIds, regionIds, page: _page, limit: _limit, ...rest }: ArticleFeedQuery): FeedFilters {
  return {
    ...rest,
    regionIds: parseIntegerList('regionIds', regionIds, 0, REGIONS.length - 1),
    categoryIds: parseIdList('categoryIds', categoryIds),
  };
}

const OkSchema = Type.Object({ ok: Type.Literal(true) });

/** How far a feed's `total` is counted (see LIST_TOTAL_LOOKAHEAD). */
const LOOKAHEAD_TOTAL = `\`total\` is exact when the list ends within ${LIST_TOTAL_LOOKAHEAD} articles after this page; otherwise it is \`offset + limit + ${LIST_TOTAL_LOOKAHEAD}\` and means "at least this many": keep asking for pages while \`page × limit < total\`. It is read with the page, so it costs little more than the page.`;

export const articleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { articles, interactions, categories } = deps.content;
  const answers = publicAnswers(deps.database.db);
  const tags = ['articles'];
  const listResponses = { 200: ArticleListResponseSchema, ...errorResponses(400, 503) };

  app.get(
    '/v1/articles',
    {
      schema: {
        operationId: 'listArticles',
        summary: 'Published articles, newest first',
        description:
          `Only active, published articles. Filters combine with AND; list filters match any of their values. ${LOOKAHEAD_TOTAL} ${FRESHNESS}`,
        tags,
        querystring: ArticleFeedQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await articles.feed(feedFiltersOf(request.query), page), page);
      }),
  );

  app.get(
    '/v1/articles/summary',
    {
      schema: {
        operationId: 'listArticleSummary',
        summary: 'A briefing: the newest article of each category',
        description: FRESHNESS,
        tags,
        querystring: ArticleFeedQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await articles.summary(feedFiltersOf(request.query), page), page);
      }),
  );

  app.get(
    '/v1/articles/breaking',
    {
      schema: {
        operationId: 'listBreakingArticles',
        summary: 'Breaking news, newest first',
        description: `${LOOKAHEAD_TOTAL} ${FRESHNESS}`,
        tags,
        querystring: ArticleFeedQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await articles.feed({ ...feedFiltersOf(request.query), breaking: true }, page), page);
      }),
  );

  app.get(
    '/v1/articles/trending',
    {
      schema: {
        operationId: 'listTrendingArticles',
        summary: 'Trending: most liked, saved and viewed in the last 48 hours',
        description: `Score = 3 × likes + 2 × saves + views, over interactions of the last 48 hours; ties go to the newer article. ${FRESHNESS} A like, save or view sent to a server shows in that server's answers at once, and in the others' within 1 s.`,
        tags,
        querystring: PaginationQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await articles.trending(page), page);
      }),
  );

  app.get(
    '/v1/articles/pulse',
    {
      schema: {
        operationId: 'listPulseArticles',
        summary: 'Pulse: what is being watched right now',
        description: `Articles with the most views in the last hour, most viewed first. Empty when nothing was watched in the last hour. ${FRESHNESS} A view sent to a server shows in that server's answers at once, and in the others' within 1 s.`,
        tags,
        querystring: PaginationQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await articles.pulse(page), page);
      }),
  );

  app.get(
    '/v1/articles/radar',
    {
      schema: {
        operationId: 'listRadarArticles',
        summary: 'Local news: articles located within a radius of a point, nearest first',
        description: `Each item carries \`distanceMeters\`. The radius defaults to the local radius, 50,000 m, and may be 1 to 1,000,000 m. Articles at the very same distance come in no particular order. ${LOOKAHEAD_TOTAL} ${FRESHNESS}`,
        tags,
        querystring: RadarQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        const { lat, lon, radius = 50_000 } = request.query;
        return listOf(await articles.radar(lat, lon, radius, page), page);
      }),
  );

  app.get(
    '/v1/articles/load',
    {
      schema: {
        operationId: 'loadArticles',
        summary: 'Articles by id, in the order asked',
        description: `Unknown and unpublished ids are left out. ${FRESHNESS}`,
        tags,
        querystring: LoadArticlesQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const ids = parseIdList('ids', request.query.ids);
        const items = await articles.byIds(ids);
        return { items, total: items.length, page: 1, limit: Math.max(ids.length, 1) };
      }),
  );

  app.get(
    '/v1/articles/user',
    {
      schema: {
        operationId: 'listPersonalArticles',
        summary: "The reader's own feed, by their interest in each category",
        description: `The newest ${PERSONAL_FEED_CANDIDATES.toLocaleString('en')} published articles in \`regionIds\` (the reader's regions; all regions when empty), leaving out the publishers and categories the reader blocked (settings blockedPublishers and blockedCategories), ordered by the reader's interest — the sum of their scores (\`/v1/scores/user\`) of the article's categories — then newest first. Without sign-in, \`visitorId\` names the reader. Personal: never cached.`,
        tags,
        querystring: PersonalFeedQuerySchema,
        response: listResponses,
      },
    },
    async (request, reply) => {
      const input = personalFeedInput(request.query);
      const feed = await personalFeedOf(deps.content, actorOf(request), input);
      return sendJson(reply.header('cache-control', PRIVATE_NO_STORE), feed);
    },
  );

  for (const [path, kind, operationId, summary] of [
    ['/v1/articles/viewed', InteractionKind.VIEW, 'listViewedArticles', 'Articles the reader has watched, latest first'],
    ['/v1/articles/saved', InteractionKind.SAVE, 'listSavedArticles', 'Articles the reader has saved, latest first'],
    ['/v1/articles/liked', InteractionKind.LIKE, 'listLikedArticles', 'Articles the reader has liked, latest first'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          operationId,
          summary,
          tags,
          querystring: Type.Object({ ...PaginationQuerySchema.properties, ...VisitorQuerySchema.properties }),
          response: listResponses,
        },
      },
      async (request, reply) => {
        const page = pageOf(request.query);
        const result = await articles.byInteraction(actorOf(request), kind, page);
        return sendJson(reply.header('cache-control', PRIVATE_NO_STORE), listOf(result, page));
      },
    );
  }

  app.get(
    '/v1/articles/interactions',
    {
      schema: {
        operationId: 'getArticleInteractions',
        summary: "Counts of likes, dislikes, saves and views, and the reader's own",
        tags,
        querystring: Type.Object({ ids: LoadArticlesQuerySchema.properties.ids, ...VisitorQuerySchema.properties }),
        response: { 200: InteractionsResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const ids = parseIdList('ids', request.query.ids);
      const actor = optionalActorOf(request);
      const items = await interactions.counts(ids, actor);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ items });
    },
  );

  app.get(
    '/v1/articles/category/:id',
    {
      schema: {
        operationId: 'listCategoryArticles',
        summary: 'Articles of a category, newest first',
        description: `${LOOKAHEAD_TOTAL} ${FRESHNESS}`,
        tags,
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { ...listResponses, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        if (!(await categories.byId(request.params.id))) throw notFound('There is no category with that id.');
        return listOf(await articles.feed({ categoryIds: [request.params.id] }, page), page);
      }),
  );

  app.get(
    '/v1/articles/playlist/:id',
    {
      schema: {
        operationId: 'listPlaylistArticles',
        summary: "A playlist's articles, in playlist order",
        description: FRESHNESS,
        tags,
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { ...listResponses, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        if (!(await deps.content.playlists.byId(request.params.id))) throw notFound('There is no playlist with that id.');
        return listOf(await articles.inOrderedList('playlist', request.params.id, page), page);
      }),
  );

  app.get(
    '/v1/articles/:id',
    {
      schema: {
        operationId: 'getArticle',
        summary: 'One published article with its media, and its transcript when asked',
        description: `With \`transcript=true\` the transcript is included, in \`language\` when it exists in it, else in the article’s own language. ${RESOURCE_FRESHNESS}`,
        tags,
        params: IdParamsSchema,
        querystring: ArticleQuerySchema,
        response: { 200: ArticleSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const { id } = request.params;
        // With its transcript, in the same query: one round trip for the article page.
        const article = await articles.articleOf(id, request.query.transcript ? { transcript: { language: request.query.language } } : {});
        if (!article) throw notFound('There is no published article with that id.');
        return article satisfies Article;
      }, { ttlMs: RESOURCE_ANSWER_TTL_MS }),
  );

  app.get(
    '/v1/articles/:id/transcript',
    {
      schema: {
        operationId: 'getArticleTranscript',
        summary: "An article's timed transcript, as JSON or WebVTT",
        description: 'JSON cues by default; WebVTT with `Accept: text/vtt` or `?format=vtt` (for a <track> element).',
        tags,
        params: IdParamsSchema,
        querystring: Type.Object({
          language: ArticleQuerySchema.properties.language,
          format: Type.Optional(Type.Enum(['json', 'vtt'])),
        }),
        response: {
          200: {
            description: 'JSON cues, or WebVTT',
            content: {
              'application/json': { schema: TranscriptSchema },
              'text/vtt': { schema: Type.String() },
            },
          },
          ...errorResponses(400, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if ((await articles.existingPublicIds([id])).size === 0) throw notFound('There is no published article with that id.');
      const transcript = await articles.transcript(id, request.query.language);
      if (!transcript) throw notFound('This article has no transcript.');
      reply.header('cache-control', PUBLIC_SHORT_CACHE).header('vary', 'accept').header('content-language', transcript.language);
      const wantsVtt = request.query.format === 'vtt' || (request.query.format === undefined && request.headers.accept?.includes('text/vtt'));
      if (wantsVtt) {
        return reply.type('text/vtt; charset=utf-8').serializer((payload) => String(payload)).send(toWebVtt(transcript.cues));
      }
      return reply.send(transcript);
    },
  );

  // The public lists that likes, saves and views change: forgotten at once after such a write.
  const SCORED_LISTS = ['/v1/articles/trending', '/v1/articles/pulse'];
  const toggles = [
    ['like', InteractionKind.LIKE, 'Like or unlike an article; liking removes a dislike'],
    ['dislike', InteractionKind.DISLIKE, 'Dislike an article or take it back; disliking removes a like'],
    ['save', InteractionKind.SAVE, 'Save an article for later, or unsave it'],
  ] as const;
  for (const [name, kind, summary] of toggles) {
    app.post(
      `/v1/articles/${name}`,
      {
        config: rateLimit('anonymousWrite'),
        schema: {
          operationId: `${name}Article`,
          summary,
          description: 'Idempotent: adding twice counts once. Without sign-in, `visitorId` names the reader.',
          tags,
          body: ToggleBodySchema,
          response: { 200: OkSchema, ...errorResponses(400, 404, 413, 503) },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const { articleId, action } = request.body;
        if ((await articles.existingPublicIds([articleId])).size === 0) throw notFound('There is no published article with that id.');
        await interactions.toggle(actor, [articleId], kind, action);
        answers.forget(...SCORED_LISTS);
        return reply.header('cache-control', PRIVATE_NO_STORE).send({ ok: true as const });
      },
    );
  }

  app.post(
    '/v1/articles/view',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'viewArticles',
        summary: 'Record (or forget) that the reader watched articles',
        description: 'Idempotent per reader and article. Without sign-in, `visitorId` names the reader.',
        tags,
        body: ViewBodySchema,
        response: { 200: OkSchema, ...errorResponses(400, 404, 413, 503) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const ids = [...new Set(request.body.articleIds.map((id) => id.toLowerCase()))];
      const existing = await articles.existingPublicIds(ids);
      const missing = ids.filter((id) => !existing.has(id));
      if (missing.length > 0) throw notFound(`There is no published article with id ${missing[0]}.`);
      await interactions.toggle(actor, ids, InteractionKind.VIEW, request.body.action);
      answers.forget(...SCORED_LISTS);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ ok: true as const });
    },
  );
};
