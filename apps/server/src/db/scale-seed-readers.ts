import { sql, type Kysely } from 'kysely';
import { ActorType, InteractionKind } from '../modules/articles/article-repository';
import { inBatches, SCALE_ANCHOR, SCALE_PUBLISHER_COUNT, vacuumAnalyze } from './scale-seed';
import type { Database } from './schema';

/**
 * Scale readers: synthetic visitors ('scale-visitor-<n>') for the articles of the scale seed, with
 * what personal reads look up: likes, dislikes, saves and views (article_interactions), category
 * scores (user_category_scores) and, for some, blocked publishers or categories (reader_settings).
 * Generated in SQL like seedScale (generate_series, hashint8extended), in batches of visitors, so
 * the same counts give the same rows on PostgreSQL and PGlite.
 *
 * The skew is that of real readers: how many articles a visitor touches goes as u⁴ (most touch a
 * handful, a few touch hundreds), and which articles as a power law over a popularity order that
 * is mostly recency (the newest articles, shuffled by a random factor of up to 5), so a few
 * articles gather most of the likes and views. Every touched article is viewed; 30% of them are
 * also liked, 5% disliked (never both), 10% saved. A visitor's score of a category sums their
 * views (+1), likes (+10), saves (+5) and dislikes (−25) of its articles, within −100..100.
 *
 * Idempotent per batch: a batch is one statement, and it is skipped when its last visitor has
 * interactions already. A visitor's rows depend on the articles there were when it was seeded.
 */

/** 10,000 visitors per 100,000 articles, at most 50,000. */
export const SCALE_VISITOR_CAP = 50_000;
export const DEFAULT_ARTICLES_PER_VISITOR = 35;
export const DEFAULT_VISITOR_BATCH_SIZE = 1_000;
/** Draws of one visitor at most: the k-th draw's hash key is visitor · 4096 + k. */
const MAX_DRAWS_PER_VISITOR = 4_095;

export function scaleVisitorCount(articles: number): number {
  return Math.min(SCALE_VISITOR_CAP, Math.max(1, Math.ceil(articles / 10)));
}

export const scaleVisitorId = (n: number) => `scale-visitor-${n}`;

export interface ScaleReadersProgress {
  /** Visitors handled so far (seeded or found seeded). */
  done: number;
  total: number;
  elapsedMs: number;
}

export interface ScaleReadersOptions {
  /** The scale articles 1..articles that visitors read (they must exist: seedScale first). */
  articles: number;
  /** Default scaleVisitorCount(articles). */
  visitors?: number;
  /** Mean number of articles a visitor touches (views, and maybe likes, dislikes, saves). */
  articlesPerVisitor?: number;
  batchSize?: number;
  /** Batches inserted at once, each on its own connection (PGlite: 1). */
  concurrency?: number;
  onProgress?: (progress: ScaleReadersProgress) => void;
}

export interface ScaleReadersResult {
  visitors: number;
  /** Visitors seeded by this run (0 when all were seeded before). */
  seededVisitors: number;
  interactions: number;
  scores: number;
  settings: number;
  insertMs: number;
  analyzeMs: number;
  totalMs: number;
}

/** A pseudo-random float in [0, 1) from a hash of `key` and `salt`, as SQL. */
const uniform = (key: string, salt: number) => sql.raw(`((hashint8extended(${key}, ${salt}) & 2147483647)::float8 / 2147483648)`);
/** A pseudo-random integer in [0, count) from a hash of `key` and `salt`, as SQL (`count` is SQL too). */
const index = (key: string, salt: number, count: string) => sql.raw(`((hashint8extended(${key}, ${salt}) & 2147483647) % (${count}))::int`);

/**
 * The popularity order of the scale articles, in a temporary table of this connection: rank 0 is
 * the hottest. Mostly newest first, each article's age stretched by a random factor (0.25–1.25).
 */
async function buildPopularityOrder(db: Kysely<Database>, articles: number): Promise<number> {
  await sql`DROP TABLE IF EXISTS pg_temp.scale_reader_articles`.execute(db);
  await sql`CREATE TEMPORARY TABLE scale_reader_articles AS
    SELECT (row_number() OVER (
        ORDER BY extract(epoch FROM ${SCALE_ANCHOR}::timestamptz - a.published_at) * (0.25 + ${uniform('g.n', 100)}), a.id) - 1)::int AS rank,
      a.id, a.category_ids, a.published_at
    FROM generate_series(1::bigint, ${articles}::bigint) AS g(n)
    JOIN articles a ON a.id = md5('scale-article-' || g.n)::uuid`.execute(db);
  await sql`ALTER TABLE scale_reader_articles ADD PRIMARY KEY (rank)`.execute(db);
  await sql`ANALYZE scale_reader_articles`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM scale_reader_articles`.execute(db);
  return rows[0]?.n ?? 0;
}

interface BatchCounts {
  interactions: number;
  scores: number;
  settings: number;
}

/** Seeds visitors [from, to] in one statement; needs the popularity order of this connection. */
async function insertVisitors(
  db: Kysely<Database>,
  from: number,
  to: number,
  rankedArticles: number,
  articlesPerVisitor: number,
  publisherIds: string[],
  categoryIds: string[],
): Promise<BatchCounts> {
  // Literals, not parameters: a parameter in VALUES would be typed text.
  const visitor = sql.lit(ActorType.VISITOR);
  const [LIKE, DISLIKE, SAVE, VIEW] = [InteractionKind.LIKE, InteractionKind.DISLIKE, InteractionKind.SAVE, InteractionKind.VIEW].map((kind) => sql.lit(kind));
  // The hash key of a visitor's k-th draw.
  const draw = 'd.v * 4096 + d.k';
  const { rows } = await sql<BatchCounts>`
    WITH visitor AS (
      SELECT g.v, 'scale-visitor-' || g.v AS actor_id,
        -- 5·u⁴ has mean 1: most visitors touch a few articles, a few touch many.
        least(${MAX_DRAWS_PER_VISITOR}, 1 + floor((${articlesPerVisitor * 5} - 1) * power(${uniform('g.v', 101)}, 4)))::int AS draws
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g(v)
    ),
    drawn AS (
      SELECT v.actor_id, d.v, d.k,
        -- u³ over the popularity order: a power law, rank 0 the most drawn.
        floor(${rankedArticles} * power(${uniform(draw, 102)}, 3))::int AS rank,
        ${uniform(draw, 103)} AS reaction, ${uniform(draw, 104)} AS keeps, ${uniform(draw, 105)} AS delay
      FROM visitor v CROSS JOIN LATERAL (SELECT v.v, k FROM generate_series(1, v.draws) AS k) AS d
    ),
    touched AS (
      -- A visitor who draws an article twice touches it once (the first draw decides).
      SELECT DISTINCT ON (d.actor_id, r.id) d.actor_id, r.id AS article_id, r.category_ids,
        d.reaction, d.keeps,
        -- Most reads come within hours of publication, none later than three days.
        r.published_at + power(d.delay, 2) * interval '72 hours' AS viewed_at
      FROM drawn d JOIN scale_reader_articles r ON r.rank = d.rank
      ORDER BY d.actor_id, r.id, d.k
    ),
    interactions AS (
      INSERT INTO article_interactions (article_id, actor_type, actor_id, kind, created_at)
      SELECT t.article_id, ${visitor}, t.actor_id, k.kind, t.viewed_at + k.after * interval '1 second'
      FROM touched t CROSS JOIN LATERAL (VALUES
        (${VIEW}, true, 0),
        -- One draw decides like or dislike, so a visitor never holds both for an article.
        (${LIKE}, t.reaction < 0.30, 30),
        (${DISLIKE}, t.reaction >= 0.30 AND t.reaction < 0.35, 30),
        (${SAVE}, t.keeps < 0.10, 40)
      ) AS k(kind, happens, after)
      WHERE k.happens
      ON CONFLICT DO NOTHING
      RETURNING 1
    ),
    interest AS (
      SELECT t.actor_id, c.category_id,
        greatest(-100, least(100, sum(1
          + CASE WHEN t.reaction < 0.30 THEN 10 WHEN t.reaction < 0.35 THEN -25 ELSE 0 END
          + CASE WHEN t.keeps < 0.10 THEN 5 ELSE 0 END))) AS score
      FROM touched t CROSS JOIN LATERAL unnest(t.category_ids) AS c(category_id)
      GROUP BY t.actor_id, c.category_id
    ),
    scores AS (
      INSERT INTO user_category_scores (actor_type, actor_id, category_id, score, updated_at)
      SELECT ${visitor}, actor_id, category_id, score, ${SCALE_ANCHOR}::timestamptz FROM interest WHERE score <> 0
      ON CONFLICT DO NOTHING
      RETURNING 1
    ),
    blocked AS (
      -- 10% of visitors block one or two publishers, 5% one category.
      SELECT v.actor_id, 'blockedPublishers' AS key,
        CASE WHEN ${uniform('v.v', 107)} < 0.5 THEN jsonb_build_array(p.ids[1 + f.first_pick])
          -- A second publisher, never the first.
          ELSE jsonb_build_array(p.ids[1 + f.first_pick], p.ids[1 + (f.first_pick + 1 + ${index('v.v', 109, 'cardinality(p.ids) - 1')}) % cardinality(p.ids)])
        END AS value
      FROM visitor v CROSS JOIN (SELECT ${publisherIds}::text[] AS ids) p
        CROSS JOIN LATERAL (SELECT ${index('v.v', 108, 'cardinality(p.ids)')} AS first_pick) f
      WHERE ${uniform('v.v', 106)} < 0.10
      UNION ALL
      SELECT v.actor_id, 'blockedCategories', jsonb_build_array(c.ids[1 + ${index('v.v', 111, 'cardinality(c.ids)')}])
      FROM visitor v CROSS JOIN (SELECT ${categoryIds}::text[] AS ids) c
      WHERE ${uniform('v.v', 110)} < 0.05
    ),
    settings AS (
      INSERT INTO reader_settings (actor_type, actor_id, key, value, updated_at)
      SELECT ${visitor}, actor_id, key, value, ${SCALE_ANCHOR}::timestamptz FROM blocked
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM interactions)::int AS interactions, (SELECT count(*) FROM scores)::int AS scores,
      (SELECT count(*) FROM settings)::int AS settings`.execute(db);
  return rows[0] ?? { interactions: 0, scores: 0, settings: 0 };
}

/** The ids of the scale publishers and categories (found by slug), in number order. */
export async function scaleOwnerIds(db: Kysely<Database>): Promise<{ publisherIds: string[]; categoryIds: string[] }> {
  const idsOf = async (table: 'publishers' | 'categories', prefix: string) => {
    const rows = await db.selectFrom(table).select(['id', 'slug']).where('slug', 'like', `${prefix}%`).execute();
    return rows
      .map((row) => ({ id: row.id, n: Number(row.slug.slice(prefix.length)) }))
      .filter((row) => Number.isInteger(row.n))
      .sort((a, b) => a.n - b.n)
      .map((row) => row.id);
  };
  return { publisherIds: await idsOf('publishers', 'scale-publisher-'), categoryIds: await idsOf('categories', 'scale-category-') };
}

export async function seedScaleReaders(db: Kysely<Database>, options: ScaleReadersOptions): Promise<ScaleReadersResult> {
  const started = performance.now();
  const visitors = options.visitors ?? scaleVisitorCount(options.articles);
  const articlesPerVisitor = options.articlesPerVisitor ?? DEFAULT_ARTICLES_PER_VISITOR;
  const batchSize = options.batchSize ?? DEFAULT_VISITOR_BATCH_SIZE;
  for (const [name, value] of Object.entries({ articles: options.articles, visitors, articlesPerVisitor, batchSize })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number of at least 1`);
  }

  const batches: [number, number][] = [];
  for (let from = 1; from <= visitors; from += batchSize) batches.push([from, Math.min(visitors, from + batchSize - 1)]);
  // A batch is one statement: its last visitor has interactions exactly when it was seeded.
  const seeded = await db
    .selectFrom('article_interactions')
    .select('actor_id')
    .distinct()
    .where('actor_type', '=', ActorType.VISITOR)
    .where('actor_id', 'in', batches.map(([, to]) => scaleVisitorId(to)))
    .execute();
  const seededLast = new Set(seeded.map((row) => row.actor_id));
  const pending = batches.filter(([, to]) => !seededLast.has(scaleVisitorId(to)));
  const sizeOf = ([from, to]: [number, number]) => to - from + 1;
  let done = visitors - pending.reduce((sum, batch) => sum + sizeOf(batch), 0);
  const totals = { interactions: 0, scores: 0, settings: 0, seededVisitors: 0 };
  const result = (insertMs: number, analyzeMs: number) => ({ visitors, ...totals, insertMs, analyzeMs, totalMs: performance.now() - started });
  if (pending.length === 0) return result(0, 0);

  const { publisherIds, categoryIds } = await scaleOwnerIds(db);
  if (publisherIds.length !== SCALE_PUBLISHER_COUNT || categoryIds.length < 2) throw new Error('Seed the scale articles first (seedScale)');

  // Each connection keeps its own copy of the popularity order.
  let ranked = 0;
  await inBatches(db, pending, options.concurrency ?? 1, {
    async open(connection) {
      ranked = await buildPopularityOrder(connection, options.articles);
      if (ranked === 0) throw new Error('There are no scale articles to read: seed them first (seedScale)');
    },
    async each(connection, batch) {
      const counts = await insertVisitors(connection, batch[0], batch[1], ranked, articlesPerVisitor, publisherIds, categoryIds);
      totals.interactions += counts.interactions;
      totals.scores += counts.scores;
      totals.settings += counts.settings;
      totals.seededVisitors += sizeOf(batch);
      done += sizeOf(batch);
      options.onProgress?.({ done, total: visitors, elapsedMs: performance.now() - started });
    },
    async close(connection) {
      await sql`DROP TABLE IF EXISTS pg_temp.scale_reader_articles`.execute(connection);
    },
  });
  const insertMs = performance.now() - started;

  const analyzeStarted = performance.now();
  await vacuumAnalyze(db, ['article_interactions', 'user_category_scores', 'reader_settings']);
  return result(insertMs, performance.now() - analyzeStarted);
}
