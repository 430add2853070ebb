import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import { manageApiPaths, MediaSource, MediaType } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { putMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { sniffUpload, UPLOAD_FILE_TYPES, UPLOAD_MAX_BYTES } from './media-sniff';

/** The tus endpoint: POST here creates an upload, whose address is `${UPLOADS_PATH}/{id}`. */
export const UPLOADS_PATH = manageApiPaths.playerMediaUploads;
/** An upload not finished within this is removed with its bytes (the media.uploads-cleanup job). */
export const UPLOAD_EXPIRY_MS = 24 * 60 * 60 * 1000;

/** Upload-Metadata's media type, as tus-js-client sends it: a word of SPEC §3's media types. */
export const UPLOAD_MEDIA_TYPES: Record<string, number> = {
  video: MediaType.VIDEO,
  audio: MediaType.AUDIO,
  image: MediaType.IMAGE,
  transcript: MediaType.TRANSCRIPT,
  'dubbed-video': MediaType.DUBBED_VIDEO,
};
const PROCESSED: number[] = [MediaType.VIDEO, MediaType.AUDIO, MediaType.TRANSCRIPT, MediaType.DUBBED_VIDEO];

type TusUpload = Awaited<ReturnType<FileStore['getUpload']>>;

/** Upload-Metadata: comma-separated `key base64value` pairs (tus 1.0.0). */
export function parseUploadMetadata(header: string | undefined): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const pair of (header ?? '').split(',')) {
    const [key, value] = pair.trim().split(' ');
    if (key) metadata[key] = value ? Buffer.from(value, 'base64').toString('utf8') : '';
  }
  return metadata;
}

export interface MediaUploadDeps {
  db: Kysely<Database>;
  media: MediaStore;
  /** Where unfinished uploads are kept (DATA_DIR/uploads). */
  directory: string;
  /** Queues media.process for the new asset. */
  queue(assetId: string): Promise<unknown>;
}

/**
 * Resumable uploads of an article's media (tus 1.0.0, by @tus/server). Who may upload, to which
 * article, what and how much is decided before the protocol starts (`checkCreation`,
 * `checkUpload`), so every refusal is the API's own JSON error; once the last byte arrives the
 * file is judged by its bytes, moved into the media store, recorded as the article's media asset
 * (its id is the upload's) and queued for processing.
 */
export function createMediaUploads({ db, media, directory, queue }: MediaUploadDeps) {
  // Made on the first upload, once its folder exists: FileStore would make the folder itself, but
  // throws out of a callback (ending the process) when it cannot.
  let opened: Promise<{ store: FileStore; tus: TusServer }> | undefined;
  const ready = () =>
    (opened ??= mkdir(directory, { recursive: true }).then(
      () => {
        const store = new FileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_MS });
        return { store, tus: tusServerOf(store) };
      },
      (error: unknown) => {
        opened = undefined;
        throw error;
      },
    ));

  async function ownedArticle(publisherId: string, articleId: string) {
    const article = await db.selectFrom('articles').select(['id', 'language']).where('id', '=', articleId).where('publisher_id', '=', publisherId).executeTakeFirst();
    if (!article) throw notFound('There is no article with that id among your publisher’s articles.');
    return article;
  }

  /** The file, judged by its bytes, in the media store and recorded as the article's asset. */
  async function finish(store: FileStore, upload: TusUpload): Promise<string> {
    const metadata = upload.metadata ?? {};
    const type = UPLOAD_MEDIA_TYPES[metadata.type ?? '']!;
    const file = path.join(directory, upload.id);
    const head = Buffer.alloc(4096);
    const handle = await open(file, 'r');
    const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const fileType = sniffUpload(head.subarray(0, bytesRead), type);
    if (!fileType) {
      await store.remove(upload.id);
      throw new HttpError(415, `The file is not a ${metadata.type} this server takes (${Object.keys(UPLOAD_FILE_TYPES[type]!).join(', ')}), judged by its bytes; nothing was stored.`);
    }
    const key = `articles/${metadata.articleId}/${upload.id}.${UPLOAD_FILE_TYPES[type]![fileType]}`;
    await putMediaFile(media, key, file, fileType);
    const inserted = await db
      .insertInto('media_assets')
      .values({
        id: upload.id,
        article_id: metadata.articleId!,
        type,
        source: MediaSource.MEDIA_STORE,
        url: media.url(key),
        file_type: fileType,
        file_size: upload.size ?? null,
        language: metadata.language || null,
        storage_key: key,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst()
      .catch((error: unknown) => {
        // The article was deleted meanwhile (a foreign-key violation): its asset cannot be recorded.
        if ((error as { code?: string }).code === '23503') return undefined;
        throw error;
      });
    await store.remove(upload.id);
    if (!inserted) {
      await media.delete(key).catch(() => undefined);
      throw notFound('The article was deleted while its media was uploaded; nothing was stored.');
    }
    if (PROCESSED.includes(type)) await queue(upload.id);
    return upload.id;
  }

  const tusServerOf = (store: FileStore) =>
    new TusServer({
      path: UPLOADS_PATH,
      datastore: store,
      relativeLocation: true,
      respectForwardedHeaders: false,
      // The upload's id is the media asset's id to be.
      namingFunction: () => randomUUID(),
      async onUploadFinish(_request, upload) {
        try {
          const assetId = await finish(store, upload);
          return { headers: { 'Media-Asset-Id': assetId } };
        } catch (error) {
          if (error instanceof HttpError) throw { status_code: error.statusCode, body: JSON.stringify({ statusCode: error.statusCode, error: 'Upload refused', message: error.message }) };
          throw error;
        }
      },
    });

  return {
    /** Answers a tus request (hijacked from Fastify) once the access rule and the checks below let it through. */
    async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
      await (await ready()).tus.handle(request, response);
    },

    /** A new upload's Upload-Length and Upload-Metadata {articleId, type, filename?, language?}, before tus makes it. */
    async checkCreation(publisherId: string, headers: Record<string, string | string[] | undefined>): Promise<void> {
      const metadata = parseUploadMetadata(headers['upload-metadata'] as string | undefined);
      const type = UPLOAD_MEDIA_TYPES[metadata.type ?? ''];
      if (type === undefined) throw badRequest(`Upload-Metadata must give the media's type: one of ${Object.keys(UPLOAD_MEDIA_TYPES).join(', ')}.`);
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(metadata.articleId ?? '')) {
        throw badRequest('Upload-Metadata must give articleId, the id of the article the media belongs to.');
      }
      if (metadata.language && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(metadata.language)) throw badRequest('language in Upload-Metadata must be a language code such as en or pt-BR.');
      const length = Number(headers['upload-length']);
      if (!Number.isInteger(length) || length <= 0) throw badRequest('Upload-Length must give the file’s size in bytes: uploads of unknown length are not taken.');
      const max = UPLOAD_MAX_BYTES[type]!;
      if (length > max) throw new HttpError(413, `A ${metadata.type} may be at most ${Math.round(max / 1024 / 1024)} MB; this one is ${Math.ceil(length / 1024 / 1024)} MB.`);
      await ownedArticle(publisherId, metadata.articleId!);
    },

    /** An upload this publisher may continue, look at or cancel: one of its own articles'. */
    async checkUpload(publisherId: string, uploadId: string): Promise<void> {
      const { store } = await ready();
      const upload = /^[0-9a-f-]{36}$/.test(uploadId) ? await store.getUpload(uploadId).catch(() => undefined) : undefined;
      if (!upload) throw notFound('There is no unfinished upload with that id; it may have finished, or expired after 24 hours.');
      await ownedArticle(publisherId, upload.metadata?.articleId ?? '').catch(() => {
        throw notFound('There is no unfinished upload with that id; it may have finished, or expired after 24 hours.');
      });
    },

    /** Removes uploads left unfinished for longer than UPLOAD_EXPIRY_MS; how many. */
    cleanUp: async () => (await ready()).tus.cleanUpExpiredUploads(),
  };
}

export type MediaUploads = ReturnType<typeof createMediaUploads>;
