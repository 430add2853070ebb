import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminUserConfigBodySchema, IdParamsSchema, ReaderSettingsSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { ActorType } from '../articles/article-repository';
import { createReaderSettingsService } from '../users/reader-settings';
import { createUserRepository } from '../users/user-repository';

/** Admin (/v1/admin, SPEC §7) over users' accounts: superusers only (http/access-table.ts). */
export const adminUserRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const users = createUserRepository(deps.database.db);
  const settings = createReaderSettingsService(deps.database.db);

  app.put(
    '/v1/admin/users/:id/config',
    {
      schema: {
        operationId: 'adminSetUserConfig',
        summary: 'Set one of a user’s settings, subscription exemption included',
        description: 'The same keys and values as PUT /v1/users/config, plus subscriptionExempt (true: the user reads without a subscription). Answers every setting of the user. 404: no such user.',
        tags: ['admin'],
        params: IdParamsSchema,
        body: AdminUserConfigBodySchema,
        response: { 200: ReaderSettingsSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const user = await users.byId(request.params.id);
      if (!user) throw notFound('There is no user with that id.');
      const next = await settings.write({ type: ActorType.USER, id: user.id }, request.body.key, request.body.value, { byAdmin: true });
      return reply.header('cache-control', PRIVATE_NO_STORE).send(next);
    },
  );
};
