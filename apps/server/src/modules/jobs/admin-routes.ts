import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminJobListQuerySchema, AdminJobListSchema, AdminJobParamsSchema, AdminJobSchema, adminApiPaths } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { auditActorOf } from '../audit/audit-log';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { createJobAdminService } from './job-admin-service';
import { createJobRepository } from './job-repository';

/**
 * Background jobs for superusers (access table): what ran, what waits, what failed, and a retry
 * for a job that used up its attempts. Every answer is `private, no-store`.
 */
export const adminJobRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const jobs = createJobAdminService({ db: deps.database.db, jobs: deps.jobs, repository: createJobRepository(deps.database.db) });
  const tags = ['admin jobs'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    adminApiPaths.jobs,
    {
      schema: {
        operationId: 'adminListJobs',
        summary: 'Background jobs, newest first',
        description:
          'Scheduled and one-off jobs (e.g. devices.expired-invites-cleanup) with their state, attempts and last error. `state` and `name` keep one value. A failed job used up its retries (each after a longer wait) and stays failed until retried; failed jobs are listed for 14 days, completed ones for a day.',
        tags,
        querystring: AdminJobListQuerySchema,
        response: { 200: AdminJobListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await jobs.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/jobs/:id/retry',
    {
      schema: {
        operationId: 'adminRetryJob',
        summary: 'Run a failed job again',
        description:
          '200: the job is queued again (state retry) with one more attempt, and runs as soon as a worker is free; the audit log records it. 409: the job is not failed (it waits, runs or completed), or this server has no such job any more; nothing changed. 404: no such job.',
        tags,
        params: AdminJobParamsSchema,
        response: { 200: AdminJobSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => jobs.retry(request.params.id, auditActorOf(request)),
  );
};
