import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CategorySchema, IdParamsSchema, ListSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { PUBLIC_SHORT_CACHE } from '../../http/query';

export const categoryRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { categories } = deps.content;
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
