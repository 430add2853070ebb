import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArticleListResponseSchema, IdParamsSchema, ListSchema, PaginationQuerySchema, StorySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { PUBLIC_SHORT_CACHE, listOf, pageOf } from '../../http/query';

export const storyRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { stories, articles } = deps.content;
  app.get(
    '/v1/stories',
    {
      schema: {
        operationId: 'listStories',
        summary: 'Stories, newest first',
        description: 'A story is an ordered set of articles played in a row.',
        tags: ['stories'],
        querystring: PaginationQuerySchema,
        response: { 200: ListSchema(StorySchema), ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const result = await stories.list(page.offset, page.limit);
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .send(listOf(result, page));
    },
  );
  app.get(
    '/v1/stories/:id',
    {
      schema: {
        operationId: 'getStory',
        summary: 'One story',
        tags: ['stories'],
        params: IdParamsSchema,
        response: { 200: StorySchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const story = await stories.byId(request.params.id);
      if (!story) throw notFound('There is no story with that id.');
      return reply.header('cache-control', PUBLIC_SHORT_CACHE).send(story);
    },
  );
  app.get(
    '/v1/stories/:id/articles',
    {
      schema: {
        operationId: 'listStoryArticles',
        summary: "A story's articles, in story order",
        tags: ['stories'],
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { 200: ArticleListResponseSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      if (!(await stories.byId(request.params.id))) throw notFound('There is no story with that id.');
      const page = pageOf(request.query);
      const result = await articles.inOrderedList('story', request.params.id, page);
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .send(listOf(result, page));
    },
  );
};
