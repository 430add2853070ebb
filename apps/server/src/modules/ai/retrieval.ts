import { createHash } from 'node:crypto';
import { ArticleStatus, type AiPassageField } from '@newsreel/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { AiProvider, RetrievedPassage } from './providers/ai-provider';

/**
 * Retrieval for AI search (docs/architecture.md, "AI search"): the passages (ai_passages: titles,
 * sentences of descriptions and summaries, timed transcript lines) that say what a question asks,
 * best first. Three rankings are fused by reciprocal rank:
 * 1. passages by the question's words they hold, each word weighted by how rare it is (IDF over
 *    passages), stemmed and with accents folded like search (english, newsreel_unaccent);
 * 2. articles by the question's words their whole text holds (article_search, search's document);
 * 3. with an embedding provider, the candidates by cosine similarity to the question.
 * Words no passage holds are looked up as typos among the title words search keeps (search_words,
 * trigram word similarity), as search forgives them.
 */

export interface RetrievalFilters {
  regionIds?: readonly number[];
  categoryIds?: readonly string[];
  language?: string;
}

/** Reciprocal rank fusion's constant (Cormack et al.): ranks past the first few weigh little more than each other. */
export const RRF_K = 60;
/** Candidate passages ranked, at most: four times what is asked for, within these bounds. */
const CANDIDATES = 300;
const MIN_CANDIDATES = 64;
/**
 * Articles weighed when every essential word of a question is common (newest first): the work of
 * a question stays bounded whatever the catalogue's size.
 */
const ARTICLE_CANDIDATES = 300;
/** Candidates embedded and compared with the question, when an embedding provider is configured. */
const EMBEDDED_CANDIDATES = 40;

/**
 * Relevance thresholds: a passage is relevant when it (with its article's title) holds this share
 * of the question's weight, and its article holds ARTICLE_COVERAGE of it. Below them, nothing is
 * relevant and the answer is "not found".
 */
export const PASSAGE_COVERAGE = 0.45;
export const ARTICLE_COVERAGE = 0.6;

const FIELD_NAMES = ['title', 'description', 'summary', 'transcript'] as const satisfies readonly AiPassageField[];

interface QueryWord {
  word: string;
  /** tsquery text: the word's lexemes, and those of title words spelt like it when no passage holds it. */
  tsquery: string;
  /** Passages holding it (ai_lexemes). */
  df: number;
  weight: number;
}

interface CandidateRow {
  article_id: string;
  language: string;
  field: number;
  ordinal: number;
  start_second: number;
  end_second: number;
  text: string;
  title: string;
  poster: string | null;
  publisher_id: string;
  publisher_name: string;
  publisher_slug: string;
  published_at: string | null;
  matched: number[] | null;
  title_matched: number[] | null;
  article_matched: number[] | null;
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** The passages that cleared the relevance thresholds, in the same order. */
  relevant: RetrievedPassage[];
}

export function createRetrieval(db: Kysely<Database>) {
  /** The question's words with their tsqueries and IDF weights; stop words drop out. */
  async function wordsOf(query: string, prefix: boolean): Promise<QueryWord[]> {
    // Passages holding a lexeme come from ai_lexemes (kept with the passages); an unfinished last
    // word counts the passages of every word it starts (an upper bound: a passage may hold two).
    const { rows } = await sql<{ word: string; tsquery: string | null; df: number; total: number }>`
      WITH typed AS (
        SELECT DISTINCT ON (word) word, n FROM regexp_split_to_table(newsreel_unaccent(lower(${query})), '[^[:alnum:]]+') WITH ORDINALITY AS t(word, n)
        WHERE word <> '' ORDER BY word, n),
      own AS (
        SELECT t.word, t.n, ${prefix} AND t.n = (SELECT max(n) FROM typed) AS prefix,
          ARRAY(SELECT v.l FROM unnest(to_tsvector('english', t.word)) AS v(l)) AS lexemes
        FROM typed t),
      known AS (
        SELECT o.word, o.n,
          (SELECT string_agg(quote_literal(l) || CASE WHEN o.prefix THEN ':*' ELSE '' END, ' & ') FROM unnest(o.lexemes) AS l) AS tsquery,
          coalesce((SELECT min((SELECT greatest(coalesce(sum(x.passages), 0), 0) FROM ai_lexemes x
            WHERE x.lexeme >= l AND x.lexeme <= CASE WHEN o.prefix THEN l || chr(1114111) ELSE l END)) FROM unnest(o.lexemes) AS l), 0)::int AS df
        FROM own o),
      spelt AS (
        SELECT k.word, string_agg(DISTINCT quote_literal(stem.lexeme), ' | ') AS tsquery,
          (SELECT greatest(coalesce(sum(x.passages), 0), 0) FROM ai_lexemes x WHERE x.lexeme = ANY (array_agg(DISTINCT stem.lexeme)))::int AS df
        FROM known k
        CROSS JOIN LATERAL (SELECT w.word FROM search_words w WHERE k.word <% w.word ORDER BY word_similarity(k.word, w.word) DESC, w.word LIMIT 3) alike
        CROSS JOIN LATERAL unnest(to_tsvector('english', alike.word)) AS stem
        WHERE k.df = 0 AND k.tsquery IS NOT NULL AND length(k.word) >= 4
        GROUP BY k.word)
      SELECT k.word, coalesce(s.tsquery, k.tsquery) AS tsquery, coalesce(s.df, k.df) AS df,
        (SELECT greatest(x.passages, 1) FROM ai_lexemes x WHERE x.lexeme = '') AS total
      FROM known k LEFT JOIN spelt s ON s.word = k.word
      WHERE k.tsquery IS NOT NULL
      ORDER BY k.n`.execute(db);
    return rows.flatMap((row) => {
      if (!row.tsquery || !row.total) return [];
      const df = Math.min(row.df, row.total);
      return [{ word: row.word, tsquery: row.tsquery, df, weight: Math.log(1 + row.total / (df + 0.5)) }];
    });
  }

  /**
   * The passages that may answer, best first. Only an article holding ARTICLE_COVERAGE of the
   * question's weight can give a relevant passage, so such an article holds one of the heaviest
   * words whose weights add up to more than the rest (`essential`): articles are found by those
   * words first (few, for any question with a telling word), the newest ARTICLE_CANDIDATES of them
   * when every essential word is common, kept when they cover enough, and only their passages weighed.
   */
  async function candidates(words: QueryWord[], filters: RetrievalFilters, limit: number): Promise<CandidateRow[]> {
    const tsqueries = words.map((word) => word.tsquery);
    const weights = words.map((word) => word.weight);
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    const essential: QueryWord[] = [];
    let essentialWeight = 0;
    for (const word of [...words].sort((a, b) => b.weight - a.weight)) {
      if (essentialWeight > (1 - ARTICLE_COVERAGE) * total) break;
      essential.push(word);
      essentialWeight += word.weight;
    }
    const anyOf = (list: QueryWord[]) => list.map((word) => `(${word.tsquery})`).join(' | ');
    // The filters read the article row, only when there are filters.
    const onArticle = (condition: RawBuilder<unknown>) => sql`AND EXISTS (SELECT 1 FROM articles a WHERE a.id = s.article_id AND ${condition})`;
    const regionIds = filters.regionIds?.length ? onArticle(sql`a.region_ids && ${sql.val(filters.regionIds.map(Number))}::smallint[]`) : sql``;
    const categoryIds = filters.categoryIds?.length ? onArticle(sql`a.category_ids && ${sql.val([...filters.categoryIds])}::uuid[]`) : sql``;
    const language = filters.language ? sql`AND p.language = ${filters.language}` : sql``;
    const { rows } = await sql<CandidateRow>`
      WITH q AS (SELECT ${tsqueries}::text[]::tsquery[] AS words, ${weights}::float8[] AS weights,
        ${anyOf(words)}::tsquery AS any_word, ${anyOf(essential)}::tsquery AS essential),
      found AS (
        SELECT s.article_id, s.document FROM article_search s CROSS JOIN q
        WHERE s.document @@ q.essential AND s.status = ${ArticleStatus.ACTIVE} AND s.published_at <= now()
          ${regionIds} ${categoryIds}
        ORDER BY s.published_at DESC, s.article_id DESC
        LIMIT ${ARTICLE_CANDIDATES}),
      covered AS (
        SELECT f.article_id, m.matched AS article_matched FROM found f CROSS JOIN q
        CROSS JOIN LATERAL (SELECT array_agg(w.i::int ORDER BY w.i) AS matched, sum(q.weights[w.i]) AS weight
          FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE f.document @@ w.tsq) m
        WHERE m.weight >= ${ARTICLE_COVERAGE * total - 1e-9}),
      hits AS (
        SELECT p.article_id, p.language, p.field, p.ordinal, p.start_second, p.end_second, p.text, c.article_matched,
          (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE p.document @@ w.tsq) AS matched,
          (SELECT sum(q.weights[w.i]) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE p.document @@ w.tsq) AS weight
        FROM covered c CROSS JOIN q
        -- Each covered article's own passages (by the key): OFFSET 0 keeps the planner from
        -- joining every passage that holds a common word instead.
        CROSS JOIN LATERAL (SELECT * FROM ai_passages p WHERE p.article_id = c.article_id OFFSET 0) p
        WHERE p.document @@ q.any_word ${language}
        ORDER BY weight DESC, ts_rank(p.document, q.any_word) DESC, p.article_id, p.field, p.ordinal
        LIMIT ${limit})
      SELECT h.article_id, h.language, h.field, h.ordinal, h.start_second, h.end_second, h.text, h.matched, h.article_matched,
        a.title, a.poster_url AS poster, pub.id AS publisher_id, pub.name AS publisher_name, pub.slug AS publisher_slug,
        to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
        (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i)
          WHERE to_tsvector('english', newsreel_unaccent(a.title)) @@ w.tsq) AS title_matched
      FROM hits h CROSS JOIN q
      JOIN articles a ON a.id = h.article_id
      JOIN publishers pub ON pub.id = a.publisher_id
      ORDER BY h.weight DESC, h.article_id, h.field, h.ordinal`.execute(db);
    return rows;
  }

  /** Cosine similarity of each candidate to the question, from the provider's embeddings (kept in ai_embeddings). */
  async function similarities(provider: AiProvider, model: string, query: string, texts: string[]): Promise<number[]> {
    const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');
    const all = [query, ...texts];
    const hashes = all.map(hashOf);
    const stored = await db
      .selectFrom('ai_embeddings')
      .select(['text_hash', 'embedding'])
      .where('model', '=', model)
      .where('text_hash', 'in', hashes)
      .execute();
    const known = new Map(stored.map((row) => [row.text_hash, row.embedding.map(Number)]));
    const missing = [...new Set(all.filter((_text, index) => !known.has(hashes[index]!)))];
    if (missing.length > 0) {
      const vectors = await provider.embed(missing);
      const rows = missing.map((text, index) => ({ model, text_hash: hashOf(text), embedding: vectors[index] ?? [] }));
      for (const row of rows) known.set(row.text_hash, row.embedding);
      await db.insertInto('ai_embeddings').values(rows).onConflict((conflict) => conflict.doNothing()).execute();
    }
    const question = known.get(hashes[0]!) ?? [];
    return texts.map((_text, index) => cosine(question, known.get(hashes[index + 1]!) ?? []));
  }

  return {
    /**
     * The passages for `query`, best first (at most `limit`), and the relevant ones among them.
     * `embedder` (with its model name) adds the embedding ranking to the fusion.
     */
    async retrieve(
      query: string,
      filters: RetrievalFilters,
      limit: number,
      embedder?: { provider: AiProvider; model: string },
      /** The last word may be unfinished (as the reader types): it matches the words it starts. */
      prefix = false,
    ): Promise<Retrieval> {
      const words = await wordsOf(query, prefix);
      if (words.length === 0) return { passages: [], relevant: [] };
      const rows = await candidates(words, filters, Math.min(CANDIDATES, Math.max(limit * 4, MIN_CANDIDATES)));
      if (rows.length === 0) return { passages: [], relevant: [] };
      const total = words.reduce((sum, word) => sum + word.weight, 0);
      const weightOf = (indexes: readonly number[] | null) => (indexes ?? []).reduce((sum, i) => sum + words[i - 1]!.weight, 0);

      // Ranking 1: the passages, by their own words (the SQL's order).
      const fused = rows.map((row, index) => ({ row, score: 1 / (RRF_K + index + 1) }));
      // Ranking 2: the articles, by the words of their whole text; each passage gets its article's rank.
      const articleWeight = new Map<string, number>();
      for (const row of rows) articleWeight.set(row.article_id, weightOf(row.article_matched));
      const articleRank = new Map([...articleWeight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id], rank) => [id, rank + 1]));
      for (const entry of fused) entry.score += 1 / (RRF_K + articleRank.get(entry.row.article_id)!);
      // Ranking 3: the best candidates by meaning, when an embedding provider is configured.
      if (embedder) {
        const head = fused.slice(0, EMBEDDED_CANDIDATES);
        const similarity = await similarities(embedder.provider, embedder.model, query, head.map((entry) => entry.row.text));
        const order = head.map((entry, index) => ({ entry, similarity: similarity[index]! })).sort((a, b) => b.similarity - a.similarity);
        order.forEach(({ entry }, rank) => (entry.score += 1 / (RRF_K + rank + 1)));
      }
      fused.sort((a, b) => b.score - a.score);

      const passages: RetrievedPassage[] = [];
      const relevant: RetrievedPassage[] = [];
      for (const { row, score } of fused.slice(0, limit)) {
        const own = new Set([...(row.matched ?? []), ...(row.title_matched ?? [])]);
        const coverage = weightOf([...own]) / total;
        const passage: RetrievedPassage = {
          articleId: row.article_id,
          title: row.title,
          poster: row.poster,
          publisher: { id: row.publisher_id, name: row.publisher_name, slug: row.publisher_slug },
          publishedAt: row.published_at,
          language: row.language,
          field: FIELD_NAMES[row.field - 1]!,
          position: row.ordinal,
          startSecond: Number(row.start_second),
          endSecond: Number(row.end_second),
          text: row.text,
          score,
          coverage,
        };
        passages.push(passage);
        if (coverage >= PASSAGE_COVERAGE && weightOf(row.article_matched) / total >= ARTICLE_COVERAGE) relevant.push(passage);
      }
      return { passages, relevant };
    },
  };
}

function cosine(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    normA += a[i]! * a[i]!;
    normB += b[i]! * b[i]!;
  }
  return normA && normB ? dot / Math.sqrt(normA * normB) : 0;
}
