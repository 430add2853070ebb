import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArticleListResponseSchema, IdParamsSchema, ListSchema, PaginationQuerySchema, PublisherSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { PUBLIC_SHORT_CACHE, listOf, pageOf, sendJson } from '../../http/query';

export const publisherRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { publishers, articles } = deps.content;
  app.get(
    '/v1/publishers',
    {
      schema: {
        operationId: 'listPublishers',
        summary: 'Every publisher, by name, with branding',
        tags: ['publishers'],
        response: { 200: ListSchema(PublisherSchema), ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      const items = await publishers.list();
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .send({ items, page: 1, limit: Math.max(items.length, 1), total: items.length });
    },
  );
  app.get(
    '/v1/publishers/:id',
    {
      schema: {
        operationId: 'getPublisher',
        summary: 'One publisher',
        tags: ['publishers'],
        params: IdParamsSchema,
        response: { 200: PublisherSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const publisher = await publishers.byId(request.params.id);
      if (!publisher) throw notFound('There is no publisher with that id.');
      return reply.header('cache-control', PUBLIC_SHORT_CACHE).send(publisher);
    },
  );
  app.get(
    '/v1/publishers/:id/articles',
    {
      schema: {
        operationId: 'listPublisherArticles',
        summary: "A publisher's published articles, newest first",
        tags: ['publishers'],
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { 200: ArticleListResponseSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      if (!(await publishers.byId(request.params.id))) throw notFound('There is no publisher with that id.');
      const page = pageOf(request.query);
      const result = await articles.feed({ publisherId: request.params.id }, page);
      return sendJson(reply.header('cache-control', PUBLIC_SHORT_CACHE), listOf(result, page));
    },
  );
};
