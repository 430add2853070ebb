import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { StatusResponseSchema, apiPaths, type StatusResponse } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { checkHealth } from './status-service';

export const statusRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    apiPaths.status,
    {
      schema: {
        operationId: 'getStatus',
        summary: 'Health of the server and its dependencies',
        description:
          'Answers 200 when everything is up and 503 when the database or the analytics stream cannot be reached. `stream.driver` is postgres (the events table, in the database), nats or kinesis.',
        tags: ['status'],
        response: { 200: StatusResponseSchema, 503: StatusResponseSchema },
      },
    },
    async (_request, reply) => {
      const status: StatusResponse = await checkHealth(deps);
      return reply
        .header('cache-control', 'no-store')
        .status(status.status === 'ok' ? 200 : 503)
        .send(status);
    },
  );
};
