import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, KeyframeBodySchema, PosterChangeSchema, POSTER_DELAY_MAX_SECONDS, THUMBNAIL_IMPORT_MAX_BYTES, ThumbnailImportBodySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { actingPublisherIdOf } from '../../http/access';
import { errorResponses } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { createArticlePosterService, registerPosterJobs } from './article-poster-service';
import { mediaFoldersOf } from './media-files';

const OWNERSHIP =
  'For a member or admin of the active publisher, on media of its own articles: another publisher’s media, or one not of `articleId`, answers 404 as a missing one does.';
const DELAY = `With \`delay\` (seconds, at most ${POSTER_DELAY_MAX_SECONDS}) the image is made and stored now and replaces the poster when the delay ends (the background job media.poster-apply); without it, at once, and readers see it on their next load.`;

/**
 * The video-player provider segment of publisher management (SPEC §7: PUT …/media/{id}/keyframe and
 * …/media/{id}/thumbnail/import): an article's poster picked from its video or imported from an
 * address. docs/architecture.md, "Media processing".
 */
export const playerMediaRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const posters = createArticlePosterService({
    db: deps.database.db,
    media: deps.media,
    folders: mediaFoldersOf(deps.media),
    jobs: deps.jobs,
    allowAddresses: deps.config.outsideUrlsAllow,
  });
  registerPosterJobs(deps.jobs, posters);

  app.put(
    '/v1/manage/player/media/:id/keyframe',
    {
      schema: {
        operationId: 'pickKeyframe',
        summary: 'Make the frame at a second of the video the article’s poster',
        description: `The frame of media \`id\` (a video or dubbed video of article \`articleId\`) at \`position\` seconds becomes the article’s poster, drawn by ffmpeg and kept in the media store. ${DELAY} ${OWNERSHIP} 400: not a video, or \`position\` past its end. 409: the video is not uploaded yet, or its file cannot be read on this server.`,
        tags: ['manage'],
        params: IdParamsSchema,
        body: KeyframeBodySchema,
        response: { 200: PosterChangeSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const change = await posters.keyframe(actingPublisherIdOf(request), request.params.id, request.body);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(change);
    },
  );

  app.put(
    '/v1/manage/player/media/:id/thumbnail/import',
    {
      schema: {
        operationId: 'importThumbnail',
        summary: 'Make an image at an address the article’s poster',
        description: `Reads the JPEG, PNG, WebP or GIF image at \`url\` (at most ${THUMBNAIL_IMPORT_MAX_BYTES / 1024 / 1024} MB, within 10 s) and makes it the poster of the article media \`id\` belongs to. The address, and every address it redirects to, must resolve outside private networks: loopback, private, link-local, carrier-grade NAT and metadata addresses are refused (400), as MRSS import refuses them. ${DELAY} ${OWNERSHIP} 413: the image is larger; 415: the bytes are not one of those images; 502/504: the image’s server failed or did not answer in time.`,
        tags: ['manage'],
        params: IdParamsSchema,
        body: ThumbnailImportBodySchema,
        response: { 200: PosterChangeSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      const change = await posters.importThumbnail(actingPublisherIdOf(request), request.params.id, request.body);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(change);
    },
  );
};
