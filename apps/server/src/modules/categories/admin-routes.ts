import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminCategoryCreateBodySchema,
  AdminCategoryListQuerySchema,
  AdminCategoryListSchema,
  AdminCategorySchema,
  AdminCategoryUpdateBodySchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { publicAnswers } from '../../http/response-cache';
import { READS_OF_ARTICLES } from '../articles/article-caches';
import { auditActorOf } from '../audit/audit-log';
import { createCategoryAdminService } from './category-admin-service';

const Deleted = Type.Null({ description: 'Deleted' });

/**
 * Categories in the admin console (SPEC §7 Admin), for moderators and superusers (access table).
 * Every write is in the audit log. After a change this process forgets its public article, search,
 * story and playlist answers, so the public reads show it at once; other processes' copies expire
 * by themselves (docs/architecture.md, "Caching").
 */
export const adminCategoryRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const answers = publicAnswers(deps.database.db);
  const categories = createCategoryAdminService({
    db: deps.database.db,
    changed: () => answers.forget(...READS_OF_ARTICLES),
  });
  const tags = ['admin categories'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/categories',
    {
      schema: {
        operationId: 'adminListCategories',
        summary: 'Categories, with how many articles each has',
        description: '`q` matches part of the name, slug or description (any case); `inUse` keeps categories with (true) or without (false) articles. Sorted by `sort` (default name) and `order` (default asc).',
        tags,
        querystring: AdminCategoryListQuerySchema,
        response: { 200: AdminCategoryListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await categories.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/categories',
    {
      schema: {
        operationId: 'adminCreateCategory',
        summary: 'A new category',
        description: '201: created, and shown by GET /v1/categories at once. 409: the slug is taken. 400: a field is missing or malformed (the message names it).',
        tags,
        body: AdminCategoryCreateBodySchema,
        response: { 201: AdminCategorySchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await categories.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/categories/:id',
    {
      schema: {
        operationId: 'adminGetCategory',
        summary: 'One category, with how many articles it has',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminCategorySchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => categories.get(request.params.id),
  );

  app.put(
    '/v1/admin/categories/:id',
    {
      schema: {
        operationId: 'adminUpdateCategory',
        summary: 'Change a category’s slug, name or description',
        description: 'Fields left out stay as they are. The articles in it show the new name at once. 409: the slug is taken. 404: no such category.',
        tags,
        params: IdParamsSchema,
        body: AdminCategoryUpdateBodySchema,
        response: { 200: AdminCategorySchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => categories.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/categories/:id',
    {
      schema: {
        operationId: 'adminDeleteCategory',
        summary: 'Delete a category nothing uses',
        description: '204: deleted (readers’ scores for it go with it). 409: articles or poll targets name it; the message says how many of each. 404: no such category.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await categories.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
