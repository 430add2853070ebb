import { randomUUID } from 'node:crypto';
import { MediaSource, MediaType, STORY_ASSET_MAX_BYTES, type AdminMediaAsset, type StoryAssetBody, type StoryAssetFileType, type StoryAssetUpload, adminApiPaths } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import type { MediaStore } from '../../integrations/storage/media-store';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { FILE_EXTENSIONS, sniffFileType } from '../polls/asset-sniff';
import { purgeStoryCaches } from '../stories/story-caches';
import { MEDIA_ASSET_RESOURCE } from './article-media-service';
import { adminMediaAssetOf, createMediaAssetRepository } from './media-asset-repository';

const NO_STORY = 'There is no story with that id.';
const NO_ASSET = 'This story has no asset with that id.';

/** A caller's media type without its parameters, in lower case. */
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();
/** A new key for a story's file: never reused, so its URL can be cached for good. */
const keyOf = (storyId: string, fileType: StoryAssetFileType) => `stories/${storyId}/${randomUUID()}.${FILE_EXTENSIONS[fileType]}`;

export interface StoryAssetServiceDeps {
  db: Kysely<Database>;
  media: MediaStore;
  /** Queues media.process for the asset; the job's id. */
  queue: (assetId: string) => Promise<string>;
}

/**
 * A story's images and videos (SPEC §7 Admin stories with their assets), declared and then
 * uploaded like poll assets (checked by their bytes), kept in the media store and recorded as the
 * story's media assets. Each change is in the audit log in its transaction; files are written
 * before it and removed after it commits; the story's public answers are purged after.
 */
export function createStoryAssetService({ db, media, queue }: StoryAssetServiceDeps) {
  const assets = createMediaAssetRepository(db);

  async function lockStory(trx: Kysely<Database>, storyId: string) {
    if (!(await trx.selectFrom('stories').select('id').where('id', '=', storyId).forUpdate().executeTakeFirst())) throw notFound(NO_STORY);
  }

  return {
    async list(storyId: string): Promise<AdminMediaAsset[]> {
      if (!(await db.selectFrom('stories').select('id').where('id', '=', storyId).executeTakeFirst())) throw notFound(NO_STORY);
      return (await assets.list({ storyId })).map((row) => adminMediaAssetOf(row, media));
    },

    async declare(actor: AuditActor, storyId: string, body: StoryAssetBody): Promise<StoryAssetUpload> {
      const key = keyOf(storyId, body.fileType);
      const asset = await db.transaction().execute(async (trx) => {
        await lockStory(trx, storyId);
        const row = await createMediaAssetRepository(trx).insert(
          { storyId },
          {
            type: body.fileType.startsWith('video/') ? MediaType.VIDEO : MediaType.IMAGE,
            source: MediaSource.MEDIA_STORE,
            url: media.url(key),
            fileType: body.fileType,
            fileSize: null,
            language: null,
            storageKey: key,
          },
        );
        const shown = adminMediaAssetOf(row, media);
        await recordAudit(trx, { actor, action: 'declare', resource: MEDIA_ASSET_RESOURCE, resourceId: `${storyId}/${row.id}`, before: null, after: shown });
        return shown;
      });
      return { asset, uploadUrl: adminApiPaths.storyAssetFile(storyId, asset.id) };
    },

    /** Stores the declared file's bytes, once they are what was declared; a new upload replaces the last. */
    async upload(actor: AuditActor, storyId: string, assetId: string, contentType: string | undefined, bytes: unknown): Promise<AdminMediaAsset> {
      const row = await assets.get({ storyId }, assetId);
      if (!row || !row.storage_key) {
        throw notFound((await db.selectFrom('stories').select('id').where('id', '=', storyId).executeTakeFirst()) ? `${NO_ASSET} Declare it first with POST ${adminApiPaths.storyAssets(storyId)}.` : NO_STORY);
      }
      const declared = row.file_type as StoryAssetFileType;
      if (mediaTypeOf(contentType) !== declared || !Buffer.isBuffer(bytes)) {
        throw new HttpError(415, `Send the file's bytes with Content-Type: ${declared}, the type it was declared with.`);
      }
      if (bytes.length === 0) throw badRequest('The body is empty: send the file’s bytes.');
      if (bytes.length > STORY_ASSET_MAX_BYTES) throw new HttpError(413, `A story asset may be at most ${STORY_ASSET_MAX_BYTES / 1024 / 1024} MB (${STORY_ASSET_MAX_BYTES} bytes).`);
      const sniffed = sniffFileType(bytes);
      if (sniffed !== declared) {
        throw new HttpError(415, `The file is not ${declared}${sniffed ? ` (its bytes are ${sniffed})` : ' (its bytes are none of the accepted types)'}; nothing was stored.`);
      }
      const key = keyOf(storyId, declared);
      await media.put(key, bytes, declared);
      const stored = await db.transaction().execute(async (trx) => {
        const after = await createMediaAssetRepository(trx).setFile(assetId, row.storage_key!, key, media.url(key), bytes.length);
        if (!after) return undefined;
        const shown = adminMediaAssetOf(after, media);
        await recordAudit(trx, { actor, action: 'upload', resource: MEDIA_ASSET_RESOURCE, resourceId: `${storyId}/${assetId}`, before: adminMediaAssetOf(row, media), after: shown });
        return shown;
      });
      if (!stored) {
        await media.delete(key);
        throw conflict('This asset was uploaded again or removed while its bytes were being uploaded; nothing was stored.');
      }
      if (row.uploaded_at) await media.delete(row.storage_key);
      if (row.poster_key) await media.delete(row.poster_key);
      purgeStoryCaches(db);
      if (row.type === MediaType.VIDEO) await queue(assetId);
      return stored;
    },

    async remove(actor: AuditActor, storyId: string, assetId: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        await lockStory(trx, storyId);
        const row = await createMediaAssetRepository(trx).remove({ storyId }, assetId);
        if (!row) throw notFound(NO_ASSET);
        await recordAudit(trx, { actor, action: 'delete', resource: MEDIA_ASSET_RESOURCE, resourceId: `${storyId}/${assetId}`, before: adminMediaAssetOf(row, media), after: null });
        return row;
      });
      if (removed.storage_key) await media.delete(removed.storage_key);
      if (removed.poster_key) await media.delete(removed.poster_key);
      purgeStoryCaches(db);
    },
  };
}
