import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { migrate } from './migrate';
import { DEFAULT_BATCH_SIZE, openSeedDatabase, seedScale } from './scale-seed';
import { scaleVisitorCount, seedScaleReaders } from './scale-seed-readers';

/**
 * `npm run seed -- --articles 100000 [--database-url postgres://…] [--batch-size 50000] [--concurrency N] [--no-transcripts] [--readers [--visitors N]]`
 *
 * Fills a database with N deterministic scale-test articles (see scale-seed.ts) and, with
 * --readers, visitors who read them (scale-seed-readers.ts: interactions, category scores,
 * blocked publishers; by default 1 visitor per 10 articles, at most 50,000). The database is
 * --database-url, else DATABASE_URL, else the embedded PGlite in DATA_DIR/db (as the server uses).
 * Migrations run first. Re-running with the same N adds nothing. On PostgreSQL, --concurrency
 * batches (default: the number of cores) are inserted at once, each on its own connection.
 */
const USAGE = 'Usage: npm run seed -- --articles N [--database-url URL] [--batch-size N] [--concurrency N] [--no-transcripts] [--readers [--visitors N]]';

function wholeNumber(name: string, raw: string | undefined, fallback?: number): number {
  if (raw === undefined) {
    if (fallback !== undefined) return fallback;
    throw new Error(`--${name} is required. ${USAGE}`);
  }
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${raw}")`);
  return value;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      articles: { type: 'string' },
      'database-url': { type: 'string' },
      'batch-size': { type: 'string' },
      concurrency: { type: 'string' },
      'no-transcripts': { type: 'boolean', default: false },
      readers: { type: 'boolean', default: false },
      visitors: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const articles = wholeNumber('articles', values.articles);
  const batchSize = wholeNumber('batch-size', values['batch-size'], DEFAULT_BATCH_SIZE);
  if (values.visitors !== undefined && !values.readers) throw new Error(`--visitors needs --readers. ${USAGE}`);
  const visitors = wholeNumber('visitors', values.visitors, scaleVisitorCount(articles));
  const config = loadConfig({ ...process.env, ...(values['database-url'] ? { DATABASE_URL: values['database-url'] } : {}) });
  const pgliteDir = path.join(config.dataDir, 'db');
  const target = config.databaseUrl ? config.databaseUrl.replace(/\/\/[^@/]*@/, '//…@') : `PGlite in ${pgliteDir}`;

  console.log(`Seeding ${articles.toLocaleString('en')} scale articles into ${target}`);
  const concurrency = wholeNumber('concurrency', values.concurrency, availableParallelism());
  const database = await openSeedDatabase({ databaseUrl: config.databaseUrl, pgliteDir, connections: concurrency });
  try {
    const applied = await migrate(database.db);
    if (applied.length > 0) console.log(`Migrations applied: ${applied.join(', ')}`);
    const result = await seedScale(database.db, {
      articles,
      batchSize,
      // Batches in parallel on PostgreSQL (one connection each, CPU bound); PGlite has one connection.
      concurrency: database.driver === 'postgres' ? concurrency : 1,
      transcripts: !values['no-transcripts'],
      onProgress: ({ done, total, inserted, elapsedMs }) => {
        const rate = inserted > 0 ? `, ${Math.round(inserted / (elapsedMs / 1000)).toLocaleString('en')} articles/s` : '';
        console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} (inserted ${inserted.toLocaleString('en')}, ${seconds(elapsedMs)}${rate})`);
      },
    });
    if (result.inserted === 0) {
      console.log(`Nothing to add: all ${articles.toLocaleString('en')} scale articles already exist (${seconds(result.totalMs)}).`);
    } else {
      console.log(
        `Inserted ${result.inserted.toLocaleString('en')} articles in ${seconds(result.insertMs)}, ` +
          `VACUUM (ANALYZE) ${seconds(result.analyzeMs)}; total ${seconds(result.totalMs)}.`,
      );
    }
    if (values.readers) {
      console.log(`Seeding ${visitors.toLocaleString('en')} scale visitors`);
      const readers = await seedScaleReaders(database.db, {
        articles,
        visitors,
        concurrency: database.driver === 'postgres' ? concurrency : 1,
        onProgress: ({ done, total, elapsedMs }) => console.log(`  ${done.toLocaleString('en')} / ${total.toLocaleString('en')} visitors (${seconds(elapsedMs)})`),
      });
      if (readers.seededVisitors === 0) {
        console.log(`Nothing to add: all ${visitors.toLocaleString('en')} scale visitors already exist (${seconds(readers.totalMs)}).`);
      } else {
        console.log(
          `Seeded ${readers.seededVisitors.toLocaleString('en')} visitors: ${readers.interactions.toLocaleString('en')} interactions, ` +
            `${readers.scores.toLocaleString('en')} category scores, ${readers.settings.toLocaleString('en')} settings in ${seconds(readers.insertMs)}, ` +
            `VACUUM (ANALYZE) ${seconds(readers.analyzeMs)}; total ${seconds(readers.totalMs)}.`,
        );
      }
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
