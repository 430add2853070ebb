import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, MemberUserListSchema, PaginationQuerySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';

/** Publisher management (/v1/manage, SPEC §7): a publisher's own users, for its admins. */
export const manageRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps.database;

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
      const base = db.selectFrom('publisher_users as pu').innerJoin('users as u', 'u.id', 'pu.user_id').where('pu.publisher_id', '=', request.params.id);
      const [rows, count] = await Promise.all([
        base
          .select(['u.id', 'u.email', 'u.name', 'pu.role', 'pu.created_at'])
          .orderBy('pu.role')
          .orderBy('u.email')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const items = rows.map((row) => ({ userId: row.id, email: row.email, name: row.name, role: row.role as 0 | 1, createdAt: row.created_at.toISOString() }));
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listOf({ items, total: Number(count.n) }, page));
    },
  );
};
