import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArticleListResponseSchema, IdParamsSchema, ListSchema, PaginationQuerySchema, StorySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { listOf, pageOf } from '../../http/query';
import { FRESHNESS, publicAnswers, RESOURCE_ANSWER_TTL_MS, RESOURCE_FRESHNESS } from '../../http/response-cache';

export const storyRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { stories, articles } = deps.content;
  const answers = publicAnswers(deps.database.db);
  app.get(
    '/v1/stories',
    {
      schema: {
        operationId: 'listStories',
        summary: 'Stories, newest first',
        description: `A story is an ordered set of articles played in a row. ${FRESHNESS}`,
        tags: ['stories'],
        querystring: PaginationQuerySchema,
        response: { 200: ListSchema(StorySchema), ...errorResponses(400, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const page = pageOf(request.query);
        return listOf(await stories.list(page.offset, page.limit), page);
      }),
  );
  app.get(
    '/v1/stories/:id',
    {
      schema: {
        operationId: 'getStory',
        summary: 'One story',
        description: RESOURCE_FRESHNESS,
        tags: ['stories'],
        params: IdParamsSchema,
        response: { 200: StorySchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const story = await stories.byId(request.params.id);
        if (!story) throw notFound('There is no story with that id.');
        return story;
      }, { ttlMs: RESOURCE_ANSWER_TTL_MS }),
  );
  app.get(
    '/v1/stories/:id/articles',
    {
      schema: {
        operationId: 'listStoryArticles',
        summary: "A story's articles, in story order",
        description: FRESHNESS,
        tags: ['stories'],
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { 200: ArticleListResponseSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        if (!(await stories.byId(request.params.id))) throw notFound('There is no story with that id.');
        const page = pageOf(request.query);
        return listOf(await articles.inOrderedList('story', request.params.id, page), page);
      }),
  );
};
