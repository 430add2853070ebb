import { MediaSource, MediaType, validateMediaAssetBody, type AdminMediaAsset, type AdminMediaAssetAdded, type AdminMediaAssetBody, type MediaPipelineReport } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import { purgeArticleCaches } from '../articles/article-caches';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { adminMediaAssetOf, createMediaAssetRepository } from './media-asset-repository';
import type { MediaProcessor } from './media-processing';

const NO_ARTICLE = 'There is no article with that id.';
/** Audit entries: resource media-asset, id `articleId/assetId` (or `storyId/assetId`). */
export const MEDIA_ASSET_RESOURCE = 'media-asset';

export interface ArticleMediaServiceDeps {
  db: Kysely<Database>;
  media: MediaStore;
  processor: MediaProcessor;
  /** Queues media.process for the asset; the job's id. */
  queue: (assetId: string) => Promise<string>;
}

/**
 * An article's media assets in the admin console (SPEC §7 Admin article extras "media asset" and
 * "test media pipeline"): files named by URL (source direct), each added or removed in one
 * transaction with its audit entry, the article's public answers purged after. A video or audio
 * file, or a transcript, is processed by the media.process job once added.
 */
export function createArticleMediaService({ db, media, processor, queue }: ArticleMediaServiceDeps) {
  const assets = createMediaAssetRepository(db);

  async function articleOf(articleId: string) {
    const article = await db.selectFrom('articles').select(['id', 'language']).where('id', '=', articleId).executeTakeFirst();
    if (!article) throw notFound(NO_ARTICLE);
    return article;
  }

  return {
    async list(articleId: string): Promise<AdminMediaAsset[]> {
      await articleOf(articleId);
      return (await assets.list({ articleId })).map((row) => adminMediaAssetOf(row, media));
    },

    async add(actor: AuditActor, articleId: string, body: AdminMediaAssetBody): Promise<AdminMediaAssetAdded> {
      const problem = validateMediaAssetBody(body)[0];
      if (problem) throw badRequest(`body.${problem.message}`);
      const asset = await db.transaction().execute(async (trx) => {
        const article = await trx.selectFrom('articles').select('id').where('id', '=', articleId).forUpdate().executeTakeFirst();
        if (!article) throw notFound(NO_ARTICLE);
        const row = await createMediaAssetRepository(trx).insert(
          { articleId },
          { type: body.type, source: MediaSource.DIRECT, url: body.url, fileType: body.fileType, fileSize: body.fileSize ?? null, language: body.language ?? null },
        );
        const shown = adminMediaAssetOf(row, media);
        await recordAudit(trx, { actor, action: 'create', resource: MEDIA_ASSET_RESOURCE, resourceId: `${articleId}/${row.id}`, before: null, after: shown });
        return shown;
      });
      purgeArticleCaches(db, articleId);
      // An image needs no processing; everything else gets its duration, picture size, poster or cues.
      const processingJobId = asset.type === MediaType.IMAGE ? null : await queue(asset.id);
      return { asset, processingJobId };
    },

    async remove(actor: AuditActor, articleId: string, assetId: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        const article = await trx.selectFrom('articles').select('id').where('id', '=', articleId).forUpdate().executeTakeFirst();
        if (!article) throw notFound(NO_ARTICLE);
        const row = await createMediaAssetRepository(trx).remove({ articleId }, assetId);
        if (!row) throw notFound('This article has no media asset with that id.');
        await recordAudit(trx, { actor, action: 'delete', resource: MEDIA_ASSET_RESOURCE, resourceId: `${articleId}/${assetId}`, before: adminMediaAssetOf(row, media), after: null });
        return row;
      });
      if (removed.poster_key) await discardMediaFile(media, removed.poster_key);
      if (removed.storage_key) await discardMediaFile(media, removed.storage_key);
      purgeArticleCaches(db, articleId);
    },

    async testPipeline(articleId: string): Promise<MediaPipelineReport> {
      const article = await articleOf(articleId);
      return processor.testPipeline(articleId, article.language);
    },
  };
}
