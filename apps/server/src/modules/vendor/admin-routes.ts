import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminApiKeyBodySchema,
  AdminApiKeyCreatedSchema,
  AdminApiKeyListQuerySchema,
  AdminApiKeyListSchema,
  AdminVendorBodySchema,
  AdminVendorListQuerySchema,
  AdminVendorListSchema,
  AdminVendorSchema,
  AdminVendorUserListQuerySchema,
  AdminVendorUserListSchema,
  IdParamsSchema,
  MemberUserSchema,
  VendorUserBodySchema,
  VendorUserParamsSchema,
  VendorUserUpdateBodySchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { auditActorOf } from '../audit/audit-log';
import { createVendorAdminService } from './vendor-admin-service';

const Deleted = Type.Null({ description: 'Deleted' });

/**
 * Vendors, vendor users and API keys in the admin console (SPEC §7 Admin): superusers only
 * (access table). Vendors use what is made here through /v1/vendor and POST /v1/auth/vendor.
 */
export const adminVendorRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const service = createVendorAdminService(deps.database.db);
  const tags = ['admin vendors'];
  const keyTags = ['admin API keys'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  // ── Vendors ──
  app.get(
    '/v1/admin/vendors',
    {
      schema: {
        operationId: 'adminListVendors',
        summary: 'Vendors, searched and sorted',
        description: '`q` matches part of the name (any case). Sorted by `sort` (default name; createdAt lists the newest first unless `order` says otherwise), then by id.',
        tags,
        querystring: AdminVendorListQuerySchema,
        response: { 200: AdminVendorListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await service.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/vendors',
    {
      schema: {
        operationId: 'adminCreateVendor',
        summary: 'A new vendor',
        description: '201: created, without users or keys yet. 409: a vendor of that name exists (names are compared without regard to case).',
        tags,
        body: AdminVendorBodySchema,
        response: { 201: AdminVendorSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.create(auditActorOf(request), request.body.name)),
  );

  app.get(
    '/v1/admin/vendors/:id',
    {
      schema: {
        operationId: 'adminGetVendor',
        summary: 'A vendor, with how many users and live keys it has',
        description: '404: no such vendor.',
        tags,
        params: IdParamsSchema,
        response: { 200: AdminVendorSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => service.get(request.params.id),
  );

  app.put(
    '/v1/admin/vendors/:id',
    {
      schema: {
        operationId: 'adminRenameVendor',
        summary: 'Rename a vendor',
        description: '404: no such vendor. 409: another vendor has that name.',
        tags,
        params: IdParamsSchema,
        body: AdminVendorBodySchema,
        response: { 200: AdminVendorSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => service.rename(auditActorOf(request), request.params.id, request.body.name),
  );

  app.delete(
    '/v1/admin/vendors/:id',
    {
      schema: {
        operationId: 'adminDeleteVendor',
        summary: 'Delete a vendor, its memberships and its keys',
        description: '204: deleted. Its users keep their accounts but are no longer its users; its own keys stop working at once (their tokens too). 404: no such vendor.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await service.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ── Vendor users ──
  app.get(
    '/v1/admin/vendors/:id/users',
    {
      schema: {
        operationId: 'adminListVendorUsers',
        summary: 'A vendor’s users with their account roles',
        description: '`q` matches part of the email address or the name; `role` keeps admins (0) or members (1). Sorted by `sort` (default role: admins first) and `order`, then by email. 404: no such vendor.',
        tags,
        params: IdParamsSchema,
        querystring: AdminVendorUserListQuerySchema,
        response: { 200: AdminVendorUserListSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await service.members(request.params.id, request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/vendors/:id/users',
    {
      schema: {
        operationId: 'adminAddVendorUser',
        summary: 'Make a user one of a vendor’s users, by their email address',
        description: '201: added with the role (0 admin, 1 member). 404: no such vendor, or no account has that email address (the message names it). 409: they are one of its users already (change the role with PUT).',
        tags,
        params: IdParamsSchema,
        body: VendorUserBodySchema,
        response: { 201: MemberUserSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.addMember(auditActorOf(request), request.params.id, request.body)),
  );

  app.put(
    '/v1/admin/vendors/:id/users/:userId',
    {
      schema: {
        operationId: 'adminChangeVendorUser',
        summary: 'Change a vendor user’s account role',
        description: '404: no such vendor, or the user is not one of its users.',
        tags,
        params: VendorUserParamsSchema,
        body: VendorUserUpdateBodySchema,
        response: { 200: MemberUserSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => service.setMemberRole(auditActorOf(request), request.params.id, request.params.userId, request.body.role),
  );

  app.delete(
    '/v1/admin/vendors/:id/users/:userId',
    {
      schema: {
        operationId: 'adminRemoveVendorUser',
        summary: 'Remove a user from a vendor',
        description: '204: removed; their account stays, and a key of theirs no longer acts for this vendor. 404: no such vendor, or the user is not one of its users.',
        tags,
        params: VendorUserParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await service.removeMember(auditActorOf(request), request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  // ── API keys ──
  app.get(
    '/v1/admin/api-keys',
    {
      schema: {
        operationId: 'adminListApiKeys',
        summary: 'API keys, without the keys themselves',
        description: '`vendorId` or `userId` keep the keys of that owner; `q` matches part of the name or the prefix; `revoked` keeps revoked (true) or live (false) keys. Sorted by `sort` (default createdAt, newest first) and `order`.',
        tags: keyTags,
        querystring: AdminApiKeyListQuerySchema,
        response: { 200: AdminApiKeyListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await service.listKeys(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/api-keys',
    {
      schema: {
        operationId: 'adminCreateApiKey',
        summary: 'A new API key for a vendor or a user; the key is shown in this answer only',
        description:
          'Give exactly one of `vendorId` (the key acts for that vendor) and `userId` (it acts for the vendors that user belongs to, while their account is active); `name` defaults to “Access Key”. 201: the key, in `key`, is shown this once: only its hash is kept, so store it now; it is exchanged for a vendor token at POST /v1/auth/vendor. 400: neither or both owners. 404: no such vendor or user. 409: the user belongs to no vendor.',
        tags: keyTags,
        body: AdminApiKeyBodySchema,
        response: { 201: AdminApiKeyCreatedSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await service.createKey(auditActorOf(request), request.body)),
  );

  app.delete(
    '/v1/admin/api-keys/:id',
    {
      schema: {
        operationId: 'adminRevokeApiKey',
        summary: 'Revoke an API key',
        description: '204: revoked (or it was already): POST /v1/auth/vendor refuses it from now on, and vendor tokens made with it stop working on their next request. The key stays in the list, marked revoked. 404: no such key.',
        tags: keyTags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await service.revokeKey(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
