import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminMediaAssetAddedSchema,
  AdminMediaAssetBodySchema,
  AdminMediaAssetSchema,
  IdParamsSchema,
  MediaAssetParamsSchema,
  MediaPipelineReportSchema,
  STORY_ASSET_FILE_TYPES,
  STORY_ASSET_MAX_BYTES,
  StoryAssetBodySchema,
  StoryAssetUploadSchema,
  TRANSCRIPT_FILE_TYPES,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { HttpError, errorResponses } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { acceptRawBodies } from '../../http/raw-body';
import { auditActorOf } from '../audit/audit-log';
import { createArticleMediaService } from './article-media-service';
import { mediaFoldersOf } from './media-files';
import { createMediaProcessor, queueMediaProcessing, registerMediaJobs } from './media-processing';
import { createStoryAssetService } from './story-asset-service';

const Deleted = Type.Null({ description: 'Deleted' });
const MAX_MB = STORY_ASSET_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new HttpError(413, `A story asset may be at most ${MAX_MB} MB (${STORY_ASSET_MAX_BYTES} bytes); nothing was stored.`);
const PROCESSING =
  'Processing (the background job media.process, retried twice with backoff, then failed with its error in GET /v1/admin/jobs) reads files of this server only: the local media store (/media/…) and the demo folder (/media/demo/…); other hosts are refused, never fetched.';

/**
 * Media assets in the admin console, for moderators and superusers (access table): an article's
 * files named by URL and its media-pipeline test (SPEC §7 Admin article extras), and a story's
 * uploaded images and videos (SPEC §7 Admin stories with their assets). Every write is in the
 * audit log (resource media-asset); every answer is `private, no-store`. docs/architecture.md,
 * "Media processing".
 */
export const adminMediaRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const processor = createMediaProcessor({ db, media: deps.media, folders: mediaFoldersOf(deps.media) });
  registerMediaJobs(deps.jobs, processor);
  const queue = (assetId: string) => queueMediaProcessing(deps.jobs, assetId);
  const articles = createArticleMediaService({ db, media: deps.media, processor, queue });
  const stories = createStoryAssetService({ db, media: deps.media, queue });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  // ── An article's media assets ──
  const articleTags = ['admin articles'];
  app.get(
    '/v1/admin/articles/:id/media-assets',
    {
      schema: {
        operationId: 'adminListArticleMediaAssets',
        summary: 'An article’s media assets, with what processing learnt of each',
        description: 'Oldest first: type, source, url, fileType, fileSize, language, and the duration, picture size and poster the media.process job found. 404: no such article.',
        tags: articleTags,
        params: IdParamsSchema,
        response: { 200: Type.Array(AdminMediaAssetSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => articles.list(request.params.id),
  );

  app.post(
    '/v1/admin/articles/:id/media-assets',
    {
      schema: {
        operationId: 'adminAddArticleMediaAsset',
        summary: 'Add a media file to an article by its URL (source direct)',
        description: `SPEC §3 media asset {type, fileType, fileSize, language, url}. fileType must fit the type (video/… for video and dubbed video, audio/…, image/…, ${TRANSCRIPT_FILE_TYPES.join(' or ')} for a transcript, which needs its language); 400 names the field. 201: added, and a video, audio or transcript is queued for processing (processingJobId): its duration, picture size and poster are filled in, a transcript is parsed into the article's cues for its language. ${PROCESSING} 404: no such article.`,
        tags: articleTags,
        params: IdParamsSchema,
        body: AdminMediaAssetBodySchema,
        response: { 201: AdminMediaAssetAddedSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await articles.add(auditActorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/admin/articles/:id/media-assets/:assetId',
    {
      schema: {
        operationId: 'adminRemoveArticleMediaAsset',
        summary: 'Remove a media asset from an article',
        description: '204: removed (with its drawn poster); the article’s public answers are purged. Cues parsed from a transcript file stay until another transcript of that language replaces them. 404: no such article, or no such asset of it.',
        tags: articleTags,
        params: MediaAssetParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await articles.remove(auditActorOf(request), request.params.id, request.params.assetId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/admin/articles/:id/test-media-pipeline',
    {
      schema: {
        operationId: 'adminTestArticleMediaPipeline',
        summary: 'Run the media pipeline on an article’s main media now, and see each stage',
        description: `An admin's diagnostic that changes nothing: the main media (its first video, else its first audio) is read, probed (duration, picture size), given a poster frame (drawn, not kept), and the article's transcript file (in its language when there is one) is parsed. Each stage answers ok, failed or skipped, with its result, its time and the error. ${PROCESSING} 404: no such article.`,
        tags: articleTags,
        params: IdParamsSchema,
        response: { 200: MediaPipelineReportSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => articles.testPipeline(request.params.id),
  );

  // ── A story's assets ──
  const storyTags = ['admin stories'];
  app.get(
    '/v1/admin/stories/:id/assets',
    {
      schema: {
        operationId: 'adminListStoryAssets',
        summary: 'A story’s images and videos',
        description: 'Oldest first; an asset whose bytes have not been uploaded yet has url null. 404: no such story.',
        tags: storyTags,
        params: IdParamsSchema,
        response: { 200: Type.Array(AdminMediaAssetSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => stories.list(request.params.id),
  );

  app.post(
    '/v1/admin/stories/:id/assets',
    {
      schema: {
        operationId: 'adminDeclareStoryAsset',
        summary: 'Declare an image or video for a story; its bytes go to uploadUrl',
        description: `Declares a file of \`fileType\` (one of ${STORY_ASSET_FILE_TYPES.join(', ')}). Then PUT its bytes to \`uploadUrl\` with the same token and \`Content-Type: fileType\` (at most ${MAX_MB} MB); until then its url is null and readers do not see it. The story's first uploaded image is its poster on the public reads when it has no poster of its own. 404: no such story.`,
        tags: storyTags,
        params: IdParamsSchema,
        body: StoryAssetBodySchema,
        response: { 201: StoryAssetUploadSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await stories.declare(auditActorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/v1/admin/stories/:id/assets/:assetId',
    {
      schema: {
        operationId: 'adminRemoveStoryAsset',
        summary: 'Remove a story’s asset, and its file',
        description: '204: removed with its file and poster; the story’s public answers are purged. 404: no such story, or no such asset of it.',
        tags: storyTags,
        params: MediaAssetParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await stories.remove(auditActorOf(request), request.params.id, request.params.assetId);
      return reply.code(204).send(null);
    },
  );

  // The file's bytes, raw: a parser of their own, only for this route, that stops reading past the limit.
  await app.register(async (scope) => {
    acceptRawBodies(scope, STORY_ASSET_MAX_BYTES, tooLarge);
    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/v1/admin/stories/:id/assets/:assetId/file',
      {
        schema: {
          operationId: 'adminUploadStoryAsset',
          summary: 'Upload the bytes of a declared story asset',
          description: `The uploadUrl that POST /v1/admin/stories/{id}/assets answered. The body is the file itself, with \`Content-Type\` the declared fileType. 200: stored in the media store and served at the asset's url; a new upload replaces the last; a video is queued for processing (duration, picture size, poster). 413: larger than ${MAX_MB} MB. 415: another Content-Type, or bytes that are not the declared type (checked by their first bytes). 404: no such story or asset. Nothing is stored on any refusal.`,
          tags: storyTags,
          params: MediaAssetParamsSchema,
          response: { 200: AdminMediaAssetSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => stories.upload(auditActorOf(request), request.params.id, request.params.assetId, request.headers['content-type'], request.body),
    );
  });
};
