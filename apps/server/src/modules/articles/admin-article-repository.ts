import {
  ArticleStatus,
  LIST_TOTAL_LOOKAHEAD,
  type AdminArticle,
  type AdminArticleListQuery,
  type AdminArticleUpdateBody,
  type ArticleStatus as ArticleStatusValue,
  type ArticleSourceFields,
  type ReviewStatus,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordAudit, type AuditEntry } from '../audit/audit-log';
import type { Page } from './article-repository';
import type { ArticleChange, ArticleFacts } from './article-lifecycle';

type Db = Kysely<Database>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const SORTS = {
  createdAt: sql`a.created_at`,
  updatedAt: sql`a.updated_at`,
  publishedAt: sql`a.published_at`,
  scheduledAt: sql`a.scheduled_at`,
  reviewRequestedAt: sql`a.review_requested_at`,
  title: sql`lower(a.title)`,
} as const;

interface AdminArticleRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  summary: string;
  summary_by_ai: boolean;
  status: number;
  review_status: number;
  review_note: string | null;
  live: boolean;
  territory: number;
  breaking: boolean;
  language: string;
  region_ids: number[];
  location_name: string | null;
  location_slug: string | null;
  lat: number | null;
  lon: number | null;
  poster_url: string | null;
  duration_seconds: number | null;
  published_at: Date | null;
  scheduled_at: Date | null;
  review_requested_at: Date | null;
  created_at: Date;
  updated_at: Date;
  publisher_id: string;
  publisher_name: string;
  publisher_slug: string;
  categories: AdminArticle['categories'];
  media: AdminArticle['media'];
  credits: AdminArticle['credits'];
  keywords: string[];
  copyright: string | null;
  source_url: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toAdminArticle(row: AdminArticleRow): AdminArticle {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    summary: row.summary,
    summaryByAi: row.summary_by_ai,
    status: row.status as AdminArticle['status'],
    reviewStatus: row.review_status as AdminArticle['reviewStatus'],
    reviewNote: row.review_note,
    live: row.live,
    territory: row.territory as AdminArticle['territory'],
    breaking: row.breaking,
    language: row.language,
    regionIds: row.region_ids,
    categories: row.categories,
    publisher: { id: row.publisher_id, name: row.publisher_name, slug: row.publisher_slug },
    location:
      row.location_slug && row.lat !== null && row.lon !== null
        ? { name: row.location_name ?? '', slug: row.location_slug, lat: row.lat, lon: row.lon }
        : null,
    poster: row.poster_url,
    durationSeconds: row.duration_seconds,
    media: row.media.map((file) => ({ ...file, fileSize: file.fileSize === null ? null : Number(file.fileSize) })),
    credits: row.credits,
    keywords: row.keywords,
    copyright: row.copyright,
    sourceUrl: row.source_url,
    publishedAt: iso(row.published_at),
    scheduledAt: iso(row.scheduled_at),
    reviewRequestedAt: iso(row.review_requested_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

/** Articles by id, in the order asked, with their publisher, categories (in the article's order) and media. */
export async function loadAdminArticles(db: Db, ids: string[]): Promise<AdminArticle[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<AdminArticleRow>`
    SELECT a.id, a.slug, a.title, a.description, a.summary, a.summary_by_ai, a.status, a.review_status, a.review_note,
      (a.status = ${ArticleStatus.ACTIVE} AND a.published_at <= now()) AS live,
      a.territory, a.breaking, a.language, a.region_ids, a.location_name, a.location_slug, a.lat, a.lon,
      a.poster_url, a.duration_seconds, a.published_at, a.scheduled_at, a.review_requested_at, a.created_at, a.updated_at,
      a.credits, a.keywords, a.copyright, a.source_url,
      p.id AS publisher_id, p.name AS publisher_name, p.slug AS publisher_slug,
      (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug)
          ORDER BY array_position(a.category_ids, c.id)), '[]')
        FROM categories c WHERE c.id = ANY (a.category_ids)) AS categories,
      (SELECT coalesce(json_agg(json_build_object('id', m.id, 'type', m.type, 'source', m.source, 'url', m.url, 'fileType', m.file_type,
          'fileSize', m.file_size, 'language', m.language, 'durationSeconds', m.duration_seconds) ORDER BY m.type, m.created_at, m.id), '[]')
        FROM media_assets m WHERE m.article_id = a.id) AS media
    FROM articles a JOIN publishers p ON p.id = a.publisher_id
    WHERE a.id = ANY (${ids}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toAdminArticle(row)] : [];
  });
}

/** The columns an admin edit writes (PUT /v1/admin/articles/{id}); the state is not among them. */
function columnsOf(values: AdminArticleUpdateBody) {
  return {
    ...(values.title !== undefined ? { title: values.title } : {}),
    ...(values.slug !== undefined ? { slug: values.slug } : {}),
    ...(values.description !== undefined ? { description: values.description } : {}),
    // A summary written here is a person's.
    ...(values.summary !== undefined ? { summary: values.summary, summary_by_ai: false } : {}),
    ...(values.territory !== undefined ? { territory: values.territory } : {}),
    ...(values.breaking !== undefined ? { breaking: values.breaking } : {}),
    ...(values.language !== undefined ? { language: values.language } : {}),
    ...(values.regionIds !== undefined ? { region_ids: values.regionIds } : {}),
    ...(values.categoryIds !== undefined ? { category_ids: values.categoryIds.map((id) => id.toLowerCase()) } : {}),
    ...(values.location !== undefined
      ? values.location === null
        ? { location_name: null, location_slug: null, lat: null, lon: null }
        : { location_name: values.location.name, location_slug: values.location.slug, lat: values.location.lat, lon: values.location.lon }
      : {}),
    ...(values.scheduledAt !== undefined ? { scheduled_at: values.scheduledAt === null ? null : new Date(values.scheduledAt) } : {}),
    ...sourceColumnsOf(values),
  };
}

/** The columns of what the article's source said (migration 0031), for the fields given. */
export function sourceColumnsOf(values: ArticleSourceFields) {
  return {
    ...(values.credits !== undefined ? { credits: JSON.stringify(values.credits.map((credit) => ({ name: credit.name.trim(), role: credit.role?.trim() || null }))) } : {}),
    ...(values.keywords !== undefined ? { keywords: values.keywords.map((keyword) => keyword.trim()) } : {}),
    ...(values.copyright !== undefined ? { copyright: values.copyright?.trim() || null } : {}),
    ...(values.sourceUrl !== undefined ? { source_url: values.sourceUrl } : {}),
  };
}

/** The admin's reads and writes of articles (migrations 0002, 0021); the state moves only by `applyChange`. */
export function createAdminArticleRepository(db: Db): AdminArticleRepository {
  return {
    ...adminArticleStatements(db),
    transaction: (work) => db.transaction().execute((trx) => work(createAdminArticleRepository(trx))),
  };
}

function adminArticleStatements(db: Db) {
  return {
    /**
     * A page of the filtered, sorted list and its total, counted up to LIST_TOTAL_LOOKAHEAD past
     * the page from one read of the ids (as the public feeds count theirs).
     */
    async list(query: AdminArticleListQuery & { language?: string }, page: Page): Promise<{ items: AdminArticle[]; total: number }> {
      const conditions = [sql`true`];
      if (query.language) conditions.push(sql`a.language = ${query.language}`);
      if (query.status !== undefined) conditions.push(sql`a.status = ${query.status}`);
      if (query.reviewStatus !== undefined) conditions.push(sql`a.review_status = ${query.reviewStatus}`);
      if (query.publisherId) conditions.push(sql`a.publisher_id = ${query.publisherId}`);
      if (query.categoryId) conditions.push(sql`a.category_ids @> ARRAY[${query.categoryId}]::uuid[]`);
      const q = query.q?.trim();
      if (q && UUID.test(q)) conditions.push(sql`a.id = ${q}::uuid`);
      else if (q) {
        // The title's trigram index (migration 0002) serves a part of the title.
        const like = `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        conditions.push(sql`(newsreel_unaccent(lower(a.title)) LIKE newsreel_unaccent(${like}) OR a.slug = ${q.toLowerCase()})`);
      }
      const direction = query.order === 'asc' ? sql`ASC` : sql`DESC`;
      const order = sql`ORDER BY ${SORTS[query.sort ?? 'createdAt']} ${direction} NULLS LAST, a.id ${direction}`;
      const { rows } = await sql<{ total: string; ids: string[] | null }>`
        WITH ids AS MATERIALIZED (
          SELECT a.id, row_number() OVER (${order}) AS position FROM articles a
          WHERE ${sql.join(conditions, sql` AND `)} ${order} LIMIT ${page.offset + page.limit + LIST_TOTAL_LOOKAHEAD})
        SELECT count(*) AS total,
          (array_agg(id ORDER BY position) FILTER (WHERE position > ${page.offset}))[1:${page.limit}] AS ids
        FROM ids`.execute(db);
      return { items: await loadAdminArticles(db, rows[0]?.ids ?? []), total: Number(rows[0]?.total ?? 0) };
    },

    async get(id: string): Promise<AdminArticle | undefined> {
      return (await loadAdminArticles(db, [id]))[0];
    },

    /**
     * What the lifecycle rules read of the article, its row locked until the transaction ends, and
     * the database's time (the transaction's start): "now" for the rules, so an article approved
     * now is published at a time the database's own `published_at <= now()` already covers.
     */
    async lockFacts(id: string): Promise<(ArticleFacts & { now: Date }) | undefined> {
      const { rows } = await sql<{
        now: Date;
        status: number;
        review_status: number;
        scheduled_at: Date | null;
        summary_by_ai: boolean;
        has_summary: boolean;
        has_media: boolean;
      }>`
        SELECT now() AS now, a.status, a.review_status, a.scheduled_at, a.summary_by_ai, btrim(a.summary) <> '' AS has_summary,
          EXISTS (SELECT 1 FROM media_assets m WHERE m.article_id = a.id AND m.type IN (1, 2, 5)) AS has_media
        FROM articles a WHERE a.id = ${id} FOR UPDATE OF a`.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      return {
        now: new Date(row.now),
        status: row.status as ArticleStatusValue,
        reviewStatus: row.review_status as ReviewStatus,
        scheduledAt: row.scheduled_at === null ? null : new Date(row.scheduled_at),
        summaryByAi: row.summary_by_ai,
        hasSummary: row.has_summary,
        hasMedia: row.has_media,
      };
    },

    /** Writes a transition the lifecycle allowed (article-lifecycle.ts). */
    async applyChange(id: string, change: ArticleChange): Promise<void> {
      await db
        .updateTable('articles')
        .set({
          status: change.status,
          review_status: change.reviewStatus,
          ...(change.publishedAt !== undefined ? { published_at: change.publishedAt } : {}),
          ...(change.reviewNote !== undefined ? { review_note: change.reviewNote } : {}),
          ...(change.reviewRequestedAt !== undefined ? { review_requested_at: change.reviewRequestedAt } : {}),
          ...(change.summary !== undefined ? { summary: change.summary } : {}),
          ...(change.summaryByAi !== undefined ? { summary_by_ai: change.summaryByAi } : {}),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async update(id: string, values: AdminArticleUpdateBody): Promise<void> {
      await db
        .updateTable('articles')
        .set({ ...columnsOf(values), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** The ids among `ids` that name no category. */
    async missingCategories(ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const found = new Set(
        (await db.selectFrom('categories').select('id').where('id', 'in', ids.map((id) => id.toLowerCase())).execute()).map((row) => row.id),
      );
      return ids.filter((id) => !found.has(id.toLowerCase()));
    },

    /** Records an admin write (or the publishing job's) in the audit log, in this repository's transaction. */
    async audit(entry: Omit<AuditEntry, 'resource'>): Promise<void> {
      await recordAudit(db, { ...entry, resource: 'article' });
    },

    /**
     * Deletes the article with its media records, transcripts, interactions and places in stories
     * and playlists. Answers the media store's keys of the files its media held (uploaded files and
     * the posters drawn from them), for the caller to discard once the deletion has committed; and
     * undefined when there is no such article.
     */
    async remove(id: string): Promise<string[] | undefined> {
      const files = await db.selectFrom('media_assets').select(['storage_key', 'poster_key']).where('article_id', '=', id).execute();
      const removed = await db.deleteFrom('articles').where('id', '=', id).returning('id').executeTakeFirst();
      if (!removed) return undefined;
      return files.flatMap((file) => [file.storage_key, file.poster_key]).filter((key): key is string => key !== null);
    },
  };
}

export type AdminArticleRepository = ReturnType<typeof adminArticleStatements> & {
  /** Runs `work` in one transaction, with the repository bound to it. */
  transaction<T>(work: (articles: AdminArticleRepository) => Promise<T>): Promise<T>;
};
