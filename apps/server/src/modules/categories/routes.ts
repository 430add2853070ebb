import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategorySchema, IdParamsSchema, ListSchema, UserCategorySchema, VisitorQuerySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/access';
import { errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE, PUBLIC_SHORT_CACHE } from '../../http/query';

export const categoryRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { categories, scores } = deps.content;
  app.get(
    '/v1/categories',
    {
      schema: {
        operationId: 'listCategories',
        summary: 'Every category, by name',
        tags: ['categories'],
        response: { 200: ListSchema(CategorySchema), ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      const items = await categories.list();
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .send({ items, page: 1, limit: Math.max(items.length, 1), total: items.length });
    },
  );
  app.get(
    '/v1/categories/user',
    {
      schema: {
        operationId: 'listUserCategories',
        summary: "Every category with the reader's score, most liked first",
        description: 'Each category carries the reader’s score (-100 to 100; 0 when they gave none), highest first, then by name. Without sign-in, `visitorId` names the reader. Personal: never cached.',
        tags: ['categories'],
        querystring: VisitorQuerySchema,
        response: { 200: ListSchema(UserCategorySchema), ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const items = await scores.categories(actorOf(request));
      return reply
        .header('cache-control', PRIVATE_NO_STORE)
        .send({ items, page: 1, limit: Math.max(items.length, 1), total: items.length });
    },
  );
  app.get(
    '/v1/categories/:id',
    {
      schema: {
        operationId: 'getCategory',
        summary: 'One category',
        tags: ['categories'],
        params: IdParamsSchema,
        response: { 200: CategorySchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const category = await categories.byId(request.params.id);
      if (!category) throw notFound('There is no category with that id.');
      return reply.header('cache-control', PUBLIC_SHORT_CACHE).send(category);
    },
  );
};
