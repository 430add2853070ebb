import { ArticleStatus, MediaSource, MediaType, ReviewStatus, type ManageArticleBundleCreateBody, type ManageArticleMedia } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sourceColumnsOf } from '../articles/admin-article-repository';
import type { Page } from '../articles/article-repository';

type Db = Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLAYABLE: number[] = [MediaType.VIDEO, MediaType.AUDIO, MediaType.DUBBED_VIDEO];

/**
 * What the publisher studio writes and searches besides the admin's article statements
 * (admin-article-repository.ts, which it shares for reads, edits, state changes and deletes).
 */
export function createManageArticleRepository(db: Db) {
  return {
    /** The language and region a publisher's new articles take when they name none. */
    async defaultsOf(publisherId: string): Promise<{ language: string; regionId: number } | undefined> {
      const row = await db.selectFrom('publishers').select(['default_language', 'default_region_id']).where('id', '=', publisherId).executeTakeFirst();
      return row && { language: row.default_language, regionId: row.default_region_id };
    },

    /** A new draft (pending / none) of the publisher; its state moves on by the lifecycle afterwards. */
    async insert(publisherId: string, body: ManageArticleBundleCreateBody, defaults: { language: string; regionId: number }): Promise<string> {
      const row = await db
        .insertInto('articles')
        .values({
          publisher_id: publisherId,
          // A draft: the lifecycle moves it on (article-lifecycle.ts).
          status: ArticleStatus.PENDING,
          review_status: ReviewStatus.NONE,
          slug: body.slug,
          title: body.title.trim(),
          description: body.description.trim(),
          summary: body.summary ?? '',
          territory: body.territory ?? 0,
          breaking: body.breaking ?? false,
          language: body.language ?? defaults.language,
          region_ids: body.regionIds ?? [defaults.regionId],
          category_ids: (body.categoryIds ?? []).map((id) => id.toLowerCase()),
          ...(body.location
            ? { location_name: body.location.name, location_slug: body.location.slug, lat: body.location.lat, lon: body.location.lon }
            : {}),
          scheduled_at: body.scheduledAt ? new Date(body.scheduledAt) : null,
          ...sourceColumnsOf(body),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Replaces the article's files named by address (SPEC §3 media source 2) with `media`; its
     * uploaded files (media store) stay, as uploads and their removal manage them. The first image
     * of the list is its poster, unless its poster was picked from its video or imported (that
     * choice stays); the first playable file's duration is its duration, else an uploaded one's.
     */
    async replaceMedia(articleId: string, media: ManageArticleMedia[]): Promise<void> {
      const replaced = await db
        .deleteFrom('media_assets')
        .where('article_id', '=', articleId)
        .where('source', '=', MediaSource.DIRECT)
        .returning(['type', 'url'])
        .execute();
      if (media.length > 0) {
        await db
          .insertInto('media_assets')
          .values(
            media.map((file) => ({
              article_id: articleId,
              type: file.type,
              source: MediaSource.DIRECT,
              url: file.url,
              file_type: file.fileType,
              file_size: file.fileSize ?? null,
              language: file.language ?? null,
              duration_seconds: file.durationSeconds ?? null,
            })),
          )
          .execute();
      }
      const listed = new Set(replaced.filter((file) => file.type === MediaType.IMAGE).map((file) => file.url));
      const current = await db.selectFrom('articles').select('poster_url').where('id', '=', articleId).executeTakeFirst();
      const picked = current?.poster_url && !listed.has(current.poster_url) ? current.poster_url : null;
      const uploaded = await db
        .selectFrom('media_assets')
        .select('duration_seconds')
        .where('article_id', '=', articleId)
        .where('source', '<>', MediaSource.DIRECT)
        .where('type', 'in', PLAYABLE)
        .where('duration_seconds', 'is not', null)
        .orderBy('created_at')
        .executeTakeFirst();
      await db
        .updateTable('articles')
        .set({
          poster_url: picked ?? media.find((file) => file.type === MediaType.IMAGE)?.url ?? null,
          duration_seconds: media.find((file) => PLAYABLE.includes(file.type))?.durationSeconds ?? uploaded?.duration_seconds ?? null,
        })
        .where('id', '=', articleId)
        .execute();
    },

    /**
     * The publisher's articles matching `q`, best first: its words in the title, description,
     * summary or transcript (stemmed, accents ignored: the search document of every article,
     * migration 0006), part of the title, or the exact slug or id.
     */
    async search(publisherId: string, q: string, page: Page): Promise<{ ids: string[]; total: number }> {
      const text = q.trim();
      const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byId = UUID.test(text) ? sql`OR a.id = ${text}::uuid` : sql``;
      const { rows } = await sql<{ id: string; total: string }>`
        WITH q AS (SELECT websearch_to_tsquery('english', newsreel_unaccent(${text})) AS tsq)
        SELECT a.id, count(*) OVER () AS total
        FROM articles a CROSS JOIN q LEFT JOIN article_search s ON s.article_id = a.id
        WHERE a.publisher_id = ${publisherId}
          AND (s.document @@ q.tsq OR newsreel_unaccent(lower(a.title)) LIKE newsreel_unaccent(${like}) OR a.slug = ${text.toLowerCase()} ${byId})
        ORDER BY ts_rank(coalesce(s.document, ''::tsvector), q.tsq) DESC, a.created_at DESC, a.id DESC
        LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db);
      return { ids: rows.map((row) => row.id), total: Number(rows[0]?.total ?? 0) };
    },
  };
}

export type ManageArticleRepository = ReturnType<typeof createManageArticleRepository>;
