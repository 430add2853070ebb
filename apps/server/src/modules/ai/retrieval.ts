import { ArticleStatus, type AiPassageField } from '@newsreel/contracts';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { createEmbeddings, nearestOrder, ofModel, type Embedder } from './embeddings';
import type { RetrievedPassage } from './providers/ai-provider';

/**
 * Retrieval for AI search (docs/architecture.md, "AI search"): the passages (ai_passages: titles,
 * sentences of descriptions and summaries, timed transcript lines) that say what a question asks,
 * best first. Three rankings are fused by reciprocal rank:
 * 1. passages by the question's words they hold, each word weighted by how rare it is (IDF over
 *    passages), stemmed and with accents folded like search (english, newsreel_unaccent);
 * 2. articles by the question's words their whole text holds (article_search, search's document);
 * 3. with an embedding provider, passages by the cosine similarity of their embeddings to the
 *    question's: with pgvector the nearest passages of the whole catalogue (which may hold none
 *    of the question's words) join the candidates; without it, the best candidates are compared.
 * A passage is relevant when it says enough of the question's words, or means it closely enough
 * (AI_EMBEDDING_MIN_SIMILARITY).
 * Words no passage holds are looked up as typos among the title words search keeps (search_words,
 * trigram word similarity), as search forgives them; words in quotes are a phrase.
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
/**
 * With an embedding provider: the passages nearest the question by meaning (pgvector's index),
 * or without pgvector the best full-text candidates compared with it.
 */
const NEAREST_PASSAGES = 40;
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
  /** The passage's weight of the question's words; null for a passage found by meaning only. */
  weight: number | null;
  /** Cosine similarity of the passage's embedding to the question's, where both are known. */
  similarity: number | null;
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** The passages that cleared the relevance thresholds, in the same order. */
  relevant: RetrievedPassage[];
}

export function createRetrieval(db: Kysely<Database>) {
  const embeddings = createEmbeddings(db);

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
   * Quoted phrases ("last boats", as search takes them): the words of each become one, which a
   * passage holds only with the words next to each other in that order; it weighs what its
   * words weigh together. A phrase of one word is that word.
   */
  async function withPhrases(query: string, words: QueryWord[]): Promise<QueryWord[]> {
    const phrases = [...query.matchAll(/"([^"]+)"/g)].map((match) => match[1]!.trim()).filter(Boolean);
    if (phrases.length === 0) return words;
    // The phrase's words as wordsOf splits them, so they are recognised among its.
    const { rows } = await sql<{ phrase: string; tsquery: string; words: string[] }>`
      SELECT t.phrase, phraseto_tsquery('english', newsreel_unaccent(t.phrase))::text AS tsquery,
        array_remove(regexp_split_to_array(newsreel_unaccent(lower(t.phrase)), '[^[:alnum:]]+'), '') AS words
      FROM unnest(${phrases}::text[]) AS t(phrase)`.execute(db);
    let rest = words;
    const joined: QueryWord[] = [];
    for (const row of rows) {
      const members = rest.filter((word) => row.words.includes(word.word));
      if (!row.tsquery || members.length < 2) continue;
      rest = rest.filter((word) => !members.includes(word));
      joined.push({
        word: row.phrase,
        tsquery: row.tsquery,
        df: Math.min(...members.map((word) => word.df)),
        weight: members.reduce((sum, word) => sum + word.weight, 0),
      });
    }
    return [...rest, ...joined];
  }

  /**
   * The passages that may answer, best first. Only an article holding ARTICLE_COVERAGE of the
   * question's weight can give a relevant passage, so such an article holds one of the heaviest
   * words whose weights add up to more than the rest (`essential`): articles are found by those
   * words first (few, for any question with a telling word), the newest ARTICLE_CANDIDATES of them
   * when every essential word is common, kept when they cover enough, and only their passages weighed.
   */
  async function candidates(words: QueryWord[], filters: RetrievalFilters, limit: number, meaning?: { model: string; vector: number[] }): Promise<CandidateRow[]> {
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
    // Ranking 3's passages, with pgvector: the nearest by meaning, wherever they are, and the
    // similarity of the full-text ones (null where a text has no embedding of the model yet).
    const meaningCtes = meaning
      ? sql`,
      nearest AS (
        SELECT e.text_hash, 1 - (${nearestOrder(meaning.vector, 'e')}) AS similarity FROM ai_embeddings e
        WHERE ${ofModel(meaning.model, meaning.vector.length, 'e')}
        ORDER BY ${nearestOrder(meaning.vector, 'e')} LIMIT ${NEAREST_PASSAGES}),
      near AS (
        SELECT p.article_id, p.language, p.field, p.ordinal, p.start_second, p.end_second, p.text, p.text_hash,
          (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE s.document @@ w.tsq) AS article_matched,
          (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE p.document @@ w.tsq) AS matched,
          NULL::float8 AS weight, n.similarity
        FROM nearest n CROSS JOIN q
        JOIN ai_passages p ON p.text_hash = n.text_hash
        JOIN article_search s ON s.article_id = p.article_id
        WHERE s.status = ${ArticleStatus.ACTIVE} AND s.published_at <= now() ${regionIds} ${categoryIds} ${language}),
      chosen AS (
        SELECT h.*, CASE WHEN ${ofModel(meaning.model, meaning.vector.length, 'e')} THEN 1 - (${nearestOrder(meaning.vector, 'e')}) END AS similarity
        FROM hits h LEFT JOIN ai_embeddings e ON e.model = ${meaning.model} AND e.text_hash = h.text_hash
        UNION ALL
        SELECT n.* FROM near n
        WHERE NOT EXISTS (SELECT 1 FROM hits h WHERE h.article_id = n.article_id AND h.field = n.field AND h.ordinal = n.ordinal))`
      : sql`, chosen AS (SELECT h.*, NULL::float8 AS similarity FROM hits h)`;
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
        SELECT p.article_id, p.language, p.field, p.ordinal, p.start_second, p.end_second, p.text, p.text_hash, c.article_matched,
          (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE p.document @@ w.tsq) AS matched,
          (SELECT sum(q.weights[w.i]) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i) WHERE p.document @@ w.tsq) AS weight
        FROM covered c CROSS JOIN q
        -- Each covered article's own passages (by the key): OFFSET 0 keeps the planner from
        -- joining every passage that holds a common word instead.
        CROSS JOIN LATERAL (SELECT * FROM ai_passages p WHERE p.article_id = c.article_id OFFSET 0) p
        WHERE p.document @@ q.any_word ${language}
        ORDER BY weight DESC, ts_rank(p.document, q.any_word) DESC, p.article_id, p.field, p.ordinal
        LIMIT ${limit})
      ${meaningCtes}
      SELECT h.article_id, h.language, h.field, h.ordinal, h.start_second, h.end_second, h.text, h.matched, h.article_matched, h.weight, h.similarity,
        a.title, a.poster_url AS poster, pub.id AS publisher_id, pub.name AS publisher_name, pub.slug AS publisher_slug,
        to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS published_at,
        (SELECT array_agg(w.i::int ORDER BY w.i) FROM unnest(q.words) WITH ORDINALITY AS w(tsq, i)
          WHERE to_tsvector('english', newsreel_unaccent(a.title)) @@ w.tsq) AS title_matched
      FROM chosen h CROSS JOIN q
      JOIN articles a ON a.id = h.article_id
      JOIN publishers pub ON pub.id = a.publisher_id
      ORDER BY h.weight DESC NULLS LAST, h.similarity DESC NULLS LAST, h.article_id, h.field, h.ordinal`.execute(db);
    return rows;
  }

  return {
    /**
     * The passages for `query`, best first (at most `limit`), and the relevant ones among them.
     * `embedder` adds the ranking by meaning to the fusion (instant results, made as the reader
     * types, go without: a question's embedding is a call to the provider).
     */
    async retrieve(
      query: string,
      filters: RetrievalFilters,
      limit: number,
      embedder?: Embedder,
      /** The last word may be unfinished (as the reader types): it matches the words it starts. */
      prefix = false,
    ): Promise<Retrieval> {
      const words = await withPhrases(query, await wordsOf(query, prefix));
      if (words.length === 0) return { passages: [], relevant: [] };
      const question = embedder ? (await embeddings.vectorsOf(embedder, [query]))[0]! : [];
      const indexed = question.length > 0 && (await embeddings.hasVectors());
      const rows = await candidates(words, filters, Math.min(CANDIDATES, Math.max(limit * 4, MIN_CANDIDATES)), indexed ? { model: embedder!.model, vector: question } : undefined);
      if (rows.length === 0) return { passages: [], relevant: [] };
      if (embedder && question.length > 0 && !indexed) {
        // Without pgvector, the best full-text candidates are compared here.
        const head = rows.slice(0, EMBEDDED_CANDIDATES);
        const vectors = await embeddings.vectorsOf(embedder, head.map((row) => row.text));
        head.forEach((row, index) => (row.similarity = cosine(question, vectors[index]!)));
      }
      const total = words.reduce((sum, word) => sum + word.weight, 0);
      const weightOf = (indexes: readonly number[] | null) => (indexes ?? []).reduce((sum, i) => sum + words[i - 1]!.weight, 0);

      const fused = rows.map((row) => ({ row, score: 0 }));
      // Ranking 1: the passages by their own words (the SQL's order); those found by meaning only are not in it.
      fused.filter((entry) => entry.row.weight !== null).forEach((entry, index) => (entry.score += 1 / (RRF_K + index + 1)));
      // Ranking 2: the articles, by the words of their whole text; each passage gets its article's rank.
      const articleWeight = new Map<string, number>();
      for (const row of rows) if (weightOf(row.article_matched) > 0) articleWeight.set(row.article_id, weightOf(row.article_matched));
      const articleRank = new Map([...articleWeight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([id], rank) => [id, rank + 1]));
      for (const entry of fused) {
        const rank = articleRank.get(entry.row.article_id);
        if (rank) entry.score += 1 / (RRF_K + rank);
      }
      // Ranking 3: the passages by meaning, when an embedding provider is configured.
      fused
        .filter((entry) => entry.row.similarity !== null)
        .sort((a, b) => b.row.similarity! - a.row.similarity!)
        .forEach((entry, rank) => (entry.score += 1 / (RRF_K + rank + 1)));
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
        const saysIt = coverage >= PASSAGE_COVERAGE && weightOf(row.article_matched) / total >= ARTICLE_COVERAGE;
        const meansIt = row.similarity !== null && embedder !== undefined && row.similarity >= embedder.minSimilarity;
        if (saysIt || meansIt) relevant.push(passage);
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
