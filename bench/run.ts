import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { migrate } from '../apps/server/src/db/migrate';
import { openSeedDatabase, seedScale } from '../apps/server/src/db/scale-seed';
import { foreignBetween, snapshot, waitForQuiet, type CpuSnapshot, type ForeignCpu } from './cpu';
import { explainHotQueries } from './explain';
import type { LoadJob, LoadResult } from './load';
import {
  ENDPOINT_LABELS,
  readStore,
  renderResults,
  targetChecks,
  type DbKind,
  type EndpointKey,
  type EndpointResult,
  type MachineInfo,
  type RunEntry,
  type SeedRecord,
} from './report';

/**
 * Benchmarks of the content API:
 *   npm run bench -w @newsreel/bench -- [--db pglite|postgres|both] [--sizes 10000,100000] [--duration 10]
 * (the root `npm run bench` passes no flags on: it runs `npm run bench -w @newsreel/bench` without `--`).
 *
 * For each database and size: seed (scale-seed.ts; idempotent, databases are kept for reuse),
 * EXPLAIN the hot queries, start the real app (buildApp) and a bare Fastify "ceiling" in THIS
 * process, and load each endpoint with autocannon from a child process (load.ts). Results go to a
 * JSON store under /tmp (merged across runs) and to bench/RESULTS.md.
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const LOAD_SCRIPT = path.join(BENCH_DIR, 'load.ts');
const SEARCH_WORD = 'climate';
const RADAR = { lat: 51.5074, lon: -0.1278, radius: 50_000 };
const ID_SAMPLE = 1_000;

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '10000,100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    'pglite-root': { type: 'string', default: os.tmpdir() },
    store: { type: 'string', default: path.join(os.tmpdir(), 'newsreel-bench', 'results.json') },
    out: { type: 'string', default: path.join(BENCH_DIR, 'RESULTS.md') },
    'reset-store': { type: 'boolean', default: false },
    // Only rewrite RESULTS.md from the JSON store.
    'report-only': { type: 'boolean', default: false },
    // Only seed (and record the seed time); benchmark in a later run.
    'seed-only': { type: 'boolean', default: false },
    // Wait (up to max-wait s) before each run until other work uses less than this % of the cores.
    'max-foreign-cpu': { type: 'string', default: '25' },
    'max-wait': { type: 'string', default: '240' },
  },
  strict: true,
});

function positive(name: string, raw: string): number {
  const value = Number(raw.replaceAll('_', ''));
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1 (got "${raw}")`);
  return value;
}

const dbs: DbKind[] = values.db === 'both' ? ['postgres', 'pglite'] : values.db === 'postgres' || values.db === 'pglite' ? [values.db] : [];
if (dbs.length === 0) throw new Error(`--db must be pglite, postgres or both (got "${values.db}")`);
const sizes = values.sizes.split(',').map((part) => positive('sizes', part.trim()));
const durationSeconds = positive('duration', values.duration);
const warmupSeconds = Number(values.warmup);
const connections = positive('connections', values.connections);
const maxForeignCpu = Number(values['max-foreign-cpu']);
const maxWaitSeconds = Number(values['max-wait']);
const command = `npm run bench -w @newsreel/bench -- ${process.argv.slice(2).join(' ')}`.trim();
const cores = os.availableParallelism();

const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

function pgUrl(database: string): string {
  const url = new URL(values['pg-url']);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Creates the benchmark database on PostgreSQL when it does not exist. */
async function ensurePgDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to a minute) until no other statement runs on the database: after an overloaded run,
 * postgres goes on with the statements whose requests were given up (until their 15 s timeout),
 * and the next run must not measure them.
 */
async function waitForIdleDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 60; attempt++) {
      const { rows } = await client.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()",
        [name],
      );
      if (Number(rows[0]?.n ?? 0) === 0) return;
      if (attempt === 0) log(`    waiting for ${rows[0]?.n} statements still running on ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await client.end();
  }
}

async function postgresVersion(): Promise<string | null> {
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    return rows[0]?.version.split(',')[0] ?? null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function machineInfo(postgres: string | null, pgliteServer: string | null): MachineInfo {
  const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const pglitePackage = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const pgliteVersion = existsSync(pglitePackage) ? (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version : null;
  return {
    cores,
    cpuModel,
    ramGiB: os.totalmem() / 1024 ** 3,
    node: process.version,
    postgres,
    pglite: pgliteVersion ? `${pgliteVersion}${pgliteServer ? ` (PostgreSQL ${pgliteServer})` : ''}` : null,
  };
}

/** Runs one load job in a child process (see load.ts) and returns its result. */
function runLoadInChild(job: LoadJob): Promise<{ load: LoadResult; foreign: ForeignCpu }> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    let measureStart: CpuSnapshot | undefined;
    child.on('message', (message: { phase?: 'measure'; result?: LoadResult; error?: string }) => {
      if (message.phase === 'measure') {
        measureStart = snapshot();
        return;
      }
      settled = true;
      if (message.result && measureStart) {
        resolve({ load: message.result, foreign: foreignBetween(measureStart, snapshot(), message.result.cpuSeconds) });
      } else {
        reject(new Error(message.error ?? 'load child failed'));
      }
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load child exited with ${code}`));
    });
    child.send(job);
  });
}

async function probe(origin: string, pathname: string): Promise<EndpointResult['probe']> {
  const response = await fetch(origin + pathname);
  const text = await response.text();
  let total: number | null = null;
  let items: number | null = null;
  try {
    const body = JSON.parse(text) as { total?: number; items?: unknown[]; articles?: { total: number; items: unknown[] } };
    const list = body.articles ?? body;
    if (typeof list.total === 'number') total = list.total;
    if (Array.isArray(list.items)) items = list.items.length;
  } catch {
    // not JSON
  }
  return { status: response.status, bytes: Buffer.byteLength(text), total, items };
}

async function benchOne(db: DbKind, size: number, previous: RunEntry | undefined): Promise<RunEntry> {
  const dataDir = path.join(values['pglite-root'], `newsreel-bench-pglite-${size}`);
  const databaseName = `newsreel_bench_${size}`;
  const databaseUrl = db === 'postgres' ? pgUrl(databaseName) : undefined;
  if (db === 'postgres') await ensurePgDatabase(databaseName);
  log(`${db} ${size.toLocaleString('en')}: ${databaseUrl ?? `PGlite in ${dataDir}/db`}`);

  // 1. Seed (idempotent), pick ids, EXPLAIN.
  const seedDb = await openSeedDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db'), connections: cores });
  let seed: SeedRecord | null = previous?.seed ?? null;
  let seedReused = true;
  let articleIds: string[];
  let explain: RunEntry['explain'];
  let articleCount: number;
  let serverVersion: string | null;
  try {
    await migrate(seedDb.db);
    const concurrency = seedDb.driver === 'postgres' ? cores : 1;
    const result = await seedScale(seedDb.db, {
      articles: size,
      concurrency,
      onProgress: ({ done, total, inserted, elapsedMs }) =>
        log(`  seed ${done.toLocaleString('en')} / ${total.toLocaleString('en')}, inserted ${inserted.toLocaleString('en')} (${(elapsedMs / 1000).toFixed(1)} s)`),
    });
    if (result.inserted > 0) {
      seedReused = false;
      seed = {
        inserted: result.inserted,
        insertSeconds: result.insertMs / 1000,
        vacuumAnalyzeSeconds: result.analyzeMs / 1000,
        totalSeconds: result.totalMs / 1000,
        concurrency,
        at: new Date().toISOString(),
        command,
      };
      log(`  seeded ${result.inserted.toLocaleString('en')} in ${(result.totalMs / 1000).toFixed(1)} s (VACUUM ANALYZE ${(result.analyzeMs / 1000).toFixed(1)} s)`);
    } else {
      log('  already seeded');
    }
    const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM articles`.execute(seedDb.db);
    articleCount = Number(counted.rows[0]?.n ?? 0);
    // 1,000 ids spread over the whole range of scale articles.
    const slugs = Array.from({ length: Math.min(ID_SAMPLE, size) }, (_, k) => `scale-${1 + Math.floor((k * size) / Math.min(ID_SAMPLE, size))}`);
    const ids = await sql<{ id: string; slug: string }>`SELECT id, slug FROM articles WHERE slug = ANY(${slugs}::text[])`.execute(seedDb.db);
    const bySlug = new Map(ids.rows.map((row) => [row.slug, row.id]));
    articleIds = slugs.flatMap((slug) => bySlug.get(slug) ?? []);
    if (articleIds.length === 0) throw new Error('no scale articles found');
    log('  EXPLAIN (ANALYZE, BUFFERS) of the hot queries');
    explain = values['seed-only'] ? [] : await explainHotQueries(seedDb.db, { articleId: articleIds[0]!, searchWord: SEARCH_WORD, radar: RADAR });
    for (const query of explain) {
      log(`    ${query.endpoint}: ${query.label}: ${query.executionMs.toFixed(2)} ms, indexes ${query.indexes.join(', ') || '-'}${query.seqScans.length ? `, SEQ SCAN ${query.seqScans.join(', ')}` : ''}`);
    }
    const version = await sql<{ server_version: string }>`SHOW server_version`.execute(seedDb.db);
    serverVersion = version.rows[0]?.server_version ?? null;
  } finally {
    await seedDb.close();
  }
  if (values['seed-only']) {
    // Keeps the measurements of an earlier run of this database and size; only the seed is new.
    const machine = machineInfo(await postgresVersion(), db === 'pglite' ? serverVersion : (previous?.machine.pglite ?? null));
    if (previous) return { ...previous, seed, seedReused: previous.seedReused && seedReused, machine: previous.endpoints.length ? previous.machine : machine };
    return { db, size, date: new Date().toISOString(), command, machine, seed, seedReused, articleCount, loadAverageAtStart: os.loadavg(), endpoints: [], explain };
  }

  // 2. The real app, in this process, and the ceiling beside it.
  const loadAverageAtStart = os.loadavg();
  const app = await buildApp(
    loadConfig({
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      // Production requires a shared signing key; one process needs only its own.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // The load is one client hammering from one address: the limits would measure themselves.
      RATE_LIMITS: 'off',
      HOST: '127.0.0.1',
      PORT: '0',
    }),
  );
  const ceiling = Fastify({ logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const feedPath = '/v1/articles?limit=30';
    const feedResponse = await fetch(origin + feedPath);
    if (!feedResponse.ok) throw new Error(`feed answered ${feedResponse.status}`);
    const feedJson = await feedResponse.text();
    ceiling.get('/v1/articles', (_request, reply) => reply.type('application/json; charset=utf-8').send(feedJson));
    await ceiling.listen({ host: '127.0.0.1', port: 0 });
    const ceilingOrigin = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}`;

    const targets: [EndpointKey, string, string[]][] = [
      ['ceiling', ceilingOrigin, [feedPath]],
      ['feed', origin, [feedPath]],
      ['article', origin, articleIds.map((id) => `/v1/articles/${id}`)],
      ['search', origin, [`/v1/search?q=${SEARCH_WORD}`]],
      ['radar', origin, [`/v1/articles/radar?lat=${RADAR.lat}&lon=${RADAR.lon}&radius=${RADAR.radius}`]],
    ];
    const endpoints: EndpointResult[] = [];
    for (const [key, targetOrigin, paths] of targets) {
      // After an overloaded run the database may still be working off abandoned queries (503s):
      // wait until the endpoint answers again before measuring it.
      let probed = await probe(targetOrigin, paths[0]!);
      for (let attempt = 0; probed.status !== 200 && attempt < 60; attempt++) {
        log(`    ${ENDPOINT_LABELS[key]} answered ${probed.status}; retrying in 2 s`);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        probed = await probe(targetOrigin, paths[0]!);
      }
      if (probed.status !== 200) throw new Error(`${ENDPOINT_LABELS[key]} answered ${probed.status}`);
      if (db === 'postgres') await waitForIdleDatabase(databaseName);
      const quiet = await waitForQuiet(maxForeignCpu, maxWaitSeconds, (foreign) =>
        log(`    waiting: other work uses ${foreign.foreignPercent.toFixed(0)}% of the cores (limit ${maxForeignCpu}%)`),
      );
      const loadAverageBefore = os.loadavg()[0]!;
      log(`  ${ENDPOINT_LABELS[key]}: ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s (load avg ${loadAverageBefore.toFixed(2)}, others ${quiet.foreign.foreignPercent.toFixed(0)}%)`);
      const { load, foreign } = await runLoadInChild({ origin: targetOrigin, paths, connections, durationSeconds, warmupSeconds });
      log(
        `    ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, errors ${load.errors}, non-2xx ${load.non2xx}, timeouts ${load.timeouts}; others used ${foreign.foreignPercent.toFixed(0)}% of the cores, steal ${foreign.stealPercent.toFixed(0)}%`,
      );
      endpoints.push({
        key,
        path: paths.length > 1 ? `${paths[0]} … (${paths.length} ids)` : paths[0]!,
        load,
        loadAverageBefore,
        foreign,
        foreignBefore: quiet.foreign.foreignPercent,
        waitedSeconds: quiet.waitedSeconds,
        probe: probed,
      });
    }

    const postgres = await postgresVersion();
    return {
      db,
      size,
      date: new Date().toISOString(),
      command,
      machine: machineInfo(postgres, db === 'pglite' ? serverVersion : (previous?.machine.pglite ?? null)),
      seed,
      seedReused,
      articleCount,
      loadAverageAtStart,
      endpoints,
      explain,
    };
  } finally {
    await ceiling.close();
    await app.close();
  }
}

async function main(): Promise<void> {
  await mkdir(path.dirname(values.store), { recursive: true });
  const store = values['reset-store'] ? { entries: {} } : readStore(values.store);
  if (values['report-only']) {
    const previous = existsSync(values.out) ? readFileSync(values.out, 'utf8') : undefined;
    await writeFile(values.out, renderResults(store, previous));
    log(`wrote ${values.out} from ${values.store}`);
    return;
  }
  log(`${command}\n  ${cores} cores, Node ${process.version}; databases ${dbs.join(', ')}; sizes ${sizes.join(', ')}`);
  for (const db of dbs) {
    for (const size of sizes) {
      const key = `${db}:${size}`;
      const entry = await benchOne(db, size, store.entries[key]);
      store.entries[key] = entry;
      for (const check of targetChecks(entry)) log(`  target ${check.name}: ${check.measured} (${check.limit}) ${check.pass ? 'pass' : 'FAIL'}`);
      // Written after every database × size, so a long run keeps what it has measured.
      await writeFile(values.store, JSON.stringify(store, null, 2));
      const previous = existsSync(values.out) ? readFileSync(values.out, 'utf8') : undefined;
      await writeFile(values.out, renderResults(store, previous));
      log(`  wrote ${path.relative(process.cwd(), values.out)} and ${values.store}`);
    }
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
