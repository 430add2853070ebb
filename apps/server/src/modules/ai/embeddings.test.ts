import type { AiResult } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, testDatabaseDriver, type TestDatabase } from '../../../test/helpers';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../../test/openai-compatible-server';
import { buildApp } from '../../app';
import { seedDemoCatalogue } from '../../db/demo-seed';
import { migrate } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { createJobQueue, type JobQueue } from '../jobs/job-queue';
import { EMBED_PASSAGES_JOB } from './embedding-jobs';
import { createEmbeddings, textHashOf } from './embeddings';

/**
 * A small meaning model for the test server: a text's vector counts the words of each concept,
 * so texts about the same things point the same way whatever words they use; the other words
 * weigh a little, each in one of 64 buckets, so texts about none of the concepts differ too.
 */
const CONCEPTS = [
  ['trip', 'trips', 'voyage', 'voyages', 'sailing', 'sailings', 'journey', 'journeys'],
  ['evening', 'evenings', 'nighttime', 'night'],
  ['grew', 'grow', 'rose', 'change', 'changed'],
  ['year', 'twelve', 'months'],
];
const OTHER_BUCKETS = 64;
const meaningOf = (text: string) => {
  const vector = Array.from({ length: CONCEPTS.length + OTHER_BUCKETS }, () => 0);
  for (const word of text.toLowerCase().split(/[^a-z]+/)) {
    const concept = CONCEPTS.findIndex((words) => words.includes(word));
    if (concept >= 0) vector[concept]! += 1;
    else if (word.length > 3) vector[CONCEPTS.length + ([...word].reduce((sum, c) => sum * 31 + c.charCodeAt(0), 7) % OTHER_BUCKETS)]! += 0.2;
  }
  return vector;
};

/** Says none of the words of the line it means (the demo ferry story's "evening trips grew by almost a fifth over the past year"). */
const PARAPHRASE = 'How did the number of nighttime voyages change across the last twelve months?';
const MEANT = 'The transport agency says evening trips grew by almost a fifth over the past year.';

describe('AI search by meaning, with an embedding provider', () => {
  let model: OpenAiCompatibleServer;
  let database: TestDatabase;
  let jobs: JobQueue;
  let app: FastifyInstance;
  let db: Kysely<Database>;
  let vectors: boolean;

  const ask = async (query: string) => {
    const res = await app.inject({ method: 'POST', url: '/v1/ai/ask', payload: { query } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AiResult>();
  };
  const embeddedCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ai_embeddings WHERE model = 'test-meaning'`.execute(db)).rows[0]!.n);
  const passagesWithoutEmbedding = async () =>
    Number(
      (
        await sql<{ n: string }>`SELECT count(DISTINCT p.text_hash) AS n FROM ai_passages p
          WHERE NOT EXISTS (SELECT 1 FROM ai_embeddings e WHERE e.model = 'test-meaning' AND e.text_hash = p.text_hash)`.execute(db)
      ).rows[0]!.n,
    );
  /** Runs the embedding job as its schedule would, and waits until no passage is left without an embedding. */
  const embedPassages = async () => {
    await jobs.sendJob(EMBED_PASSAGES_JOB);
    await expect.poll(passagesWithoutEmbedding, { timeout: 30_000, interval: 200 }).toBe(0);
  };

  beforeAll(async () => {
    model = await startOpenAiCompatibleServer(() => 'unused', { embed: meaningOf });
    const config = testConfig({
      RATE_LIMITS: 'off',
      JOBS: 'in-process',
      AI_BASE_URL: model.baseUrl,
      AI_API_KEY: 'test-key',
      AI_EMBEDDING_MODEL: 'test-meaning',
      AI_EMBEDDING_MIN_SIMILARITY: '0.85',
      AI_MAX_RETRIES: '0',
    });
    database = await createTestDatabase(config.databasePool);
    db = database.handle.db;
    jobs = createJobQueue({ db, mode: 'in-process', pollingSeconds: 0.5 });
    app = await buildApp(config, { database: database.handle, jobs });
    await app.ready();
    await seedDemoCatalogue(db);
    vectors = await createEmbeddings(db).hasVectors();
    // Building the app and migrating a fresh database takes long on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await model?.close();
  });

  it('keys each passage by its text’s hash, as the embeddings are keyed', async () => {
    const { rows } = await sql<{ text: string; text_hash: string }>`SELECT text, text_hash FROM ai_passages LIMIT 50`.execute(db);
    expect(rows.length).toBe(50);
    for (const row of rows) expect(row.text_hash).toBe(textHashOf(row.text));
  });

  it('embeds every passage in the background, each text once, and makes the model’s nearest-neighbour index', async () => {
    await embedPassages();
    const texts = Number((await sql<{ n: string }>`SELECT count(DISTINCT text_hash) AS n FROM ai_passages`.execute(db)).rows[0]!.n);
    expect(await embeddedCount()).toBe(texts);
    // Each distinct text went to the provider once.
    expect(new Set(model.embedded).size).toBe(model.embedded.length);
    const indexes = await sql<{ indexdef: string }>`SELECT indexdef FROM pg_indexes WHERE tablename = 'ai_embeddings' AND indexname LIKE 'ai_embeddings_nearest_%'`.execute(db);
    if (vectors) {
      expect(indexes.rows).toHaveLength(1);
      expect(indexes.rows[0]!.indexdef).toMatch(/USING hnsw .*vector\(68\).*vector_cosine_ops.*test-meaning/);
    } else {
      expect(indexes.rows).toHaveLength(0);
    }

    // A second run finds nothing left to embed.
    const sent = model.embedded.length;
    expect(await createEmbeddings(db).embedPassages({ provider: { embed: () => Promise.reject(new Error('not called')) } as never, model: 'test-meaning', minSimilarity: 0.85 }, 100)).toBe(0);
    expect(model.embedded.length).toBe(sent);
  });

  it('answers a question put in other words from the passage that means it, where pgvector is installed', async () => {
    await embedPassages();
    const result = await ask(PARAPHRASE);
    if (!vectors) {
      // Without pgvector only full-text candidates are compared by meaning, and none says it.
      expect(result.found).toBe(false);
      return;
    }
    expect(result.found, JSON.stringify(result.sentences)).toBe(true);
    const [first] = result.sentences;
    expect(first!.text).toBe(MEANT);
    const ferry = await db.selectFrom('articles').select('id').where('slug', '=', 'sydney-ferries-add-late-night-services').executeTakeFirstOrThrow();
    expect(first!.citations[0]).toMatchObject({ articleId: ferry.id, quote: MEANT });
    // Nothing below the similarity threshold is cited: only the one line means the question.
    expect(result.sentences.flatMap((sentence) => sentence.citations.map((citation) => citation.quote))).toEqual([MEANT]);
  });

  it('still answers "not found" for what no passage says or means', async () => {
    const result = await ask('Which team won the cricket final at Lord’s?');
    expect(result.found).toBe(false);
    expect(result.sentences).toEqual([]);
  });

  it('re-embeds only the lines an edit changed', async () => {
    await embedPassages();
    const ferry = await db.selectFrom('articles').select('id').where('slug', '=', 'sydney-ferries-add-late-night-services').executeTakeFirstOrThrow();
    const before = model.embedded.length;
    await db.updateTable('articles').set({ title: 'Sydney ferries add late-night sailings across the harbour' }).where('id', '=', ferry.id).execute();
    await embedPassages();
    expect(model.embedded.slice(before)).toEqual(['Sydney ferries add late-night sailings across the harbour']);
  });

  it('keeps answering by the words when the embedding provider is down', async () => {
    model.failWith(503);
    try {
      const result = await ask('What time do the last boats leave Circular Quay at the weekend?');
      expect(result.found).toBe(true);
      expect(result.sentences[0]!.text).toMatch(/last boats/);
    } finally {
      model.failWith(null);
    }
  });
});

describe.skipIf(testDatabaseDriver !== 'postgres')('whether the database keeps vectors, asked while it is down', () => {
  it('is asked again once the database answers, not remembered as a failure', async () => {
    const database = await createTestDatabase();
    try {
      await migrate(database.handle.db);
      const embeddings = createEmbeddings(database.handle.db);
      await database.takeDown();
      await expect(embeddings.hasVectors()).rejects.toThrow();
      await database.bringBack?.();
      const { rows } = await sql<{ has: boolean }>`
        SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = 'ai_embeddings'::regclass AND attname = 'vec') AS has`.execute(database.handle.db);
      await expect(embeddings.hasVectors()).resolves.toBe(rows[0]!.has);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});
