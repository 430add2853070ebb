import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppConfigQuerySchema, AppConfigSchema, apiPaths, defaultAppConfig } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { findAppConfig } from './app-config-repository';

export const configRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    apiPaths.appConfig,
    {
      schema: {
        operationId: 'getAppConfig',
        summary: "A client's app config",
        description:
          'The stored config for the client type, or the default config (ads, video and the articlePoints and aiSearch features on; subscriptions off) when none is stored.',
        tags: ['config'],
        querystring: AppConfigQuerySchema,
        response: { 200: AppConfigSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const { type } = request.query;
      const config = (await findAppConfig(deps.database.db, type)) ?? defaultAppConfig(type);
      return reply.header('cache-control', 'public, max-age=60, stale-while-revalidate=300').send(config);
    },
  );
};
