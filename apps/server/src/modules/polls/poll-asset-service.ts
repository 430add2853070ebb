import { randomUUID } from 'node:crypto';
import { POLL_ASSET_MAX_BYTES, type PollAsset, type PollAssetBody, type PollAssetFileType, type PollAssetUpload, adminApiPaths } from '@newsreel/contracts';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import type { AuditActor } from '../audit/audit-log';
import { FILE_EXTENSIONS, sniffFileType } from './asset-sniff';
import type { PollRepository } from './poll-repository';

const NO_POLL = 'There is no poll with that id.';
/**
 * Audit entries about a poll's assets have the poll's id as resourceId, and show the asset (its
 * file name with it) before and after as the admin API does: a file name may have 200 characters,
 * as many as an entry's id, so `pollId/fileName` would not always fit.
 */
const RESOURCE = 'poll-asset';

/** A caller's media type without its parameters, in lower case. */
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();

/** A new key for a poll's file: never reused, so its URL can be cached for good. */
const keyOf = (pollId: string, fileType: PollAssetFileType) => `polls/${pollId}/${randomUUID()}.${FILE_EXTENSIONS[fileType]}`;

/**
 * A poll's images and videos: declared, uploaded (checked to be what was declared), removed. Each
 * change is recorded in the audit log in its transaction; the media store's files are written
 * before it and removed after it commits.
 */
export function createPollAssetService({ polls, media }: { polls: PollRepository; media: MediaStore }) {
  const assetOf = (asset: { file_type: string; file_name: string; storage_key: string; uploaded_at: Date | null }): PollAsset => ({
    fileType: asset.file_type as PollAssetFileType,
    fileName: asset.file_name,
    url: asset.uploaded_at ? media.url(asset.storage_key) : null,
  });

  return {
    /** Declares a file; its bytes go to the answer's uploadUrl. Declaring a name again replaces that file. */
    async declare(actor: AuditActor, pollId: string, body: PollAssetBody): Promise<PollAssetUpload> {
      const asset: PollAsset = { fileType: body.fileType, fileName: body.fileName, url: null };
      const replaced = await polls.transaction(async (trx) => {
        if (!(await trx.lock(pollId))) throw notFound(NO_POLL);
        const previous = await trx.assets.declare(pollId, body.fileType, body.fileName, keyOf(pollId, body.fileType));
        await trx.touch(pollId);
        await trx.audit({ actor, action: 'declare', resource: RESOURCE, resourceId: pollId, before: previous ? assetOf(previous) : null, after: asset });
        return previous;
      });
      if (replaced?.uploaded_at) await discardMediaFile(media, replaced.storage_key);
      return { asset, uploadUrl: `${adminApiPaths.pollAssetFile(pollId)}?fileName=${encodeURIComponent(body.fileName)}` };
    },

    /** Stores the declared file's bytes, once they are what was declared; a new upload replaces the last. */
    async upload(actor: AuditActor, pollId: string, fileName: string, contentType: string | undefined, bytes: unknown): Promise<PollAsset> {
      const asset = await polls.assets.get(pollId, fileName);
      if (!asset) {
        throw notFound((await polls.exists(pollId)) ? `This poll has no asset named "${fileName}"; declare it first with PUT ${adminApiPaths.pollAsset(pollId)}.` : NO_POLL);
      }
      const declared = asset.file_type as PollAssetFileType;
      if (mediaTypeOf(contentType) !== declared || !Buffer.isBuffer(bytes)) {
        throw new HttpError(415, `Send the file's bytes with Content-Type: ${declared}, the type it was declared with.`);
      }
      if (bytes.length === 0) throw badRequest('The body is empty: send the file’s bytes.');
      if (bytes.length > POLL_ASSET_MAX_BYTES) throw new HttpError(413, `A poll asset may be at most ${POLL_ASSET_MAX_BYTES / 1024 / 1024} MB (${POLL_ASSET_MAX_BYTES} bytes).`);
      const sniffed = sniffFileType(bytes);
      if (sniffed !== declared) {
        throw new HttpError(415, `The file is not ${declared}${sniffed ? ` (its bytes are ${sniffed})` : ' (its bytes are none of the accepted types)'}; nothing was stored.`);
      }
      const key = keyOf(pollId, declared);
      await media.put(key, bytes, declared);
      const after = assetOf({ ...asset, storage_key: key, uploaded_at: new Date() });
      const stored = await polls.transaction(async (trx) => {
        if (!(await trx.assets.setFile(pollId, fileName, asset.storage_key, key, bytes.length))) return false;
        await trx.touch(pollId);
        await trx.audit({ actor, action: 'upload', resource: RESOURCE, resourceId: pollId, before: assetOf(asset), after });
        return true;
      });
      if (!stored) {
        await media.delete(key);
        throw conflict('This asset was declared again or deleted while its bytes were being uploaded; nothing was stored.');
      }
      if (asset.uploaded_at) await discardMediaFile(media, asset.storage_key);
      return after;
    },

    async remove(actor: AuditActor, pollId: string, fileName: string): Promise<void> {
      const removed = await polls.transaction(async (trx) => {
        const row = await trx.assets.remove(pollId, fileName);
        if (!row) throw notFound((await trx.exists(pollId)) ? `This poll has no asset named "${fileName}".` : NO_POLL);
        await trx.touch(pollId);
        await trx.audit({ actor, action: 'delete', resource: RESOURCE, resourceId: pollId, before: assetOf(row), after: null });
        return row;
      });
      if (removed.uploaded_at) await discardMediaFile(media, removed.storage_key);
    },

  };
}
