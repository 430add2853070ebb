import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminStoryCreateBodySchema,
  AdminStoryListQuerySchema,
  AdminStoryListSchema,
  AdminStorySchema,
  AdminStoryUpdateBodySchema,
  IdParamsSchema,
  StoryCachePurgeSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { orderedArticleRoutes } from '../playlists/ordered-article-routes';
import { createStoryAdminService } from './story-admin-service';
import { purgeStoryCaches } from './story-caches';

const Deleted = Type.Null({ description: 'Deleted' });

/**
 * Stories and their articles in the admin console (SPEC §7 Admin), for moderators and superusers
 * (access table). Every write is in the audit log. After a change this process forgets its public
 * story and search answers, so the public reads show it at once; other processes' copies expire by
 * themselves (docs/architecture.md, "Caching").
 *
 * Story assets: the poster (poster_url), set by POST and PUT, and images and videos uploaded under
 * /v1/admin/stories/{id}/assets (story-asset-routes.ts).
 */
export const adminStoryRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const stories = createStoryAdminService({ db: deps.database.db, media: deps.media, purge: () => purgeStoryCaches(deps.database.db) });
  const tags = ['admin stories'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/stories',
    {
      schema: {
        operationId: 'adminListStories',
        summary: 'Stories, published and still to come, with how many articles each holds',
        description:
          '`q` matches part of the title, slug or description (any case); `published` keeps the stories readers see now (true) or those still to come (false). Sorted by `sort` (default publishedAt) and `order` (default desc).',
        tags,
        querystring: AdminStoryListQuerySchema,
        response: { 200: AdminStoryListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await stories.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/stories',
    {
      schema: {
        operationId: 'adminCreateStory',
        summary: 'A new, empty story',
        description:
          '201: created; GET /v1/stories shows it at once from its `publishedAt` (default now). `poster` is the story’s poster image, its one asset. 409: the slug is taken. 400: a field is missing or malformed (the message names it).',
        tags,
        body: AdminStoryCreateBodySchema,
        response: { 201: AdminStorySchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await stories.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/stories/:id',
    {
      schema: {
        operationId: 'adminGetStory',
        summary: 'One story, published or still to come, with how many articles it holds',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminStorySchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => stories.get(request.params.id),
  );

  app.put(
    '/v1/admin/stories/:id',
    {
      schema: {
        operationId: 'adminUpdateStory',
        summary: 'Change a story’s slug, title, description, poster or publishing time',
        description: 'Fields left out stay as they are; `poster: null` takes the poster away. The public reads show the change at once. 409: the slug is taken. 404: no such story.',
        tags,
        params: IdParamsSchema,
        body: AdminStoryUpdateBodySchema,
        response: { 200: AdminStorySchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => stories.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/stories/:id',
    {
      schema: {
        operationId: 'adminDeleteStory',
        summary: 'Delete a story',
        description: '204: deleted with its list of articles and its media assets (the articles themselves stay). 404: no such story.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await stories.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/admin/stories/:id/cache',
    {
      schema: {
        operationId: 'adminPurgeStoryCache',
        summary: 'Purge a story’s cached public answers',
        description:
          'Forgets the public answers that may show the story (the stories list, the story, its articles, and search) in this server process. Other server processes forget theirs within 10 s by themselves; browsers and CDNs revalidate after their 30 s max-age. Recorded in the audit log. 404: no such story.',
        tags,
        params: IdParamsSchema,
        response: { 200: StoryCachePurgeSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({ storyId: request.params.id, purged: await stories.purgeCache(auditActorOf(request), request.params.id) }),
  );

  await app.register(orderedArticleRoutes, {
    base: '/v1/admin/stories',
    noun: 'story',
    operation: 'Story',
    publicReads: 'GET /v1/stories/{id} and GET /v1/stories/{id}/articles',
    tags,
    articles: stories.articles,
  });
};
