import { manageApiPaths, MediaSource, MediaType, type AdminMediaFile, type KeyframeBody, type PosterChange, type ThumbnailImportBody } from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { useApi, useAppSelector } from '../../../app/state';
import { getAccessToken, type ApiError } from '../../../lib/api-client';
import { manageKeys } from './manage-articles';

/** Upload-Metadata's `type`: the words the server's tus endpoint takes, by SPEC §3 media type. */
export const UPLOAD_TYPE_WORDS = {
  [MediaType.VIDEO]: 'video',
  [MediaType.AUDIO]: 'audio',
  [MediaType.IMAGE]: 'image',
  [MediaType.TRANSCRIPT]: 'transcript',
  [MediaType.DUBBED_VIDEO]: 'dubbed-video',
} as const satisfies Record<MediaType, string>;

/** What the file picker offers: the kinds of file the server takes for each media type. */
export const UPLOAD_ACCEPT = 'video/mp4,video/webm,video/quicktime,audio/*,image/jpeg,image/png,image/webp,image/gif,.vtt,.srt,text/vtt';

/** Bytes per PATCH: small enough to resume after a dropped connection without much lost. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The media type a file's MIME type or name suggests (a dubbed video is chosen by hand). */
export function guessUploadType(file: Pick<File, 'name' | 'type'>): MediaType {
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (extension === 'vtt' || extension === 'srt' || file.type === 'text/vtt' || file.type === 'application/x-subrip') return MediaType.TRANSCRIPT;
  if (file.type.startsWith('audio/') || ['mp3', 'm4a', 'ogg', 'wav', 'weba'].includes(extension)) return MediaType.AUDIO;
  if (file.type.startsWith('image/') || ['jpg', 'jpeg', 'png', 'webp', 'gif'].includes(extension)) return MediaType.IMAGE;
  return MediaType.VIDEO;
}

/**
 * The article's files in the media store (uploaded here): the server draws key frames from
 * these, and thumbnail imports name one of them; files named by address are only linked.
 */
export function uploadedMediaOf(media: AdminMediaFile[]): AdminMediaFile[] {
  return media.filter((file) => file.source === MediaSource.MEDIA_STORE);
}

/** An upload's refusal: the server's status and its message, when it answered. */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

/** The server's answer inside tus-js-client's error: its status and JSON message, when there was one. */
export function uploadErrorOf(error: Error | DetailedError): UploadError {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  if (!response) return new UploadError(null, error.message);
  const status = response.getStatus();
  let message = '';
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not the API's JSON (a proxy's page): the status alone says it.
  }
  return new UploadError(status, message);
}

export interface MediaUploadRequest {
  articleId: string;
  file: File;
  type: MediaType;
  /** A language code for a transcript, audio or dubbed video. */
  language?: string;
}

export interface MediaUploadHandlers {
  onProgress(sent: number, total: number): void;
  onSuccess(assetId: string | null): void;
  onError(error: UploadError): void;
}

/**
 * Uploads a file to an article with the tus protocol (POST /v1/manage/player/media, then PATCHes
 * of CHUNK_BYTES): a dropped connection is retried, and the same file picked again for the same
 * article resumes where it stopped. The answer to the last PATCH names the new media asset
 * (Media-Asset-Id). `cancel` stops it and removes what arrived (DELETE).
 */
export function startMediaUpload(baseUrl: string, { articleId, file, type, language }: MediaUploadRequest, handlers: MediaUploadHandlers): { cancel(): Promise<void> } {
  const typeWord = UPLOAD_TYPE_WORDS[type];
  const upload = new Upload(file, {
    // tus-js-client resolves the upload's Location against this, so it must be absolute.
    endpoint: new URL(`${baseUrl}${manageApiPaths.playerMediaUploads}`, window.location.href).toString(),
    chunkSize: CHUNK_BYTES,
    retryDelays: [0, 1000, 3000, 5000],
    metadata: { articleId, type: typeWord, filename: file.name, ...(language ? { language } : {}) },
    // One resumable upload per file, article and type.
    fingerprint: async () => ['newsreel-media', articleId, typeWord, language ?? '', file.name, file.size, file.lastModified].join(':'),
    removeFingerprintOnSuccess: true,
    // The access token of the moment: it may be renewed during a long upload.
    onBeforeRequest: (request) => {
      const token = getAccessToken();
      if (token) request.setHeader('Authorization', `Bearer ${token}`);
    },
    onProgress: (sent, total) => handlers.onProgress(sent, total),
    onSuccess: ({ lastResponse }) => handlers.onSuccess(lastResponse.getHeader('Media-Asset-Id') ?? null),
    onError: (error) => handlers.onError(uploadErrorOf(error)),
  });
  let cancelled = false;
  void upload
    .findPreviousUploads()
    .catch(() => [])
    .then((previous) => {
      if (cancelled) return;
      if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
      upload.start();
    });
  return {
    cancel: async () => {
      cancelled = true;
      // true: DELETE the upload too, so its bytes do not wait 24 hours on the server.
      await upload.abort(true).catch(() => undefined);
    },
  };
}

const useActivePublisherId = () => useAppSelector((state) => state.user?.activePublisherId ?? null);

/** The article (its media list and poster) is read again after a change to its media. */
export function useInvalidateArticleMedia() {
  const queryClient = useQueryClient();
  const publisherId = useActivePublisherId();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: manageKeys.articles(publisherId) }), [queryClient, publisherId]);
}

/** PUT /v1/manage/player/media/{id}/keyframe: the frame at `position` seconds becomes the article's poster. */
export function usePickKeyframe() {
  const api = useApi();
  const invalidate = useInvalidateArticleMedia();
  return useMutation<PosterChange, ApiError, { assetId: string } & KeyframeBody>({
    mutationFn: ({ assetId, ...body }) => api.put<PosterChange>(manageApiPaths.playerMediaKeyframe(assetId), body),
    onSuccess: () => invalidate(),
  });
}

/** PUT /v1/manage/player/media/{id}/thumbnail/import: the image at `url` becomes the poster of the article `id` belongs to. */
export function useImportThumbnail() {
  const api = useApi();
  const invalidate = useInvalidateArticleMedia();
  return useMutation<PosterChange, ApiError, { assetId: string } & ThumbnailImportBody>({
    mutationFn: ({ assetId, ...body }) => api.put<PosterChange>(manageApiPaths.playerMediaThumbnailImport(assetId), body),
    onSuccess: () => invalidate(),
  });
}
