import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminPublisherCreateBodySchema,
  AdminPublisherListQuerySchema,
  AdminPublisherListSchema,
  AdminPublisherSchema,
  AdminPublisherUpdateBodySchema,
  AdminPublisherUserBodySchema,
  AdminPublisherUserListQuerySchema,
  AdminPublisherUserListSchema,
  AdminPublisherUserUpdateBodySchema,
  IdParamsSchema,
  MemberUserSchema,
  PublisherUserParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { publicAnswers } from '../../http/response-cache';
import { READS_OF_ARTICLES } from '../articles/article-caches';
import { auditActorOf } from '../audit/audit-log';
import { createPublisherAdminService } from './publisher-admin-service';

const Deleted = Type.Null({ description: 'Deleted' });

/**
 * Publishers and their users in the admin console (SPEC §7 Admin), for superusers only (access
 * table). Every write is in the audit log. After a change of a publisher this process forgets its
 * public article, search, story, playlist and publisher answers, so the public reads show it at
 * once; other processes' copies expire by themselves (docs/architecture.md, "Caching").
 */
export const adminPublisherRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const answers = publicAnswers(deps.database.db);
  const publishers = createPublisherAdminService({ db: deps.database.db, media: deps.media, changed: () => answers.forget(...READS_OF_ARTICLES) });
  const tags = ['admin publishers'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/publishers',
    {
      schema: {
        operationId: 'adminListPublishers',
        summary: 'Publishers, with how many articles and users each has',
        description: '`q` matches part of the name, slug or website (any case); `inUse` keeps publishers with (true) or without (false) articles; `userId` keeps the publishers that user belongs to. Sorted by `sort` (default name) and `order` (default asc).',
        tags,
        querystring: AdminPublisherListQuerySchema,
        response: { 200: AdminPublisherListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await publishers.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/publishers',
    {
      schema: {
        operationId: 'adminCreatePublisher',
        summary: 'A new publisher',
        description: '201: created, and shown by GET /v1/publishers at once; add its users with POST /v1/admin/publishers/{id}/users. 409: the slug is taken. 400: a field is missing or malformed, or a branding colour is not a colour (the message names it).',
        tags,
        body: AdminPublisherCreateBodySchema,
        response: { 201: AdminPublisherSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await publishers.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/publishers/:id',
    {
      schema: {
        operationId: 'adminGetPublisher',
        summary: 'One publisher, with how many articles and users it has',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminPublisherSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => publishers.get(request.params.id),
  );

  app.put(
    '/v1/admin/publishers/:id',
    {
      schema: {
        operationId: 'adminUpdatePublisher',
        summary: 'Change a publisher’s fields or branding',
        description: 'Fields left out stay as they are; `branding` replaces the whole set; `website` or `logoUrl` null clears it. Its articles show the new name at once. 409: the slug is taken. 404: no such publisher.',
        tags,
        params: IdParamsSchema,
        body: AdminPublisherUpdateBodySchema,
        response: { 200: AdminPublisherSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => publishers.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/publishers/:id',
    {
      schema: {
        operationId: 'adminDeletePublisher',
        summary: 'Delete a publisher that has nothing left',
        description: '204: deleted. 409: it still has articles, publisher users or poll targets; the message says how many of each. 404: no such publisher.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await publishers.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ── Publisher users (SPEC §3 "publisher users: email, role") ──

  app.get(
    '/v1/admin/publishers/:id/users',
    {
      schema: {
        operationId: 'adminListPublisherUsers',
        summary: 'A publisher’s users and their account roles',
        description: '`q` matches part of the email address or name; `role` keeps admins (0) or members (1). Sorted by `sort` (default role: admins first), then email. 404: no such publisher.',
        tags,
        params: IdParamsSchema,
        querystring: AdminPublisherUserListQuerySchema,
        response: { 200: AdminPublisherUserListSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await publishers.users(request.params.id, request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/publishers/:id/users',
    {
      schema: {
        operationId: 'adminAddPublisherUser',
        summary: 'Make an account a user of the publisher',
        description: 'The account is found by its email address (any case). Role 0 admin: the publisher’s users and settings; 1 member: its articles. A user without an active publisher acts for this one. 404: no such publisher, or no account with that email (the message names it). 409: already a user of the publisher.',
        tags,
        params: IdParamsSchema,
        body: AdminPublisherUserBodySchema,
        response: { 201: MemberUserSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await publishers.addUser(auditActorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/v1/admin/publishers/:id/users/:userId',
    {
      schema: {
        operationId: 'adminSetPublisherUserRole',
        summary: 'Change a publisher user’s role',
        description: '404: no such publisher, or the user is not one of its users.',
        tags,
        params: PublisherUserParamsSchema,
        body: AdminPublisherUserUpdateBodySchema,
        response: { 200: MemberUserSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => publishers.setUserRole(auditActorOf(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/v1/admin/publishers/:id/users/:userId',
    {
      schema: {
        operationId: 'adminRemovePublisherUser',
        summary: 'Remove a user from the publisher',
        description: '204: removed; their account stays. If they were acting for this publisher, they now act for another of theirs, or none. 404: no such publisher, or the user is not one of its users.',
        tags,
        params: PublisherUserParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await publishers.removeUser(auditActorOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
