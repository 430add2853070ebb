import type { Category, Publisher, Story } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { keptPlan } from '../../db/client';
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
  /** The article's list item as JSON text (its card, article_cards), read with the match. */
  card: string;
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
  return {
    /**
     * One statement: the candidates, ranked, and the page (search_articles, migration 0046, a
     * PL/pgSQL function, so each connection keeps its plan). Full-text candidates are the newest
     * SEARCH_CANDIDATES matches, read day by day and then week by week back from the newest
     * article (search_newest_matches, migrations 0040 and 0044), a query of phrases alone by its
     * pairs of words side by side (0056), words rare together at once (0057); only they are
     * ranked. Titles
     * spelt like the query are read only when full text finds fewer than the page (`limit`) asks
     * for, so the same pages come back with the same limit (search_spelt_alike), and come after
     * the full-text matches.
     */
    async articles(q: string, page: Page): Promise<{ matches: ArticleMatch[]; total: number }> {
      const { rows, total } = await pageWithTotal(page, async (at) => {
        // Each hit's card is read in the same statement, by its key (LATERAL: one index lookup
        // per hit whatever the plan kept), rather than asked for in a second one.
        const { rows } = await keptPlan(sql<{
          headline: string | null;
          quote: { start: number; end: number; text: string } | null;
          quote_headline: string | null;
          total: string;
          card: string | null;
        }>`SELECT s.headline, s.quote, s.quote_headline, s.total, k.card
          FROM search_articles(${q}, ${spellingExamined(q)}::int, ${SEARCH_CANDIDATES}::int, ${KNOWN_WORD_PASSAGES}::int,
            ${at.limit}::int, ${at.offset}::int, ${HEADLINE_OPTIONS}) WITH ORDINALITY AS s
          LEFT JOIN LATERAL (SELECT c.card FROM article_cards c WHERE c.article_id = s.id) k ON true
          ORDER BY s.ordinality`).execute(db);
        return rows;
      });
      return {
        total,
        // A hit without a card is left out, as the lists leave out ids of no card; there is none
        // while the cards are written in the article's own transaction (migration 0050's triggers).
        matches: rows.flatMap((row) => (row.card === null ? [] : [{
          card: row.card,
          snippet: highlight(row.quote_headline ?? row.headline ?? ''),
          quote: row.quote
            ? { start: Number(row.quote.start), end: Number(row.quote.end), text: row.quote.text }
            : null,
        }])),
      };
    },

    /**
     * The stories, publishers and categories that match `q`, a page of each and its total, in one
     * statement (search_side_lists, migration 0047, PL/pgSQL, so each connection keeps its plan).
     * Names and titles match by full text or spelt alike, ranked by how alike; a list not asked
     * for is not read.
     */
    async sideLists(q: string, page: Page, asked: Record<keyof SideLists, boolean>): Promise<{ [K in keyof SideLists]: { items: SideLists[K]; total: number } }> {
      const { rows } = await keptPlan(sql<SideLists & Record<`${keyof SideLists}_total`, string>>`
        SELECT * FROM search_side_lists(${q}, ${page.limit}::int, ${page.offset}::int, ${asked.stories}, ${asked.publishers}, ${asked.categories})`).execute(db);
      const row = rows[0]!;
      return {
        stories: { items: row.stories, total: Number(row.stories_total) },
        publishers: { items: row.publishers, total: Number(row.publishers_total) },
        categories: { items: row.categories, total: Number(row.categories_total) },
      };
    },
  };
}
