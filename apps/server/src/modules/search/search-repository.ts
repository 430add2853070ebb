import type { Category, Publisher, Story } from '@newsreel/contracts';
import { ArticleStatus } from '@newsreel/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { keptPlan } from '../../db/client';
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
 * The number of passages from which a word is a word, not a typo: no words spelt like it are
 * looked for (search_spelt_alike, migrations 0037 and 0040).
 */
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

/** The lists a search returns beside its articles. */
interface SideLists {
  stories: Story[];
  publishers: Publisher[];
  categories: Category[];
}

export function createSearchRepository(db: Kysely<Database>) {
  // Words matched by full text (stemmed, accents folded) or, to forgive typos, titles whose words
  // are similar to the query's (trigram word similarity).
  const query = (q: string) => sql`(SELECT websearch_to_tsquery('english', newsreel_unaccent(${q})) AS tsq,
    newsreel_unaccent(lower(${q})) AS plain)`;
  const isPublic = sql`a.status = ${ArticleStatus.ACTIVE} AND a.published_at <= now()`;

  return {
    /**
     * One statement: the candidates, ranked, and the page (search_articles, migration 0046, a
     * PL/pgSQL function, so each connection keeps its plan). Full-text candidates are the newest
     * SEARCH_CANDIDATES matches, read day by day and then week by week back from the newest
     * article (search_newest_matches, migrations 0040 and 0044); only they are ranked. Titles
     * spelt like the query are read only when full text finds fewer than the page (`limit`) asks
     * for, so the same pages come back with the same limit (search_spelt_alike), and come after
     * the full-text matches.
     */
    async articles(q: string, page: Page): Promise<{ matches: ArticleMatch[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, async (at) => {
        const { rows } = await keptPlan(sql<{
          id: string;
          rank: number;
          headline: string | null;
          quote: { start: number; end: number; text: string } | null;
          quote_headline: string | null;
          total: string;
        }>`SELECT * FROM search_articles(${q}, ${spellingExamined(q)}::int, ${SEARCH_CANDIDATES}::int, ${KNOWN_WORD_PASSAGES}::int,
            ${at.limit}::int, ${at.offset}::int, ${HEADLINE_OPTIONS})`).execute(db);
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

    /**
     * The stories, publishers and categories that match `q`, a page of each and its total, in one
     * statement (one round trip where three lists were three). Names and titles match by full text
     * or spelt alike, ranked by how alike; a list not asked for is not read.
     */
    async sideLists(q: string, page: Page, asked: Record<keyof SideLists, boolean>): Promise<{ [K in keyof SideLists]: { items: SideLists[K]; total: number } }> {
      const matches = (name: RawBuilder<unknown>, text: RawBuilder<unknown>) =>
        sql`(q.plain <% newsreel_unaccent(lower(${name})) OR to_tsvector('english', newsreel_unaccent(${text})) @@ q.tsq)`;
      const alike = (name: RawBuilder<unknown>) => sql`word_similarity(q.plain, newsreel_unaccent(lower(${name})))`;
      // A page of a found list as a JSON array in its order, without the columns it is ordered by,
      // and how many were found.
      const pageOf = (list: keyof SideLists, order: RawBuilder<unknown>) => {
        const found = sql.table(`found_${list}`);
        return sql`(SELECT count(*) FROM ${found}) AS ${sql.ref(`${list}_total`)},
          (SELECT coalesce(json_agg(to_jsonb(x) - ARRAY['position', 'similarity', 'at'] ORDER BY x.position), '[]') FROM (
            SELECT f.*, row_number() OVER (ORDER BY ${order}) AS position FROM ${found} f
            ORDER BY ${order} LIMIT ${page.limit} OFFSET ${page.offset}) x) AS ${sql.ref(list)}`;
      };
      const { rows } = await sql<SideLists & Record<`${keyof SideLists}_total`, string>>`
        WITH q AS ${query(q)},
        found_stories AS (
          SELECT s.id, s.slug, s.title, s.description, s.poster_url AS poster,
            (SELECT count(*)::int FROM story_articles sa JOIN articles a ON a.id = sa.article_id
              WHERE sa.story_id = s.id AND ${isPublic}) AS "articleCount",
            to_char(s.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "publishedAt",
            ${alike(sql`s.title`)} AS similarity, s.published_at AS at
          FROM stories s, q
          WHERE ${asked.stories} AND s.published_at <= now() AND ${matches(sql`s.title`, sql`s.title || ' ' || s.description`)}),
        found_publishers AS (
          SELECT p.id, p.slug, p.name, p.description, p.website, p.logo_url AS "logoUrl", p.banner_url AS "bannerUrl", p.branding,
            p.default_language AS "defaultLanguage", p.default_region_id AS "defaultRegionId", ${alike(sql`p.name`)} AS similarity
          FROM publishers p, q
          WHERE ${asked.publishers} AND ${matches(sql`p.name`, sql`p.name || ' ' || p.description`)}),
        found_categories AS (
          SELECT c.id, c.slug, c.name, c.description, ${alike(sql`c.name`)} AS similarity
          FROM categories c, q
          WHERE ${asked.categories} AND ${matches(sql`c.name`, sql`c.name || ' ' || c.description`)})
        SELECT ${pageOf('stories', sql`f.similarity DESC, f.at DESC`)},
          ${pageOf('publishers', sql`f.similarity DESC, f.name`)},
          ${pageOf('categories', sql`f.similarity DESC, f.name`)}`.execute(db);
      const row = rows[0]!;
      return {
        stories: { items: row.stories, total: Number(row.stories_total) },
        publishers: { items: row.publishers, total: Number(row.publishers_total) },
        categories: { items: row.categories, total: Number(row.categories_total) },
      };
    },
  };
}
