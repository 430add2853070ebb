import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditListQuerySchema, AuditListSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { badRequest, errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { createAuditRepository } from './audit-repository';

/**
 * The audit log (issue 15), for superusers (access table): read it, never change it. There is no
 * route that writes, edits or removes an entry, and the database refuses UPDATE and DELETE on the
 * table (migration 0018); entries are written by recordAudit (audit-log.ts) with each admin write.
 */
export const auditRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const audit = createAuditRepository(deps.database.db);

  app.get(
    '/v1/admin/audit',
    {
      schema: {
        operationId: 'adminListAudit',
        summary: 'The audit log: every admin write, newest first',
        description:
          'Who changed what, when, with the resource before and after. Filters: `resource` and `resourceId` (e.g. category and its id), `action` (create, update, delete, approve …), `actor` (a user id, or part of the email address), `from` (at or after) and `to` (before) as date-times. Entries cannot be edited or removed by anyone. 400: a filter is malformed, or `to` is not after `from`.',
        tags: ['admin audit'],
        querystring: AuditListQuerySchema,
        response: { 200: AuditListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from && to && Date.parse(to) <= Date.parse(from)) throw badRequest('querystring.to must be after querystring.from');
      const page = pageOf(request.query);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listOf(await audit.list(request.query, page), page));
    },
  );
};
