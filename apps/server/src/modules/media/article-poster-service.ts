import { randomUUID } from 'node:crypto';
import { MediaType, THUMBNAIL_IMPORT_MAX_BYTES, type KeyframeBody, type PosterChange, type ThumbnailImportBody } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { fetchOutside, httpErrorOf, OutsideFetchError } from '../../integrations/outside-urls/outside-fetch';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import type { JobQueue } from '../jobs/job-queue';
import { purgeArticleCaches } from '../articles/article-caches';
import { FILE_EXTENSIONS, sniffFileType } from '../polls/asset-sniff';
import { localFileOf, MediaFileError, type MediaFolders } from './media-files';
import { makePoster, MediaToolError } from './media-tools';

/** Puts a poster made earlier in place, at the time its delay ends. */
export const POSTER_APPLY_JOB = 'media.poster-apply';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
const KEYFRAME_TYPES: number[] = [MediaType.VIDEO, MediaType.DUBBED_VIDEO];
const NO_MEDIA = 'There is no media with that id on that article among your publisher’s articles.';

export interface ArticlePosterDeps {
  db: Kysely<Database>;
  media: MediaStore;
  folders: MediaFolders;
  jobs: JobQueue;
  /** OUTSIDE_URLS_ALLOW: private addresses thumbnail imports may still read. */
  allowAddresses: readonly string[];
}

/**
 * An article's poster from its video or from an outside image (SPEC §7, under the video-player
 * provider segment: key frame and thumbnail import). The image is made and stored in the request,
 * so a bad position, address or file is the caller's 4xx with nothing changed; it replaces the
 * article's poster at once, or after `delay` seconds by the media.poster-apply job.
 */
export function createArticlePosterService({ db, media, folders, jobs, allowAddresses }: ArticlePosterDeps) {
  /** The asset, when it belongs to an article of the publisher (and to `articleId` when given). */
  async function ownedAsset(publisherId: string, assetId: string, articleId?: string) {
    const row = await db
      .selectFrom('media_assets as m')
      .innerJoin('articles as a', 'a.id', 'm.article_id')
      .select(['m.id', 'm.article_id', 'm.type', 'm.url', 'm.duration_seconds', 'm.uploaded_at'])
      .where('m.id', '=', assetId)
      .where('a.publisher_id', '=', publisherId)
      .executeTakeFirst();
    if (!row || !row.article_id || (articleId && row.article_id !== articleId.toLowerCase())) throw notFound(NO_MEDIA);
    return { ...row, article_id: row.article_id };
  }

  /** Replaces the article's poster with `posterKey`, removing the one this asset made before. */
  async function apply(articleId: string, assetId: string, posterKey: string): Promise<boolean> {
    const previous = await db.transaction().execute(async (trx) => {
      const asset = await trx.selectFrom('media_assets').select('poster_key').where('id', '=', assetId).where('article_id', '=', articleId).forUpdate().executeTakeFirst();
      if (!asset) return undefined;
      await trx.updateTable('media_assets').set({ poster_key: posterKey }).where('id', '=', assetId).execute();
      await trx.updateTable('articles').set({ poster_url: media.url(posterKey), updated_at: sql<Date>`now()` }).where('id', '=', articleId).execute();
      return { key: asset.poster_key };
    });
    if (!previous) {
      // The media or its article was removed meanwhile.
      await discardMediaFile(media, posterKey);
      return false;
    }
    if (previous.key && previous.key !== posterKey) await discardMediaFile(media, previous.key);
    purgeArticleCaches(db, articleId);
    return true;
  }

  async function applyOrSchedule(articleId: string, assetId: string, posterKey: string, delay = 0): Promise<PosterChange> {
    const posterUrl = media.url(posterKey);
    if (delay === 0) {
      await apply(articleId, assetId, posterKey);
      return { articleId, posterUrl, appliesAt: new Date().toISOString(), applied: true };
    }
    const appliesAt = new Date(Date.now() + delay * 1000);
    await jobs.sendJob(POSTER_APPLY_JOB, { articleId, assetId, posterKey }, { startAfter: appliesAt });
    return { articleId, posterUrl, appliesAt: appliesAt.toISOString(), applied: false };
  }

  return {
    apply,

    /** The frame at `position` of the article's video becomes its poster. */
    async keyframe(publisherId: string, assetId: string, body: KeyframeBody): Promise<PosterChange> {
      const asset = await ownedAsset(publisherId, assetId, body.articleId);
      if (!KEYFRAME_TYPES.includes(asset.type)) throw badRequest('Key frames come from a video; this media is not one. Import a thumbnail for it instead.');
      if (!asset.uploaded_at) throw conflict('The video has not been uploaded yet; pick its key frame once it has.');
      if (asset.duration_seconds !== null && body.position > asset.duration_seconds) {
        throw badRequest(`position is past the video’s end: it is ${Math.floor(asset.duration_seconds * 10) / 10} s long.`);
      }
      let jpeg: Buffer;
      try {
        jpeg = await makePoster(localFileOf(asset.url, folders), body.position);
      } catch (error) {
        if (error instanceof MediaFileError || error instanceof MediaToolError) throw conflict(`No key frame could be drawn: ${error.message}`);
        throw error;
      }
      const key = `posters/${asset.id}/${randomUUID()}.jpg`;
      await media.put(key, jpeg, 'image/jpeg');
      return applyOrSchedule(asset.article_id, asset.id, key, body.delay);
    },

    /** An image at an outside address, read through the SSRF guard, becomes the article's poster. */
    async importThumbnail(publisherId: string, assetId: string, body: ThumbnailImportBody): Promise<PosterChange> {
      const asset = await ownedAsset(publisherId, assetId);
      let bytes: Buffer;
      try {
        bytes = (await fetchOutside(body.url, { maxBytes: THUMBNAIL_IMPORT_MAX_BYTES, timeoutMs: 10_000, accept: IMAGE_TYPES.join(', '), allowAddresses })).body;
      } catch (error) {
        if (error instanceof OutsideFetchError) throw httpErrorOf(error);
        throw error;
      }
      const type = sniffFileType(bytes);
      if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) {
        throw new HttpError(415, 'The address does not hold a JPEG, PNG, WebP or GIF image (judged by its bytes); nothing was changed.');
      }
      const key = `posters/${asset.id}/${randomUUID()}.${FILE_EXTENSIONS[type]}`;
      await media.put(key, bytes, type);
      return applyOrSchedule(asset.article_id, asset.id, key, body.delay);
    },
  };
}

export type ArticlePosterService = ReturnType<typeof createArticlePosterService>;

let registered: WeakSet<JobQueue> | undefined;

/** Registers media.poster-apply once: a poster whose delay ended replaces the article's current one. */
export function registerPosterJobs(jobs: JobQueue, posters: ArticlePosterService): void {
  registered ??= new WeakSet();
  if (registered.has(jobs)) return;
  registered.add(jobs);
  jobs.registerJob<{ articleId: string; assetId: string; posterKey: string }>(
    POSTER_APPLY_JOB,
    async (job) => ({ applied: await posters.apply(job.data.articleId, job.data.assetId, job.data.posterKey) }),
    { retryLimit: 3, retryDelaySeconds: 30, retryBackoff: true },
  );
}
