import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, KeyframeBodySchema, PosterChangeSchema, POSTER_DELAY_MAX_SECONDS, THUMBNAIL_IMPORT_MAX_BYTES, ThumbnailImportBodySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { actingPublisherIdOf } from '../../http/access';
import { errorResponses } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { createArticlePosterService, registerPosterJobs } from './article-poster-service';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { mediaFoldersOf } from './media-files';
import { queueMediaProcessing } from './media-processing';
import { createMediaUploads, UPLOAD_MEDIA_TYPES, UPLOADS_PATH } from './media-uploads';
import { UPLOAD_MAX_BYTES } from './media-sniff';

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

  // ── Resumable uploads (tus 1.0.0) ──
  const uploads = createMediaUploads({
    db: deps.database.db,
    media: deps.media,
    directory: path.join(deps.config.dataDir, 'uploads'),
    queue: (assetId) => queueMediaProcessing(deps.jobs, assetId),
  });
  deps.jobs.registerJob('media.uploads-cleanup', async () => ({ removed: await uploads.cleanUp() }), { cron: '17 * * * *', retryLimit: 1 });
  // The chunks are streamed to the upload's file by tus, never parsed or held by Fastify.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  const toTus = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    reply.raw.setHeader('cache-control', PRIVATE_NO_STORE);
    await uploads.handle(request.raw, reply.raw);
  };
  const TUS = `The tus 1.0.0 protocol (https://tus.io/protocols/resumable-upload; tus-js-client speaks it): create with POST ${UPLOADS_PATH}, send the bytes with PATCH to the answer's Location, ask how far it got with HEAD, cancel with DELETE. ${OWNERSHIP.replace('media of its own articles', 'uploads to its own articles')}`;
  const sizes = Object.entries(UPLOAD_MEDIA_TYPES)
    .map(([name, type]) => `${name} ${Math.round(UPLOAD_MAX_BYTES[type]! / 1024 / 1024)} MB`)
    .join(', ');

  app.post(
    UPLOADS_PATH,
    {
      schema: {
        operationId: 'createMediaUpload',
        summary: 'Start a resumable upload of an article’s media',
        description: `${TUS} Headers: Tus-Resumable: 1.0.0, Upload-Length (the file's size; at most ${sizes}) and Upload-Metadata with articleId, type (${Object.keys(UPLOAD_MEDIA_TYPES).join(', ')}), and optionally filename and language. 201 with Location. When the last byte arrives the file is judged by its bytes (415 and nothing kept when it is not that type: a "video" that is not one), moved into the media store and answered with Media-Asset-Id: the article's new media asset, whose duration, picture size and poster (or transcript cues) the job media.process fills in. Unfinished uploads are removed after 24 hours. 400: a header is missing or malformed; 404: no such article of the publisher; 413: too large.`,
        tags: ['manage'],
        response: { 201: { type: 'null', description: 'Created; Location names the upload' }, ...errorResponses(400, 401, 403, 404, 413, 503) },
      },
    },
    async (request, reply) => {
      await uploads.checkCreation(actingPublisherIdOf(request), request.headers);
      return toTus(request, reply);
    },
  );
  for (const [method, summary, status] of [
    ['PATCH', 'Send the next bytes of an upload (from Upload-Offset)', 204],
    ['HEAD', 'How many bytes of an upload have arrived (Upload-Offset)', 200],
    ['DELETE', 'Cancel an unfinished upload and remove its bytes', 204],
  ] as const) {
    app.route({
      method,
      url: `${UPLOADS_PATH}/:id`,
      schema: {
        operationId: `${method.toLowerCase()}MediaUpload`,
        summary,
        description: `${TUS} 404: no unfinished upload with that id of the publisher's articles.`,
        tags: ['manage'],
        params: IdParamsSchema,
        response: { [status]: { type: 'null', description: 'Done; the tus headers say how far the upload got' }, ...errorResponses(400, 401, 403, 404, 409, 415, 503) },
      },
      handler: async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
        await uploads.checkUpload(actingPublisherIdOf(request), request.params.id);
        return toTus(request, reply);
      },
    });
  }

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
