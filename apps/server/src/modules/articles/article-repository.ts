import type { ArticleSummary, MediaFile, Transcript, TranscriptCue } from '@newsreel/contracts';
import { ArticleStatus, LIST_TOTAL_LOOKAHEAD } from '@newsreel/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { keptPlan } from '../../db/client';
import { SerialisedItems } from '../../http/query';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** A list item: the article's ArticleSummary as JSON text (its card). */
interface SummaryRow {
  id: string;
  card: string;
}

interface MediaRow {
  type: number;
  source: number;
  url: string;
  file_type: string;
  file_size: number | null;
  language: string | null;
  duration_seconds: number | null;
}

/**
 * The articles `ids` (an SQL uuid[]) as list items, a subquery to name: each one's ArticleSummary
 * as JSON text (its card, with its publisher, categories and main playable file, kept by triggers
 * in article_cards, migration 0050), and its place in `ids` as `position`. Ids of no article are
 * left out; the caller decides which articles may be shown. Written into the statement, not a
 * function: a function whose argument is a subquery is not planned with the statement, and an
 * SQL function planned its query again at every call.
 */
const summariesOf = (ids: RawBuilder<unknown>) => sql`(SELECT k.article_id AS id, k.card, picked.n AS position
  FROM unnest(${ids}) WITH ORDINALITY AS picked (id, n) JOIN article_cards k ON k.article_id = picked.id)`;

/** A radar item: its summary with the distance, in whole metres, as the last key. */
const withDistance = (summary: string, meters: number) => `${summary.slice(0, -1)},"distanceMeters":${Math.round(meters)}}`;

/** The summary as a value, for an answer that holds more than the summary. */
const parsed = (row: SummaryRow) => JSON.parse(row.card) as ArticleSummary;

// Every media file of an article, for the article itself (GET /v1/articles/{id}).
const MEDIA_LIST = sql`(SELECT coalesce(json_agg(m ORDER BY m.type, m.id), '[]') FROM (
     SELECT id, type, source, url, file_type, file_size, language, duration_seconds
     FROM media_assets WHERE article_id = a.id) m) AS media_list`;
// The status as a literal: a kept plan (generic, planned without the values) can then use the
// partial indexes of public articles (`WHERE status = 1`), which a parameter could not prove.
const PUBLIC = sql`a.status = ${sql.lit(ArticleStatus.ACTIVE)} AND a.published_at <= now()`;

/**
 * A feed filtered by up to this many region × category combinations reads one newest-first index
 * range per combination; a request naming more reads the entries of all of them at once.
 */
const MAX_ENTRY_RANGES = 64;
/**
 * A feed reading at most this many ranges keeps its plan (keptPlan): each range is one index range
 * newest first whatever its values, so one plan serves them all, and planning the statement cost
 * more than running it. Each count of regions and categories is a statement of its own on every
 * connection, so requests naming more are planned each time.
 */
const KEPT_PLAN_MAX_RANGES = 8;
/** The region and category of the feed entries that serve lists not filtered by them (migration 0006). */
const ANY_REGION = -1;
const ANY_CATEGORY = '00000000-0000-0000-0000-000000000000';
/** The personal feed ranks this many of the newest articles in the reader's regions. */
export const PERSONAL_FEED_CANDIDATES = 1_000;

function toMediaFile(row: MediaRow): MediaFile {
  return {
    type: row.type as MediaFile['type'],
    source: row.source as MediaFile['source'],
    url: row.url,
    fileType: row.file_type,
    fileSize: row.file_size === null ? null : Number(row.file_size),
    language: row.language,
    durationSeconds: row.duration_seconds,
  };
}

interface TranscriptRow {
  language: string;
  cues: TranscriptCue[];
}

/**
 * The transcripts of article `a`, the one to show first: in `language`, else in the article's own
 * language, else any (by language).
 */
const transcriptsOf = (language: string | null) => sql`(SELECT coalesce(json_agg(
    json_build_object('language', t.language, 'cues', t.cues)
    ORDER BY CASE WHEN t.language = ${language} THEN 0 WHEN t.language = a.language THEN 1 ELSE 2 END, t.language), '[]')
  FROM transcripts t WHERE t.article_id = a.id)`;

function chosenTranscript(articleId: string, transcripts: TranscriptRow[]): Transcript | null {
  const chosen = transcripts[0];
  if (!chosen) return null;
  return { articleId, language: chosen.language, languages: transcripts.map((t) => t.language).sort(), cues: chosen.cues };
}

export interface FeedFilters {
  regionIds?: number[];
  categoryIds?: string[];
  publisherId?: string;
  territory?: number;
  language?: string;
  breaking?: boolean;
}

/** How many index ranges of article_feed_entries a feed filtered by region or category reads. */
const entryRanges = (filters: FeedFilters) => Math.max(1, filters.regionIds?.length ?? 0) * Math.max(1, filters.categoryIds?.length ?? 0);

/**
 * The newest `take` article ids (with their published_at) of a feed filtered by region or
 * category, from article_feed_entries: one range of its newest-first index per region ×
 * category asked for (a list not asked for reads the entries for any region or any category),
 * merged without repeats. The other filters are checked on the columns the index carries.
 */
function filteredEntries(filters: FeedFilters, take: number): RawBuilder<{ article_id: string; published_at: Date }> {
  const rest: RawBuilder<unknown>[] = [sql`e.published_at <= now()`];
  if (filters.publisherId) rest.push(sql`e.publisher_id = ${filters.publisherId}`);
  if (filters.territory !== undefined) rest.push(sql`e.territory = ${filters.territory}`);
  if (filters.language) rest.push(sql`e.language = ${filters.language}`);
  if (filters.breaking !== undefined) rest.push(sql`e.breaking = ${sql.lit(filters.breaking)}`);
  const regions = filters.regionIds?.length ? filters.regionIds : [ANY_REGION];
  const categories = filters.categoryIds?.length ? filters.categoryIds : [ANY_CATEGORY];
  const newest = sql`ORDER BY e.published_at DESC, e.article_id DESC LIMIT ${take}`;
  if (entryRanges(filters) > MAX_ENTRY_RANGES) {
    return sql`SELECT DISTINCT e.article_id, e.published_at FROM article_feed_entries e
      WHERE e.region_id = ANY(${regions}::smallint[]) AND e.category_id = ANY(${categories}::uuid[])
        AND ${sql.join(rest, sql` AND `)} ${newest}`;
  }
  const ranges = regions.flatMap((region) =>
    categories.map(
      (category) => sql`(SELECT e.article_id, e.published_at FROM article_feed_entries e
        WHERE e.region_id = ${region} AND e.category_id = ${category}::uuid
          AND ${sql.join(rest, sql` AND `)} ${newest})`,
    ),
  );
  if (ranges.length === 1) return ranges[0] as RawBuilder<{ article_id: string; published_at: Date }>;
  // Merged in the feed's order, an article's repeats side by side, each kept once. Unlike a
  // UNION, this lets PostgreSQL merge the ranges as it reads them and stop once it has the page
  // and the total's lookahead: a UNION hashed every entry of every range and sorted them (page 20
  // of two regions × two categories at 1,000,000 articles: 3,600 entries, 2.8 ms; merged, 941
  // entries, 0.6 ms).
  return sql<{ article_id: string; published_at: Date }>`SELECT article_id, published_at FROM (
      SELECT e.article_id, e.published_at, lag(e.article_id) OVER (ORDER BY e.published_at DESC, e.article_id DESC) AS previous
      FROM (${sql.join(ranges, sql` UNION ALL `)}) e) merged
    WHERE previous IS DISTINCT FROM article_id`;
}

const filtersRegionOrCategory = (filters: FeedFilters) => Boolean(filters.regionIds?.length || filters.categoryIds?.length);

/** The WHERE conditions of a public list filtered so (also GET /v1/vendor/articles). */
export function feedConditions(filters: FeedFilters): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [PUBLIC];
  if (filters.regionIds?.length) conditions.push(sql`a.region_ids && ${filters.regionIds}::smallint[]`);
  if (filters.categoryIds?.length) conditions.push(sql`a.category_ids && ${filters.categoryIds}::uuid[]`);
  if (filters.publisherId) conditions.push(sql`a.publisher_id = ${filters.publisherId}`);
  if (filters.territory !== undefined) conditions.push(sql`a.territory = ${filters.territory}`);
  if (filters.language) conditions.push(sql`a.language = ${filters.language}`);
  if (filters.breaking !== undefined) conditions.push(sql`a.breaking = ${sql.lit(filters.breaking)}`);
  return conditions;
}

export interface Page {
  offset: number;
  limit: number;
}

/**
 * Runs a paged query whose rows carry `count(*) OVER () AS total`. That count rides on the
 * page's rows, so a page past the last one has none: then the first row is read to learn it.
 */
export async function pageWithTotal<R extends { total: string | number }>(
  page: Page,
  run: (at: Page) => Promise<R[]>,
): Promise<{ rows: R[]; total: number }> {
  const rows = await run(page);
  const counted = rows.length === 0 && page.offset > 0 ? (await run({ offset: 0, limit: 1 }))[0] : rows[0];
  return { rows, total: Number(counted?.total ?? 0) };
}

type CountedRow = SummaryRow & { total: string; distance_meters?: number };
/** A list's article id on a page, with the count of the whole list. */
type PagedId = { id: string; total: string };

export function createArticleRepository(db: Db) {
  /**
   * A page of `ordered` (article ids, newest first or nearest first, as `order` says) and its total
   * counted up to LIST_TOTAL_LOOKAHEAD past the page, from one read of the ids: it costs a fixed
   * amount more than the page, never a count of the list. Or `total` counts them, when that
   * costs less than reading them in order (radar).
   */
  async function pageOfIds(
    ordered: RawBuilder<unknown>,
    order: RawBuilder<unknown>,
    page: Page,
    {
      extra = sql``,
      total,
      planKept = false,
    }: {
      extra?: RawBuilder<unknown>;
      /** The list's total up to LIST_TOTAL_LOOKAHEAD past the page, read apart from the ids. */
      total?: RawBuilder<unknown>;
      planKept?: boolean;
    } = {},
  ) {
    // The count is the outer row, so a page past the end still says how many there are. OFFSET 0
    // keeps a `total` where it is: pulled up into the select list, it ran once for every row.
    const statement = sql<CountedRow | { id: null; total: string }>`
      WITH ids AS MATERIALIZED (${ordered} ${order} LIMIT ${page.offset + page.limit + LIST_TOTAL_LOOKAHEAD}),
      pick AS (SELECT *, row_number() OVER (${order}) AS position FROM ids ${order} LIMIT ${page.limit} OFFSET ${page.offset})
      SELECT c.id, c.card ${extra}, counted.total
      FROM (${total ? sql`SELECT ${total} AS total OFFSET 0` : sql`SELECT count(*) AS total FROM ids`}) counted
      LEFT JOIN (${summariesOf(sql`ARRAY(SELECT id FROM pick ORDER BY position)`)} c JOIN pick ON pick.id = c.id) ON true
      ORDER BY c.position`;
    const { rows } = await (planKept ? keptPlan(statement) : statement).execute(db);
    const found = rows.filter((row): row is CountedRow => row.id !== null);
    const texts = found.map((row) => (row.distance_meters === undefined ? row.card : withDistance(row.card, row.distance_meters)));
    return { items: new SerialisedItems(texts), total: Number(rows[0]?.total ?? 0) };
  }

  /**
   * A page of a list whose statement picks the page's article ids (`a.id`, in the list's order)
   * and counts the whole list (`count(*) OVER () AS total`), with the articles' summaries. A
   * materialised CTE hands its rows on in the order its statement gave them.
   */
  async function listPage(page: Page, query: (at: Page) => RawBuilder<PagedId>, { planKept = false } = {}) {
    const { rows, total } = await pageWithTotal(page, async (at) => {
      const statement = sql<CountedRow>`WITH page AS MATERIALIZED (${query(at)})
        SELECT c.id, c.card, page.total FROM ${summariesOf(sql`ARRAY(SELECT id FROM page)`)} c JOIN page ON page.id = c.id
        ORDER BY c.position`;
      return (await (planKept ? keptPlan(statement) : statement).execute(db)).rows;
    });
    return { items: new SerialisedItems(rows.map((row) => row.card)), total };
  }

  return {
    async feed(filters: FeedFilters, page: Page) {
      const newest = sql`ORDER BY published_at DESC, id DESC`;
      if (filtersRegionOrCategory(filters)) {
        const entries = filteredEntries(filters, page.offset + page.limit + LIST_TOTAL_LOOKAHEAD);
        const planKept = entryRanges(filters) <= KEPT_PLAN_MAX_RANGES;
        return pageOfIds(sql`SELECT article_id AS id, published_at FROM (${entries}) entries`, newest, page, { planKept });
      }
      const where = sql.join(feedConditions(filters), sql` AND `);
      return pageOfIds(sql`SELECT a.id, a.published_at FROM articles a WHERE ${where}`, newest, page, { planKept: true });
    },

    /** Most views, likes and saves in the last 48 hours (likes and saves weigh more). */
    async trending(page: Page) {
      return listPage(page, (at) => sql<PagedId>`
        WITH scores AS (
          SELECT article_id, sum(CASE kind WHEN 1 THEN 3 WHEN 3 THEN 2 WHEN 4 THEN 1 ELSE 0 END) AS score
          FROM article_interactions WHERE created_at > now() - interval '48 hours' GROUP BY article_id)
        SELECT a.id, count(*) OVER () AS total
        FROM articles a JOIN scores s ON s.article_id = a.id
        WHERE ${PUBLIC} AND s.score > 0
        ORDER BY s.score DESC, a.published_at DESC LIMIT ${at.limit} OFFSET ${at.offset}`);
    },

    /** What is being watched right now: most views in the last hour. */
    async pulse(page: Page) {
      return listPage(page, (at) => sql<PagedId>`
        WITH recent AS (
          SELECT article_id, count(*) AS views FROM article_interactions
          WHERE kind = 4 AND created_at > now() - interval '1 hour' GROUP BY article_id)
        SELECT a.id, count(*) OVER () AS total
        FROM articles a JOIN recent r ON r.article_id = a.id
        WHERE ${PUBLIC}
        ORDER BY r.views DESC, a.published_at DESC LIMIT ${at.limit} OFFSET ${at.offset}`);
    },

    /** A briefing: the newest article of each category, newest first. */
    async summary(filters: FeedFilters, page: Page) {
      const where = sql.join(feedConditions(filters), sql` AND `);
      return listPage(page, (at) => sql<PagedId>`
        WITH latest AS (
          SELECT DISTINCT ON (c.category_id) c.category_id, a.id
          FROM categories cat
          CROSS JOIN LATERAL (
            SELECT a.id FROM articles a WHERE ${where} AND a.category_ids && ARRAY[cat.id]
            ORDER BY a.published_at DESC LIMIT 1) a
          CROSS JOIN LATERAL (SELECT cat.id AS category_id) c)
        SELECT a.id, count(*) OVER () AS total
        FROM articles a WHERE a.id IN (SELECT id FROM latest)
        ORDER BY a.published_at DESC LIMIT ${at.limit} OFFSET ${at.offset}`);
    },

    /**
     * Articles whose location lies within `radius` metres of a point, nearest first, from
     * article_places (the nearest_places function of migration 0007). Its GiST index returns
     * places in order of the straight-line distance `<->`, which orders exactly like the
     * great-circle distance, and stops after the page; a box bounds the scan and the chord of the
     * radius cuts the box to the circle. Articles at the very same distance come in the index's
     * order. The total counts the places in the circle up to the lookahead past the page, in no
     * order (places_within, migration 0043). The centre is earth_point, ll_to_earth inlined
     * (migration 0055).
     */
    async radar(lat: number, lon: number, radius: number, page: Page) {
      const centre = sql`earth_point(${lat}, ${lon})`;
      return pageOfIds(
        sql`SELECT article_id AS id, distance_meters, nearness FROM nearest_places(${centre}, ${radius}::float8, ${page.offset + page.limit}::int)`,
        sql`ORDER BY nearness`,
        page,
        {
          extra: sql`, pick.distance_meters`,
          total: sql`places_within(${centre}, ${radius}::float8, ${page.offset + page.limit + LIST_TOTAL_LOOKAHEAD}::int)`,
          // Kept: the functions hide the places from the planner, so one plan serves every point.
          planKept: true,
        },
      );
    },

    /** Public articles by id, in the order asked; unknown or hidden ids are left out. */
    async byIds(ids: string[]): Promise<ArticleSummary[]> {
      if (ids.length === 0) return [];
      const { rows } = await keptPlan(sql<SummaryRow>`SELECT c.id, c.card
        FROM ${summariesOf(sql`ARRAY(SELECT a.id FROM articles a WHERE ${PUBLIC} AND a.id = ANY(${ids}::uuid[]))`)} c`).execute(db);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row ? [parsed(row)] : [];
      });
    },

    async summaryOf(id: string): Promise<(ArticleSummary & { summary: string }) | undefined> {
      const { rows } = await keptPlan(sql<SummaryRow & { summary: string }>`SELECT c.id, c.card, a.summary
        FROM ${summariesOf(sql`ARRAY[${id}]::uuid[]`)} c JOIN articles a ON a.id = c.id WHERE ${PUBLIC}`).execute(db);
      const row = rows[0];
      return row && { ...parsed(row), summary: row.summary };
    },

    /**
     * One public article with its summary and every media file, in one query; asked with
     * `transcript`, its transcript too (in `language`, as `transcript()` chooses), in the same query.
     */
    async articleOf(
      id: string,
      { transcript }: { transcript?: { language?: string | undefined } } = {},
    ): Promise<(ArticleSummary & { summary: string; media: MediaFile[]; transcript?: Transcript | null }) | undefined> {
      const { rows } = await keptPlan(sql<SummaryRow & { summary: string; media_list: MediaRow[]; transcripts?: TranscriptRow[] }>`
        SELECT c.id, c.card, a.summary, ${MEDIA_LIST}${transcript ? sql`, ${transcriptsOf(transcript.language ?? null)} AS transcripts` : sql``}
        FROM ${summariesOf(sql`ARRAY[${id}]::uuid[]`)} c JOIN articles a ON a.id = c.id WHERE ${PUBLIC}`).execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const article = { ...parsed(row), summary: row.summary, media: row.media_list.map(toMediaFile) };
      return transcript ? { ...article, transcript: chosenTranscript(id, row.transcripts ?? []) } : article;
    },

    async media(articleId: string): Promise<MediaFile[]> {
      const rows = await db
        .selectFrom('media_assets')
        .select(['type', 'source', 'url', 'file_type', 'file_size', 'language', 'duration_seconds'])
        .where('article_id', '=', articleId)
        .orderBy('type')
        .execute();
      return rows.map(toMediaFile);
    },

    /** The transcript in the language asked, else in the article's own language, else any. */
    async transcript(articleId: string, language?: string): Promise<Transcript | null> {
      const { rows } = await keptPlan(sql<{ transcripts: TranscriptRow[] }>`
        SELECT ${transcriptsOf(language ?? null)} AS transcripts FROM articles a WHERE a.id = ${articleId}`).execute(db);
      return chosenTranscript(articleId, rows[0]?.transcripts ?? []);
    },

    async inOrderedList(table: 'playlist' | 'story', listId: string, page: Page) {
      const join = sql.table(table === 'playlist' ? 'playlist_articles' : 'story_articles');
      const key = sql.ref(table === 'playlist' ? 'l.playlist_id' : 'l.story_id');
      return listPage(page, (at) => sql<PagedId>`
        SELECT a.id, count(*) OVER () AS total
        FROM articles a JOIN ${join} l ON l.article_id = a.id
        WHERE ${key} = ${listId} AND ${PUBLIC}
        ORDER BY l.position LIMIT ${at.limit} OFFSET ${at.offset}`);
    },

    /**
     * The reader's own feed: the newest PERSONAL_FEED_CANDIDATES public articles in their regions,
     * leaving out the publishers and categories they blocked (their settings), ordered by their
     * interest (the sum of their scores of the article's categories), then newest first
     * (personal_feed, migration 0049, keeps its plans across requests).
     */
    async personalFeed(actor: Actor, regionIds: number[], page: Page) {
      return listPage(
        page,
        (at) => sql<PagedId>`SELECT f.id, f.total FROM personal_feed(${actor.type}::smallint, ${actor.id}, ${regionIds}::smallint[],
          ${PERSONAL_FEED_CANDIDATES}::integer, ${at.limit}::integer, ${at.offset}::integer) f`,
        { planKept: true },
      );
    },

    /** Articles an actor has interacted with (saved, viewed), most recent first. */
    async byInteraction(actor: Actor, kind: InteractionKind, page: Page) {
      return listPage(page, (at) => sql<PagedId>`
        SELECT a.id, count(*) OVER () AS total
        FROM articles a JOIN article_interactions i ON i.article_id = a.id
        WHERE i.actor_type = ${actor.type} AND i.actor_id = ${actor.id} AND i.kind = ${kind} AND ${PUBLIC}
        ORDER BY i.created_at DESC LIMIT ${at.limit} OFFSET ${at.offset}`);
    },

    async existingPublicIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const { rows } = await sql<{ id: string }>`SELECT a.id FROM articles a WHERE ${PUBLIC} AND a.id = ANY(${ids}::uuid[])`.execute(db);
      return new Set(rows.map((r) => r.id));
    },
  };
}

export type ArticleRepository = ReturnType<typeof createArticleRepository>;

export const InteractionKind = { LIKE: 1, DISLIKE: 2, SAVE: 3, VIEW: 4 } as const;
export type InteractionKind = (typeof InteractionKind)[keyof typeof InteractionKind];
export const ActorType = { USER: 1, VISITOR: 2 } as const;
export interface Actor {
  type: (typeof ActorType)[keyof typeof ActorType];
  id: string;
}
