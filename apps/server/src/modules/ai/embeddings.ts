import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { AiProvider, AiProviders, AiSettings } from './providers/ai-provider';

/** The configured embedding provider and its model (AI_EMBEDDING_MODEL). */
export interface Embedder {
  provider: AiProvider;
  model: string;
  /** Similarity from which a passage answers by meaning alone (AI_EMBEDDING_MIN_SIMILARITY). */
  minSimilarity: number;
}

/** The embedder, when the configured provider embeds and AI_EMBEDDING_MODEL names its model. */
export function embedderOf(providers: AiProviders, settings: Pick<AiSettings, 'embeddingModel' | 'embeddingMinSimilarity'>): Embedder | undefined {
  if (!providers.primary.embeds || !settings.embeddingModel) return undefined;
  return { provider: providers.primary, model: settings.embeddingModel, minSimilarity: settings.embeddingMinSimilarity };
}

/** Texts sent to the provider in one call. */
export const EMBEDDING_BATCH = 64;
/** pgvector's HNSW index takes vectors of at most this many dimensions; larger ones are searched exactly. */
const HNSW_MAX_DIMENSIONS = 2_000;

/** ai_embeddings' key for a text: as ai_text_hash() (migration 0036) makes it for the passages. */
export const textHashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** A vector as pgvector reads it from text. */
export const vectorLiteral = (vector: readonly number[]) => `[${vector.join(',')}]`;

/**
 * The embeddings of texts (ai_embeddings, docs/architecture.md "AI search"): each text is sent to
 * the provider once per model, kept by its hash, and with pgvector (migration 0036) also kept as
 * a vector, so the passages nearest a question are found through an index.
 */
export function createEmbeddings(db: Kysely<Database>) {
  let vectors: Promise<boolean> | undefined;

  /** Whether ai_embeddings has pgvector's column (asked once it has been answered; a failed ask is asked again). */
  function hasVectors(): Promise<boolean> {
    vectors ??= sql<{ has: boolean }>`
      SELECT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'ai_embeddings' AND column_name = 'vec') AS has`
      .execute(db)
      .then(
        ({ rows }) => rows[0]!.has,
        (error: unknown) => {
          vectors = undefined;
          throw error;
        },
      );
    return vectors;
  }

  /** The vectors of `texts` in their order: kept ones from ai_embeddings, the others made by the provider and kept. */
  async function vectorsOf(embedder: Embedder, texts: readonly string[]): Promise<number[][]> {
    const hashes = texts.map(textHashOf);
    const stored = hashes.length
      ? await db.selectFrom('ai_embeddings').select(['text_hash', 'embedding']).where('model', '=', embedder.model).where('text_hash', 'in', hashes).execute()
      : [];
    const known = new Map(stored.map((row) => [row.text_hash, row.embedding.map(Number)]));
    const missing = [...new Set(texts.filter((_text, index) => !known.has(hashes[index]!)))];
    for (let at = 0; at < missing.length; at += EMBEDDING_BATCH) {
      const batch = missing.slice(at, at + EMBEDDING_BATCH);
      const made = await embedder.provider.embed(batch);
      const rows = batch.map((text, index) => ({ model: embedder.model, text_hash: textHashOf(text), embedding: made[index] ?? [] }));
      for (const row of rows) known.set(row.text_hash, row.embedding);
      await db.insertInto('ai_embeddings').values(rows).onConflict((conflict) => conflict.doNothing()).execute();
    }
    return hashes.map((hash) => known.get(hash) ?? []);
  }

  /**
   * The HNSW index (cosine distance) over one model's vectors, made once. Its expression and
   * predicate are those of retrieval's nearest-passage query (`nearestOrder`, `ofModel`), so the
   * planner takes it.
   */
  async function ensureIndex(model: string, dimensions: number): Promise<void> {
    if (!(await hasVectors()) || !Number.isInteger(dimensions) || dimensions > HNSW_MAX_DIMENSIONS) return;
    const name = `ai_embeddings_nearest_${createHash('sha256').update(model).digest('hex').slice(0, 12)}_${dimensions}`;
    await sql`CREATE INDEX IF NOT EXISTS ${sql.id(name)} ON ai_embeddings
      USING hnsw ((vec::vector(${sql.lit(dimensions)})) vector_cosine_ops) WHERE ${ofModel(model, dimensions)}`.execute(db);
  }

  return {
    hasVectors,
    vectorsOf,
    ensureIndex,

    /**
     * Embeds up to `limit` passage texts that have no embedding of the model yet, the newest
     * articles' first; answers how many it embedded.
     */
    async embedPassages(embedder: Embedder, limit: number): Promise<number> {
      let embedded = 0;
      while (embedded < limit) {
        const { rows } = await sql<{ text: string }>`
          SELECT p.text FROM articles a
          CROSS JOIN LATERAL (SELECT p.text, p.text_hash FROM ai_passages p WHERE p.article_id = a.id) p
          WHERE NOT EXISTS (SELECT 1 FROM ai_embeddings e WHERE e.model = ${embedder.model} AND e.text_hash = p.text_hash)
          ORDER BY a.published_at DESC, a.id DESC
          LIMIT ${Math.min(EMBEDDING_BATCH, limit - embedded)}`.execute(db);
        const texts = [...new Set(rows.map((row) => row.text))];
        if (texts.length === 0) break;
        const made = await vectorsOf(embedder, texts);
        embedded += texts.length;
        const dimensions = made.find((vector) => vector.length > 0)?.length;
        if (dimensions) await ensureIndex(embedder.model, dimensions);
      }
      return embedded;
    },
  };
}

/** One model's vectors of one size (`alias.` before the columns when given): only those compare. */
export const ofModel = (model: string, dimensions: number, alias?: string) => {
  const column = (name: string) => (alias ? sql.ref(`${alias}.${name}`) : sql.ref(name));
  return sql`${column('model')} = ${sql.lit(model)} AND vector_dims(${column('vec')}) = ${sql.lit(dimensions)}`;
};

/** Cosine distance of a kept vector to `vector`, as the model's index orders it. */
export const nearestOrder = (vector: readonly number[], alias: string) =>
  sql`${sql.ref(`${alias}.vec`)}::vector(${sql.lit(vector.length)}) <=> ${vectorLiteral(vector)}::vector(${sql.lit(vector.length)})`;

export type Embeddings = ReturnType<typeof createEmbeddings>;
