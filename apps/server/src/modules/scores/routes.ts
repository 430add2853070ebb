import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserCategoryScoresSchema, UserCategoryScoresUpdateSchema, VisitorQuerySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { actorOf } from '../../http/access';
import { badRequest, errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';

/** The reader's interest in each category (SPEC §7 GET and POST /v1/scores/user), which orders their feed. */
export const scoreRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { scores } = deps.content;
  const tags = ['scores'];

  app.get(
    '/v1/scores/user',
    {
      schema: {
        operationId: 'getUserCategoryScores',
        summary: "The reader's category scores, highest first",
        description: 'Categories the reader has no score for are left out (their score is 0). Without sign-in, `visitorId` names the reader.',
        tags,
        querystring: VisitorQuerySchema,
        response: { 200: UserCategoryScoresSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const userCategoryScores = await scores.list(actorOf(request));
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ userCategoryScores });
    },
  );

  app.post(
    '/v1/scores/user',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'updateUserCategoryScores',
        summary: "Set the reader's scores of some categories",
        description:
          'Sets each score given (-100 to 100; 0 clears it) and leaves the other categories as they were, all or nothing. Answers every score the reader now has. Without sign-in, `visitorId` names the reader.',
        tags,
        body: UserCategoryScoresUpdateSchema,
        response: { 200: UserCategoryScoresSchema, ...errorResponses(400, 404, 413, 503) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const given = request.body.userCategoryScores.map((entry) => ({ ...entry, categoryId: entry.categoryId.toLowerCase() }));
      const seen = new Set<string>();
      for (const { categoryId } of given) {
        if (seen.has(categoryId)) throw badRequest(`body.userCategoryScores names category ${categoryId} twice; give each category once`);
        seen.add(categoryId);
      }
      const [unknown] = await scores.unknownCategories([...seen]);
      if (unknown) throw notFound(`There is no category with id ${unknown}.`);
      await scores.update(actor, given);
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ userCategoryScores: await scores.list(actor) });
    },
  );
};
