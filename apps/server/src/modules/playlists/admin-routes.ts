import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminPlaylistCreateBodySchema,
  AdminPlaylistListQuerySchema,
  AdminPlaylistListSchema,
  AdminPlaylistSchema,
  AdminPlaylistUpdateBodySchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { publicAnswers } from '../../http/response-cache';
import { auditActorOf } from '../audit/audit-log';
import { orderedArticleRoutes } from './ordered-article-routes';
import { createPlaylistAdminService } from './playlist-admin-service';

const Deleted = Type.Null({ description: 'Deleted' });

/** The public reads a playlist shows in: the playlist and its article list. */
export const READS_OF_PLAYLISTS = ['/v1/playlists', '/v1/articles/playlist'];

/**
 * Playlists and their articles in the admin console (SPEC §7 Admin), for moderators and
 * superusers (access table). Every write is in the audit log. After a change this process forgets
 * its public playlist answers, so the public reads show it at once; other processes' copies expire
 * by themselves (docs/architecture.md, "Caching").
 */
export const adminPlaylistRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const answers = publicAnswers(deps.database.db);
  const playlists = createPlaylistAdminService({ db: deps.database.db, changed: () => answers.forget(...READS_OF_PLAYLISTS) });
  const tags = ['admin playlists'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/playlists',
    {
      schema: {
        operationId: 'adminListPlaylists',
        summary: 'Playlists, with how many articles each holds',
        description: '`q` matches part of the name, external id or description (any case). Sorted by `sort` (default name) and `order` (default asc).',
        tags,
        querystring: AdminPlaylistListQuerySchema,
        response: { 200: AdminPlaylistListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await playlists.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/playlists',
    {
      schema: {
        operationId: 'adminCreatePlaylist',
        summary: 'A new, empty playlist',
        description: '201: created, and shown by GET /v1/playlists/{id} at once. 409: the external id is taken. 400: a field is missing or malformed (the message names it).',
        tags,
        body: AdminPlaylistCreateBodySchema,
        response: { 201: AdminPlaylistSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await playlists.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/playlists/:id',
    {
      schema: {
        operationId: 'adminGetPlaylist',
        summary: 'One playlist, with how many articles it holds',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminPlaylistSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => playlists.get(request.params.id),
  );

  app.put(
    '/v1/admin/playlists/:id',
    {
      schema: {
        operationId: 'adminUpdatePlaylist',
        summary: 'Change a playlist’s external id, name or description',
        description: 'Fields left out stay as they are. 409: the external id is taken. 404: no such playlist.',
        tags,
        params: IdParamsSchema,
        body: AdminPlaylistUpdateBodySchema,
        response: { 200: AdminPlaylistSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => playlists.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/playlists/:id',
    {
      schema: {
        operationId: 'adminDeletePlaylist',
        summary: 'Delete a playlist',
        description: '204: deleted with its list of articles (the articles themselves stay). 404: no such playlist.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await playlists.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  await app.register(orderedArticleRoutes, {
    base: '/v1/admin/playlists',
    noun: 'playlist',
    operation: 'Playlist',
    publicReads: 'GET /v1/playlists/{id} and GET /v1/articles/playlist/{id}',
    tags,
    articles: playlists.articles,
  });
};
