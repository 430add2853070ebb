import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, MemberUserListSchema, PaginationQuerySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { createUserRepository } from '../users/user-repository';

/** Publisher management (/v1/manage, SPEC §7): a publisher's own users, for its admins. */
export const manageRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const accounts = createUserRepository(deps.database.db);

  app.get(
    '/v1/manage/publishers/:id/users',
    {
      schema: {
        operationId: 'listPublisherUsers',
        summary: 'The publisher’s users and their account roles',
        description: 'For the publisher’s admins (account role 0); members and users of other publishers get 403. Admins first, then by email.',
        tags: ['manage'],
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { 200: MemberUserListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const users = await accounts.publisherUsers(request.params.id, page);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listOf(users, page));
    },
  );
};
