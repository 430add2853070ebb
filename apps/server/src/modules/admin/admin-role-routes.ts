import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminRoleGrantBodySchema,
  AdminRoleHolderSchema,
  AdminRoleListQuerySchema,
  AdminRoleListSchema,
  AdminRoleUpdateBodySchema,
  UserIdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { createAdminRoleService } from './admin-role-service';

const Deleted = Type.Null({ description: 'Deleted' });

/**
 * Admin roles (SPEC §6 "Admin roles are managed under admin-roles", §3 superuser 0, moderator 1):
 * superusers only (access table). The holder uses a new role from their next request on.
 */
export const adminRoleRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const roles = createAdminRoleService(deps.database.db);
  const tags = ['admin roles'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/admin-roles',
    {
      schema: {
        operationId: 'adminListAdminRoles',
        summary: 'Who holds an admin role',
        description: '`q` matches part of the email address or the name (any case); `role` keeps superusers (0) or moderators (1). Sorted by `sort` (default role: superusers first) and `order`, then by email.',
        tags,
        querystring: AdminRoleListQuerySchema,
        response: { 200: AdminRoleListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await roles.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/admin-roles',
    {
      schema: {
        operationId: 'adminGrantAdminRole',
        summary: 'Give a user an admin role, by their email address',
        description:
          '201: granted; the user asks for an admin token (POST /v1/auth/admin) to use it. 404: no account has that email address (the message names it). 409: the user holds an admin role already (change it with PUT).',
        tags,
        body: AdminRoleGrantBodySchema,
        response: { 201: AdminRoleHolderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await roles.grant(auditActorOf(request), request.body)),
  );

  app.put(
    '/v1/admin/admin-roles/:userId',
    {
      schema: {
        operationId: 'adminChangeAdminRole',
        summary: 'Change a user’s admin role',
        description: '404: the user holds no admin role. 409: the user is the last active superuser, who cannot be demoted (make another user a superuser first).',
        tags,
        params: UserIdParamsSchema,
        body: AdminRoleUpdateBodySchema,
        response: { 200: AdminRoleHolderSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => roles.change(auditActorOf(request), request.params.userId, request.body.role),
  );

  app.delete(
    '/v1/admin/admin-roles/:userId',
    {
      schema: {
        operationId: 'adminRevokeAdminRole',
        summary: 'Take a user’s admin role away',
        description: '204: taken; their admin token stops working on their next request. 404: the user holds no admin role. 409: the user is the last active superuser.',
        tags,
        params: UserIdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await roles.revoke(auditActorOf(request), request.params.userId);
      return reply.code(204).send(null);
    },
  );
};
