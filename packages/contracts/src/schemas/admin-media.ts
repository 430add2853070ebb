import { Type, type Static } from 'typebox';
import { MediaSource, MediaType, enumValues } from '../enums';
import { LiteralUnion } from './common';
import { IdSchema } from './content';
import { POLL_ASSET_FILE_TYPES } from './polls';

/**
 * Media assets in the admin console (SPEC §3 "Media asset: fileType, fileSize, language, url",
 * §7 Admin article extras "media asset" and "test media pipeline", stories with their assets).
 * docs/architecture.md, "Media processing".
 */

export const MEDIA_ASSET_URL_MAX = 2000;
/** A media file may say it is this large at most (10 GB). */
export const MEDIA_ASSET_SIZE_MAX = 10 * 1024 * 1024 * 1024;
/** The file types a transcript may be: WebVTT or SubRip. */
export const TRANSCRIPT_FILE_TYPES = ['text/vtt', 'application/x-subrip'] as const;
/** Story assets: an image or a video, uploaded like poll assets. */
export const STORY_ASSET_FILE_TYPES = POLL_ASSET_FILE_TYPES;
export type StoryAssetFileType = (typeof STORY_ASSET_FILE_TYPES)[number];
export const STORY_ASSET_MAX_BYTES = 50 * 1024 * 1024;

const MIME_PATTERN = '^[a-z]+/[a-z0-9][a-z0-9.+-]*$';
/** A path on this server (e.g. /media/demo/…) or an http(s) address. */
const MEDIA_URL_PATTERN = '^(/[^/\\s]|https?://[^\\s/]+)\\S*$';
const LANGUAGE_PATTERN = '^[a-z]{2,3}(-[A-Za-z]{2,4})?$';

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T, description?: string) => Type.Union([schema, Type.Null()], description ? { description } : {});

export const MediaTypeSchema = LiteralUnion(enumValues(MediaType), { description: 'Media type: 1 video, 2 audio, 3 image, 4 transcript, 5 dubbed video' });

/** An article's or a story's media asset as the admin sees it, with what processing learnt of its file. */
export const AdminMediaAssetSchema = Type.Object({
  id: IdSchema,
  type: MediaTypeSchema,
  source: LiteralUnion(enumValues(MediaSource), { description: 'Media source: 1 media store, 2 direct, 3 video-player provider' }),
  url: nullable(Type.String(), 'Where the file is; null for a story asset whose bytes have not been uploaded yet'),
  fileType: Type.String({ description: 'MIME type, e.g. video/webm' }),
  fileSize: nullable(Type.Integer(), 'Bytes'),
  language: nullable(Type.String()),
  durationSeconds: nullable(Type.Number(), 'Probed by the media.process job'),
  width: nullable(Type.Integer(), 'Pixels, probed'),
  height: nullable(Type.Integer(), 'Pixels, probed'),
  poster: nullable(Type.String(), 'A frame of the video, drawn by the media.process job'),
  processedAt: nullable(Type.String({ format: 'date-time' }), 'When the media.process job last finished with this file'),
  processing: Type.Boolean({ description: 'A media.process job for this file is queued or running' }),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AdminMediaAsset = Static<typeof AdminMediaAssetSchema>;

export const MediaAssetParamsSchema = Type.Object({ id: IdSchema, assetId: IdSchema });
export type MediaAssetParams = Static<typeof MediaAssetParamsSchema>;

/** POST /v1/admin/articles/{id}/media-assets: a file named by its URL (source direct). */
export const AdminMediaAssetBodySchema = Type.Object(
  {
    type: MediaTypeSchema,
    fileType: Type.String({ minLength: 3, maxLength: 100, pattern: MIME_PATTERN, description: 'MIME type, matching the type: video/… (video, dubbed video), audio/…, image/…, text/vtt or application/x-subrip (transcript)' }),
    fileSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MEDIA_ASSET_SIZE_MAX, description: 'Bytes' })),
    language: Type.Optional(Type.String({ pattern: LANGUAGE_PATTERN, description: 'e.g. en, pt-BR; required for a transcript' })),
    url: Type.String({ minLength: 2, maxLength: MEDIA_ASSET_URL_MAX, pattern: MEDIA_URL_PATTERN, description: 'A path on this server (/media/…) or an http(s) address' }),
  },
  { additionalProperties: false },
);
export type AdminMediaAssetBody = Static<typeof AdminMediaAssetBodySchema>;

export interface MediaAssetProblem {
  field: 'fileType' | 'language';
  message: string;
}

/** The MIME family each media type's files are of. */
export function fileTypeFitsMediaType(type: MediaType, fileType: string): boolean {
  switch (type) {
    case MediaType.VIDEO:
    case MediaType.DUBBED_VIDEO:
      return fileType.startsWith('video/');
    case MediaType.AUDIO:
      return fileType.startsWith('audio/');
    case MediaType.IMAGE:
      return fileType.startsWith('image/');
    case MediaType.TRANSCRIPT:
      return (TRANSCRIPT_FILE_TYPES as readonly string[]).includes(fileType);
  }
}

/** The rules between fields that a schema cannot say; the server answers the first as its 400. */
export function validateMediaAssetBody(body: Pick<AdminMediaAssetBody, 'type' | 'fileType' | 'language'>): MediaAssetProblem[] {
  const problems: MediaAssetProblem[] = [];
  if (!fileTypeFitsMediaType(body.type, body.fileType)) {
    const expected = body.type === MediaType.TRANSCRIPT ? TRANSCRIPT_FILE_TYPES.join(' or ') : `${{ 1: 'video', 2: 'audio', 3: 'image', 5: 'video' }[body.type]}/…`;
    problems.push({ field: 'fileType', message: `fileType must be ${expected} for this media type` });
  }
  if (body.type === MediaType.TRANSCRIPT && !body.language) problems.push({ field: 'language', message: 'language is required for a transcript' });
  return problems;
}

export const AdminMediaAssetAddedSchema = Type.Object({
  asset: AdminMediaAssetSchema,
  processingJobId: nullable(Type.String(), 'The media.process job queued for the file (GET /v1/admin/jobs shows it); null when there is nothing to process'),
});
export type AdminMediaAssetAdded = Static<typeof AdminMediaAssetAddedSchema>;

export const MEDIA_PIPELINE_STAGES = ['read', 'probe', 'poster', 'transcript'] as const;
export type MediaPipelineStageName = (typeof MEDIA_PIPELINE_STAGES)[number];

export const MediaPipelineStageSchema = Type.Object({
  stage: LiteralUnion(MEDIA_PIPELINE_STAGES),
  status: LiteralUnion(['ok', 'failed', 'skipped'] as const),
  durationMs: Type.Number({ description: 'How long the stage took' }),
  error: nullable(Type.String(), 'Why it failed, or why it was skipped'),
  result: Type.Object({
    url: Type.Optional(Type.String()),
    bytes: Type.Optional(Type.Integer()),
    format: Type.Optional(Type.String()),
    durationSeconds: Type.Optional(nullable(Type.Number())),
    width: Type.Optional(nullable(Type.Integer())),
    height: Type.Optional(nullable(Type.Integer())),
    hasVideo: Type.Optional(Type.Boolean()),
    hasAudio: Type.Optional(Type.Boolean()),
    language: Type.Optional(Type.String()),
    cues: Type.Optional(Type.Integer()),
  }),
});
export type MediaPipelineStage = Static<typeof MediaPipelineStageSchema>;

/** POST /v1/admin/articles/{id}/test-media-pipeline: each stage run on the article's main media, nothing kept. */
export const MediaPipelineReportSchema = Type.Object({
  articleId: IdSchema,
  url: nullable(Type.String(), 'The main media file tested: the video when there is one, else the audio'),
  ok: Type.Boolean({ description: 'No stage failed' }),
  stages: Type.Array(MediaPipelineStageSchema),
});
export type MediaPipelineReport = Static<typeof MediaPipelineReportSchema>;

/** POST /v1/admin/stories/{id}/assets: declares an image or video; its bytes go to uploadUrl. */
export const StoryAssetBodySchema = Type.Object({ fileType: LiteralUnion(STORY_ASSET_FILE_TYPES) }, { additionalProperties: false });
export type StoryAssetBody = Static<typeof StoryAssetBodySchema>;
export const StoryAssetUploadSchema = Type.Object({
  asset: AdminMediaAssetSchema,
  uploadUrl: Type.String({ description: `PUT the file's bytes here (Content-Type: the fileType; at most ${STORY_ASSET_MAX_BYTES} bytes), with the same admin token` }),
});
export type StoryAssetUpload = Static<typeof StoryAssetUploadSchema>;
