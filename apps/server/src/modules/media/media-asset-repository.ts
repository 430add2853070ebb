import type { AdminMediaAsset, MediaSource, MediaType } from '@newsreel/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { MediaStore } from '../../integrations/storage/media-store';
import { JOB_SCHEMA } from '../jobs/job-queue';

/** The background job that processes a media asset's file (media-processing.ts). */
export const MEDIA_PROCESS_JOB = 'media.process';

export type MediaAssetRow = Selectable<Database['media_assets']>;
/** Whose asset it is: an article's or a story's. */
export type MediaOwner = { articleId: string } | { storyId: string };

export interface NewMediaAsset {
  type: MediaType;
  source: MediaSource;
  url: string;
  fileType: string;
  fileSize: number | null;
  language: string | null;
  /** A file in the media store: its key, not uploaded yet. */
  storageKey?: string;
}

export interface ProbedFacts {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  posterKey: string | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/** The asset as the admin API shows it; `processing` when a media.process job for it is waiting or running. */
export function adminMediaAssetOf(row: MediaAssetRow & { processing?: boolean }, media: MediaStore): AdminMediaAsset {
  return {
    id: row.id,
    type: row.type as MediaType,
    source: row.source as MediaSource,
    url: row.uploaded_at ? row.url : null,
    fileType: row.file_type,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    language: row.language,
    durationSeconds: row.duration_seconds,
    width: row.width,
    height: row.height,
    poster: row.poster_key ? media.url(row.poster_key) : null,
    processedAt: iso(row.processed_at),
    processing: row.processing ?? false,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Media assets of articles and stories (migrations 0002, 0027). */
export function createMediaAssetRepository(db: Kysely<Database>) {
  const ofOwner = (owner: MediaOwner) =>
    'articleId' in owner
      ? db.selectFrom('media_assets').selectAll().where('article_id', '=', owner.articleId)
      : db.selectFrom('media_assets').selectAll().where('story_id', '=', owner.storyId);

  return {
    /** Oldest first, each with whether a media.process job for it is waiting or running (pg-boss's job table). */
    list: (owner: MediaOwner) =>
      ofOwner(owner)
        .select(
          sql<boolean>`EXISTS (SELECT 1 FROM ${sql.table(`${JOB_SCHEMA}.job`)} j WHERE j.name = ${MEDIA_PROCESS_JOB}
            AND j.state < 'completed' AND j.data->>'assetId' = media_assets.id::text)`.as('processing'),
        )
        .orderBy('created_at')
        .orderBy('id')
        .execute(),

    get: (owner: MediaOwner, id: string) => ofOwner(owner).where('id', '=', id).executeTakeFirst(),

    byId: (id: string) => db.selectFrom('media_assets').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(owner: MediaOwner, asset: NewMediaAsset): Promise<MediaAssetRow> {
      return db
        .insertInto('media_assets')
        .values({
          article_id: 'articleId' in owner ? owner.articleId : null,
          story_id: 'storyId' in owner ? owner.storyId : null,
          type: asset.type,
          source: asset.source,
          url: asset.url,
          file_type: asset.fileType,
          file_size: asset.fileSize,
          language: asset.language,
          duration_seconds: null,
          width: null,
          height: null,
          poster_key: null,
          storage_key: asset.storageKey ?? null,
          // A file in the store has no bytes until they are uploaded.
          ...(asset.storageKey ? { uploaded_at: null } : {}),
          processed_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Points a store asset at its uploaded file (`from` is the key it had, so a changed one is left alone). */
    async setFile(id: string, from: string, to: string, url: string, size: number): Promise<MediaAssetRow | undefined> {
      return db
        .updateTable('media_assets')
        .set({ storage_key: to, url, file_size: size, uploaded_at: sql<Date>`now()`, duration_seconds: null, width: null, height: null, processed_at: null })
        .where('id', '=', id)
        .where('storage_key', '=', from)
        .returningAll()
        .executeTakeFirst();
    },

    async remove(owner: MediaOwner, id: string): Promise<MediaAssetRow | undefined> {
      const query = db.deleteFrom('media_assets').where('id', '=', id);
      return ('articleId' in owner ? query.where('article_id', '=', owner.articleId) : query.where('story_id', '=', owner.storyId)).returningAll().executeTakeFirst();
    },

    /**
     * Records what processing learnt, while the asset still has this file. The poster it drew is
     * kept only when the asset has none yet: one the publisher picked (a key frame, an imported
     * image) or an earlier run made stays, in one statement, so a pick made while the file was
     * being processed is never replaced. `posterKept` false: the caller removes the drawn file.
     */
    async setProbed(id: string, url: string, facts: ProbedFacts): Promise<{ posterKept: boolean } | undefined> {
      const row = await db
        .updateTable('media_assets')
        .set({
          duration_seconds: facts.durationSeconds,
          width: facts.width,
          height: facts.height,
          poster_key: sql<string | null>`coalesce(poster_key, ${facts.posterKey})`,
          processed_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('url', '=', url)
        .returning('poster_key')
        .executeTakeFirst();
      if (!row) return undefined;
      return { posterKept: facts.posterKey !== null && row.poster_key === facts.posterKey };
    },

    /** An article's main playable file: its first video, else its first audio (the public mediafile's rule). */
    async mainMedia(articleId: string): Promise<MediaAssetRow | undefined> {
      return db
        .selectFrom('media_assets')
        .selectAll()
        .where('article_id', '=', articleId)
        .where('type', 'in', [1, 2])
        .orderBy('type')
        .orderBy('created_at')
        .executeTakeFirst();
    },

    /** An article's transcript file: in the article's language when there is one. */
    async transcriptFile(articleId: string, language: string): Promise<MediaAssetRow | undefined> {
      return db
        .selectFrom('media_assets')
        .selectAll()
        .where('article_id', '=', articleId)
        .where('type', '=', 4)
        .orderBy(sql`language = ${language}`, 'desc')
        .orderBy('created_at')
        .executeTakeFirst();
    },
  };
}

export type MediaAssetRepository = ReturnType<typeof createMediaAssetRepository>;
