import type { Category, Publisher, Story } from '@newsreel/contracts';
import { ArticleStatus } from '@newsreel/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { escapeHtml } from '../../http/html';
import { pageWithTotal, type Page } from '../articles/article-repository';

// ts_headline does not escape the text around its markers, so it marks matches with control
// characters that cannot occur in stored text; highlight() escapes everything, then swaps them.
const MARK_START = '\u0001';
const MARK_END = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=2, MaxFragments=2, FragmentDelimiter=" … "`;

/** HTML-escaped text with the matches wrapped in <mark></mark>. */
export function highlight(marked: string): string {
  return escapeHtml(marked)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

export interface ArticleMatch {
  id: string;
  rank: number;
  snippet: string;
  quote: { start: number; end: number; text: string } | null;
}

/**
 * Search ranks the newest this many candidates: full-text matches, and, when those are fewer than
 * the page, titles spelled like the query. `total` is therefore counted up to it.
 */
export const SEARCH_CANDIDATES = 300;

/**
 * Full-text search first walks the newest this many public articles, newest first, testing each
 * one: a word in one article of ten finds its candidates there. The rest are read by week.
 */
export const SEARCH_RECENT_WALK = 3_000;
/**
 * The spans of weeks (weeks ago, from–to) full-text search then reads in turn, newest first,
 * until it has SEARCH_CANDIDATES matches, each span twice the one before; the GIN index
 * intersects the words with the spans' week lexemes, so a rare word costs a few small index
 * reads. -1 is next week, so an article published while the clock turns a week is not missed.
 * Older weeks are read last, in one go.
 */
const SEARCH_WEEK_SPANS: [number, number][] = [[-1, 0], [1, 1], [2, 3], [4, 7], [8, 15], [16, 31], [32, 63]];

/**
 * The CTE `name`: the newest matches of `tsq` (that also meet `also`), as UNION ALL of a walk of the newest SEARCH_RECENT_WALK articles,
 * one branch per span of SEARCH_WEEK_SPANS older than those, and one for everything older still.
 * Under a LIMIT, PostgreSQL runs the branches in order and stops when it has enough, so the
 * branches after the one that fills the candidates are never read.
 */
function newestMatches(name: string, tsq: RawBuilder<unknown>, take = SEARCH_CANDIDATES): RawBuilder<unknown> {
  const week = sql`search_week(now())`;
  const weekStart = (weeksAgo: number) => sql`to_timestamp((${week} - ${weeksAgo}) * 604800)`;
  const since = sql`(SELECT since FROM search_recent)`;
  const branch = (conditions: RawBuilder<unknown>) => sql`(SELECT s.article_id AS id, s.published_at FROM article_search s
    WHERE s.status = ${ArticleStatus.ACTIVE} AND s.published_at <= now() AND s.document @@ ${tsq} AND ${conditions}
    ORDER BY s.published_at DESC, s.article_id DESC LIMIT ${take})`;
  // `+ interval '0'`: the span's weeks are in the GIN index's words already, and read as a range of
  // the newest-first index the bound made the planner AND a bitmap of every older article (97,000
  // at 100,000 articles, 12 ms) into each span.
  const spans = SEARCH_WEEK_SPANS.map(([from, to]) =>
    branch(sql`s.published_at + interval '0' < ${since} AND s.document @@ search_weeks(${week} - ${to}, ${week} - ${from})`),
  );
  const oldest = SEARCH_WEEK_SPANS.at(-1)![1];
  const branches = [branch(sql`s.published_at >= ${since}`), ...spans, branch(sql`s.published_at < ${since} AND s.published_at < ${weekStart(oldest)}`)];
  return sql`${sql.ref(name)} AS (SELECT * FROM (${sql.join(branches, sql` UNION ALL `)}) newest LIMIT ${take})`;
}

/**
 * The CTE `search_recent`: the published_at of the SEARCH_RECENT_WALK-th newest article, read
 * once; newestMatches walks from it on and reads the spans before it.
 */
const SEARCH_RECENT = sql`search_recent AS MATERIALIZED (SELECT coalesce((SELECT published_at FROM article_search
    WHERE status = ${ArticleStatus.ACTIVE} AND published_at <= now()
    ORDER BY published_at DESC, article_id DESC OFFSET ${SEARCH_RECENT_WALK - 1} LIMIT 1), '-infinity') AS since)`;

/** A word held by this many passages is a word, not a typo: no words spelt like it are looked for. */
const KNOWN_WORD_PASSAGES = 50;

/** How many articles with a word spelt like the query's are compared with the whole query. */
const SPELT_LIKE_EXAMINED = 3_000;

/**
 * Articles examined for titles spelt like `q`: a query of one word is spelt like the titles that
 * hold the words it is spelt like (all but a title holding only another word of the same stem), so
 * the newest SEARCH_CANDIDATES of those are enough; a longer query is compared title by title.
 */
function spellingExamined(q: string): number {
  const words = q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((word) => word.length >= 3);
  return words.length === 1 ? SEARCH_CANDIDATES : SPELT_LIKE_EXAMINED;
}

/**
 * The CTEs `spelt_like`, `spelt_words` and `typo`: the words of titles (search_words) that each
 * word of `plain` is spelt like (trigram word similarity, `<%`), unless KNOWN_WORD_PASSAGES
 * passages hold the word itself, as a tsquery of their stems in titles (weight A); the newest `examined` articles with one
 * of them in the title, read like any full-text search (newestMatches); and of those, the newest
 * SEARCH_CANDIDATES whose title as a whole is spelt like `plain` (`<%`, as titles were compared
 * before the word list), so a query of several words is not matched by one of them alone.
 */
function newestSpeltAlike(plain: RawBuilder<unknown>, examined = SPELT_LIKE_EXAMINED): RawBuilder<unknown> {
  return sql`spelt_like AS MATERIALIZED (
      SELECT (SELECT string_agg(DISTINCT quote_literal(stem.lexeme) || ':A', ' | ')
        FROM regexp_split_to_table(${plain}, '[^[:alnum:]]+') AS typed(word)
        JOIN search_words w ON typed.word <% w.word
        CROSS JOIN LATERAL unnest(to_tsvector('english', w.word)) AS stem
        -- A word many passages hold is not a typo (titles have typos too, so being a title word is
        -- not enough): it is looked for as typed. The counts are AI search's (ai_lexemes, 0034).
        WHERE length(typed.word) >= 3 AND NOT EXISTS (
          SELECT 1 FROM unnest(to_tsvector('english', typed.word)) AS own JOIN ai_lexemes x ON x.lexeme = own.lexeme
          WHERE x.passages >= ${KNOWN_WORD_PASSAGES}))::tsquery AS tsq),
    ${newestMatches('spelt_words', sql`(SELECT tsq FROM spelt_like)`, examined)},
    typo AS (
      SELECT m.id, m.published_at FROM spelt_words m JOIN articles a ON a.id = m.id
      WHERE ${plain} <% newsreel_unaccent(lower(a.title))
      ORDER BY m.published_at DESC, m.id DESC LIMIT ${SEARCH_CANDIDATES})`;
}

export function createSearchRepository(db: Kysely<Database>) {
  // Words matched by full text (stemmed, accents folded) or, to forgive typos, titles whose words
  // are similar to the query's (trigram word similarity).
  const query = (q: string) => sql`(SELECT websearch_to_tsquery('english', newsreel_unaccent(${q})) AS tsq,
    newsreel_unaccent(lower(${q})) AS plain)`;
  const isPublic = sql`a.status = ${ArticleStatus.ACTIVE} AND a.published_at <= now()`;

  return {
    /**
     * The article queries write the tsquery and the folded text out where they are used instead
     * of reading them from a CTE: both are IMMUTABLE, so the planner folds them into constants
     * and sees how common the words are. Full-text candidates are the newest SEARCH_CANDIDATES
     * matches, read newest first and then week by week (newestMatches); only they are ranked.
     * Words spelt like the query's are looked for only when full text finds fewer than the page
     * (`limit`) asks for, so the same pages come back with the same limit (newestSpeltAlike).
     * The three steps are three statements: planning the week branches costs about 5 ms a set,
     * and the typo set is planned only when it runs.
     */
    async articles(q: string, page: Page): Promise<{ matches: ArticleMatch[]; total: number }> {
      const tsq = sql`websearch_to_tsquery('english', newsreel_unaccent(${q}))`;
      const plain = sql`newsreel_unaccent(lower(${q}))`;
      const newestIds = async (ctes: RawBuilder<unknown>, from: string) =>
        (await sql<{ id: string }>`WITH ${SEARCH_RECENT}, ${ctes} SELECT id FROM ${sql.table(from)} ORDER BY published_at DESC, id DESC`.execute(db)).rows.map(
          (row) => row.id,
        );
      const candidates = await newestIds(newestMatches('fts', tsq), 'fts');
      if (candidates.length < page.limit) {
        const known = new Set(candidates);
        const alike = await newestIds(newestSpeltAlike(plain, spellingExamined(q)), 'typo');
        candidates.push(...alike.filter((id) => !known.has(id)));
        candidates.splice(SEARCH_CANDIDATES);
      }
      if (candidates.length === 0) return { total: 0, matches: [] };
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const { rows } = await sql<{
          id: string;
          rank: number;
          headline: string | null;
          quote: { start: number; end: number; text: string } | null;
          quote_headline: string | null;
          total: string;
        }>`
          WITH candidates AS (SELECT unnest(${candidates}::uuid[]) AS id),
          hits AS (
            SELECT a.id, a.title, a.description, a.summary,
              ts_rank_cd(s.document, ${tsq}) + word_similarity(${plain}, newsreel_unaccent(lower(a.title))) AS rank,
              count(*) OVER () AS total
            FROM candidates c JOIN articles a ON a.id = c.id JOIN article_search s ON s.article_id = c.id
            WHERE ${isPublic}
            ORDER BY rank DESC, a.published_at DESC, a.id LIMIT ${at.limit} OFFSET ${at.offset})
          SELECT h.id, h.rank, h.total,
            -- The snippet is the quoted line's when there is one; the article's words only otherwise.
            CASE WHEN cue.text IS NULL THEN ts_headline('english', h.title || '. ' || h.description || ' ' || h.summary, ${tsq}, ${HEADLINE_OPTIONS}) END AS headline,
            CASE WHEN cue.text IS NOT NULL THEN json_build_object('start', cue.start_second, 'end', cue.end_second, 'text', cue.text) END AS quote,
            CASE WHEN cue.text IS NOT NULL THEN ts_headline('english', cue.text, ${tsq}, ${HEADLINE_OPTIONS}) END AS quote_headline
          FROM hits h
          -- The first line of the article's own transcript that matches: AI search's passages
          -- (ai_passages, field 4) keep each line's document, read in order by the key until one does.
          LEFT JOIN LATERAL (
            SELECT p.start_second, p.end_second, p.text FROM articles a
            JOIN ai_passages p ON p.article_id = a.id AND p.language = a.language AND p.field = 4
            WHERE a.id = h.id AND p.document @@ ${tsq}
            ORDER BY p.ordinal LIMIT 1) cue ON true
          ORDER BY h.rank DESC, h.id`.execute(db);
        return rows;
      });
      return {
        total,
        matches: rows.map((row) => ({
          id: row.id,
          rank: row.rank,
          snippet: highlight(row.quote_headline ?? row.headline ?? ''),
          quote: row.quote
            ? { start: Number(row.quote.start), end: Number(row.quote.end), text: row.quote.text }
            : null,
        })),
      };
    },

    async stories(q: string, page: Page): Promise<{ items: Story[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const { rows } = await sql<Story & { total: string; poster: string | null }>`
          WITH q AS ${query(q)}
          SELECT s.id, s.slug, s.title, s.description, s.poster_url AS poster,
            to_char(s.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "publishedAt",
            (SELECT count(*)::int FROM story_articles sa JOIN articles a ON a.id = sa.article_id
              WHERE sa.story_id = s.id AND ${isPublic}) AS "articleCount",
            count(*) OVER () AS total
          FROM stories s, q
          WHERE s.published_at <= now() AND (
            to_tsvector('english', newsreel_unaccent(s.title || ' ' || s.description)) @@ q.tsq
            OR q.plain <% newsreel_unaccent(lower(s.title)))
          ORDER BY word_similarity(q.plain, newsreel_unaccent(lower(s.title))) DESC, s.published_at DESC
          LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db);
        return rows;
      });
      return { items: rows.map(({ total: _total, ...story }) => story), total };
    },

    async publishers(q: string, page: Page): Promise<{ items: Publisher[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const { rows } = await sql<Publisher & { total: string }>`
          WITH q AS ${query(q)}
          SELECT p.id, p.slug, p.name, p.description, p.website, p.logo_url AS "logoUrl", p.banner_url AS "bannerUrl", p.branding,
            p.default_language AS "defaultLanguage", p.default_region_id AS "defaultRegionId",
            count(*) OVER () AS total
          FROM publishers p, q
          WHERE q.plain <% newsreel_unaccent(lower(p.name))
            OR to_tsvector('english', newsreel_unaccent(p.name || ' ' || p.description)) @@ q.tsq
          ORDER BY word_similarity(q.plain, newsreel_unaccent(lower(p.name))) DESC, p.name
          LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db);
        return rows;
      });
      return { items: rows.map(({ total: _total, ...publisher }) => publisher), total };
    },

    async categories(q: string, page: Page): Promise<{ items: Category[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const { rows } = await sql<Category & { total: string }>`
          WITH q AS ${query(q)}
          SELECT c.id, c.slug, c.name, c.description, count(*) OVER () AS total
          FROM categories c, q
          WHERE q.plain <% newsreel_unaccent(lower(c.name))
            OR to_tsvector('english', newsreel_unaccent(c.name || ' ' || c.description)) @@ q.tsq
          ORDER BY word_similarity(q.plain, newsreel_unaccent(lower(c.name))) DESC, c.name
          LIMIT ${at.limit} OFFSET ${at.offset}`.execute(db);
        return rows;
      });
      return { items: rows.map(({ total: _total, ...category }) => category), total };
    },
  };
}
