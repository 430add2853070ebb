import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, PAGE_LIMIT_MAX, PlaylistSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { FRESHNESS, publicAnswers } from '../../http/response-cache';

export const playlistRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const { playlists, articles } = deps.content;
  const answers = publicAnswers(deps.database.db);
  app.get(
    '/v1/playlists/:id',
    {
      schema: {
        operationId: 'getPlaylist',
        summary: 'One playlist with its articles in order',
        description: `Holds the first ${PAGE_LIMIT_MAX} articles; page through more with /v1/articles/playlist/{id}. ${FRESHNESS}`,
        tags: ['playlists'],
        params: IdParamsSchema,
        response: { 200: PlaylistSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) =>
      answers.send(request, reply, async () => {
        const playlist = await playlists.byId(request.params.id);
        if (!playlist) throw notFound('There is no playlist with that id.');
        const { items } = await articles.inOrderedList('playlist', playlist.id, { offset: 0, limit: PAGE_LIMIT_MAX });
        return { ...playlist, articles: items.values() };
      }),
  );
};
