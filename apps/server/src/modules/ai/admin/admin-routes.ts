import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminAiResultListQuerySchema,
  AiResultListSchema,
  AiResultSchema,
  AiResultStatisticsQuerySchema,
  AiResultStatisticsSchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../../app-deps';
import { errorResponses } from '../../../http/errors';
import { pageOf, PRIVATE_NO_STORE } from '../../../http/query';
import { auditActorOf } from '../../audit/audit-log';
import { createAiResultsAdmin } from './ai-results-admin';

/**
 * The admin's AI results and their statistics (SPEC §7 Admin), for moderators and superusers
 * (access table: content). Every answer is `private, no-store`.
 */
export const adminAiResultRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const results = createAiResultsAdmin(deps.database.db);
  const tags = ['admin AI results'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/ai-results',
    {
      schema: {
        operationId: 'adminListAiResults',
        summary: 'Every stored AI result: answers, AI playlists, summaries and translations',
        description:
          '`type`, `found`, `provider` and `articleId` keep those results; `q` finds words in the query or the answer (any case). Sorted by `sort` (createdAt, the default, or timingMs) and `order` (default desc), then by id.',
        tags,
        querystring: AdminAiResultListQuerySchema,
        response: { 200: AiResultListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => results.list(request.query, pageOf(request.query)),
  );

  app.get(
    '/v1/admin/ai-results/:id',
    {
      schema: {
        operationId: 'adminGetAiResult',
        summary: 'One AI result with its sentences, citations and clips',
        description: '404: no such result.',
        tags,
        params: IdParamsSchema,
        response: { 200: AiResultSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => results.get(request.params.id),
  );

  app.delete(
    '/v1/admin/ai-results/:id',
    {
      schema: {
        operationId: 'adminDeleteAiResult',
        summary: 'Delete an AI result',
        description: '204: deleted; its shared link (GET /v1/ai/results/{id}) answers 404 from now on. The audit log keeps the result as it was. 404: no such result.',
        tags,
        params: IdParamsSchema,
        response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await results.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/admin/statistics/ai-results',
    {
      schema: {
        operationId: 'adminAiResultStatistics',
        summary: 'AI results in a range of UTC days: by type and day, not-found rate, median and 95th-percentile time, by provider',
        description: `\`from\` and \`to\` as the statistics summary takes them (default: the last 30 days, today included; at most 366 days). notFoundRate is over answers and playlists (summaries and translations always find their article); null when there were none.`,
        tags,
        querystring: AiResultStatisticsQuerySchema,
        response: { 200: AiResultStatisticsSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => results.statistics(request.query),
  );
};
