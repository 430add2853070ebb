import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminUserConfigBodySchema,
  AdminUserDetailSchema,
  AdminUserListQuerySchema,
  AdminUserListSchema,
  AdminUserUpdateBodySchema,
  IdParamsSchema,
  ReaderSettingsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { createAdminUserService } from './admin-user-service';

const Deleted = Type.Null({ description: 'Deleted' });

/** Admin (/v1/admin, SPEC §7) over users' accounts: superusers only (http/access-table.ts). */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const accounts = createAdminUserService(deps.database.db);
  const tags = ['admin users'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/users',
    {
      schema: {
        operationId: 'adminListUsers',
        summary: 'Users, filtered, searched and sorted',
        description:
          '`q` matches part of the email address or the name (any case); `status` (0 inactive, 1 active, 2 suspended), `role` (admin role: 0 superuser, 1 moderator) and `subscriptionExempt` keep those users. Sorted by `sort` (default createdAt, newest first) and `order`, then by id.',
        tags,
        querystring: AdminUserListQuerySchema,
        response: { 200: AdminUserListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await accounts.list(request.query, page), page);
    },
  );

  app.get(
    '/v1/admin/users/:id',
    {
      schema: {
        operationId: 'adminGetUser',
        summary: 'A user: account, admin role, publishers, vendors, settings (subscription exemption included), live sessions and keys',
        description: '404: no such user.',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => accounts.detail(request.params.id),
  );

  app.put(
    '/v1/admin/users/:id',
    {
      schema: {
        operationId: 'adminUpdateUser',
        summary: 'Change a user’s status or name',
        description:
          'Fields left out stay as they are. Status 2 (suspended) or 0 (inactive) ends the user’s sessions at once: their access tokens are refused from the next request, their refresh tokens are revoked (a later reactivation does not bring them back: they sign in again), their own API keys stop working, and they cannot sign in; 1 (active) lets them sign in again. Answers the user as GET does. 409: the user is the last active superuser, or it is your own account. 404: no such user.',
        tags,
        params: IdParamsSchema,
        body: AdminUserUpdateBodySchema,
        response: { 200: AdminUserDetailSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => accounts.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/users/:id',
    {
      schema: {
        operationId: 'adminDeleteUser',
        summary: 'Delete a user and their personal data',
        description:
          'As the user’s own deletion does: the account, sessions, keys, roles, memberships, scores and settings go; paired devices are unpaired; likes, saves and views stay in the articles’ totals under an id that names no one. 409: the user is the last active superuser, or it is your own account (delete that from your account page). 404: no such user.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await accounts.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/v1/admin/users/:id/config',
    {
      schema: {
        operationId: 'adminSetUserConfig',
        summary: 'Set one of a user’s settings, subscription exemption included',
        description: 'The same keys and values as PUT /v1/users/config, plus subscriptionExempt (true: the user reads without a subscription). Answers every setting of the user. 404: no such user.',
        tags,
        params: IdParamsSchema,
        body: AdminUserConfigBodySchema,
        response: { 200: ReaderSettingsSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => accounts.setSetting(auditActorOf(request), request.params.id, request.body),
  );
};
