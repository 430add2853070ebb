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
import { scaleOwnerIds, scaleVisitorCount, seedScaleReaders } from '../apps/server/src/db/scale-seed-readers';
import { foreignBetween, snapshot, waitForQuiet, type CpuSnapshot, type ForeignCpu } from './cpu';
import { explainHotQueries } from './explain';
import type { LoadJob, LoadResult } from './load';
import {
  ENDPOINT_KEYS,
  ENDPOINT_LABELS,
  readStore,
  renderResults,
  targetChecks,
  trafficOf,
  type DbKind,
  type EndpointKey,
  type EndpointResult,
  type MachineInfo,
  type ReadersSeedRecord,
  type RunEntry,
  type SeedRecord,
} from './report';
import {
  DEFAULT_TRAFFIC_SEED,
  distinctVariedPaths,
  FIXED_RADAR,
  FIXED_SEARCH_WORD,
  FIXED_VISITOR,
  fixedPaths,
  spreadArticleIds,
  variedPaths,
  type TrafficKind,
  type VariedTraffic,
} from './traffic';

/**
 * Benchmarks of the content API:
 *   npm run bench -- [--db pglite|postgres|both] [--sizes 10000,100000] [--duration 10]
 *     [--endpoints feed,search,…] [--traffic fixed,varied] [--seed 1]
 *
 * For each database and size: seed (scale-seed.ts, then its readers, scale-seed-readers.ts;
 * idempotent, databases are kept for reuse), EXPLAIN the hot queries, start the real app
 * (buildApp) and a bare Fastify "ceiling" in THIS process, and load each endpoint with autocannon
 * from a child process (load.ts): its fixed query, then varied traffic (traffic.ts). Results go to
 * a JSON store (bench/results.json, merged across runs and kept in the repository, so RESULTS.md,
 * written from all of it, keeps the other databases' and sizes' results on any machine) and to
 * bench/RESULTS.md.
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(BENCH_DIR, '..');
const LOAD_SCRIPT = path.join(BENCH_DIR, 'load.ts');
const ID_SAMPLE = 1_000;
/** Varied requests drawn up front to count how many differ (the load process draws its own). */
const VARIED_SAMPLE = 20_000;
const TRAFFIC_KINDS: TrafficKind[] = ['fixed', 'varied'];

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    sizes: { type: 'string', default: '10000,100000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    'pglite-root': { type: 'string', default: os.tmpdir() },
    store: { type: 'string', default: path.join(BENCH_DIR, 'results.json') },
    out: { type: 'string', default: path.join(BENCH_DIR, 'RESULTS.md') },
    'reset-store': { type: 'boolean', default: false },
    // Only rewrite RESULTS.md from the JSON store.
    'report-only': { type: 'boolean', default: false },
    // Only seed (and record the seed time); benchmark in a later run.
    'seed-only': { type: 'boolean', default: false },
    // Wait (up to max-wait s) before each run until other work uses less than this % of the cores.
    'max-foreign-cpu': { type: 'string', default: '25' },
    'max-wait': { type: 'string', default: '240' },
    // What to measure: endpoints (ceiling, feed, …) and traffic (fixed, varied); the others' earlier results are kept.
    endpoints: { type: 'string', default: ENDPOINT_KEYS.join(',') },
    traffic: { type: 'string', default: TRAFFIC_KINDS.join(',') },
    // The varied traffic's generator seed.
    seed: { type: 'string', default: String(DEFAULT_TRAFFIC_SEED) },
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

/** A comma-separated flag's values, each one of `allowed`, in the order of `allowed`. */
function listFlag<T extends string>(name: string, raw: string, allowed: readonly T[]): T[] {
  const given = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const unknown = given.filter((part) => !allowed.includes(part as T));
  if (unknown.length > 0 || given.length === 0) throw new Error(`--${name} takes some of ${allowed.join(', ')} (got "${raw}")`);
  return allowed.filter((value) => given.includes(value));
}
const endpointKeys = listFlag('endpoints', values.endpoints, ENDPOINT_KEYS);
const trafficKinds = listFlag('traffic', values.traffic, TRAFFIC_KINDS);
const trafficSeed = positive('seed', values.seed);
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

/** The server settings the read figures depend on most: how much it caches itself, and JIT. */
const POSTGRES_SETTINGS = ['shared_buffers', 'effective_cache_size', 'work_mem', 'random_page_cost', 'jit'];

/** PostgreSQL's version and the settings above, as RESULTS.md shows them. */
async function postgresVersion(): Promise<string | null> {
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  try {
    await client.connect();
    const { rows } = await client.query<{ version: string }>('SELECT version()');
    const settings = await client.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name = ANY($1) ORDER BY array_position($1, name)`,
      [POSTGRES_SETTINGS],
    );
    const version = rows[0]?.version.split(',')[0];
    return version ? `${version} (${settings.rows.map((row) => `${row.name} ${row.setting}`).join(', ')})` : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PGlite's package version and the PostgreSQL version it runs, as the machine section shows them. */
function pgliteDescription(pgliteServer: string | null): string | null {
  const pglitePackage = path.join(REPO_ROOT, 'node_modules/@electric-sql/pglite/package.json');
  const pgliteVersion = existsSync(pglitePackage) ? (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version : null;
  return pgliteVersion ? `${pgliteVersion}${pgliteServer ? ` (PostgreSQL ${pgliteServer})` : ''}` : null;
}

/** This machine; `pglite` as pgliteDescription gives it (a run on PostgreSQL keeps the last PGlite run's). */
function machineInfo(postgres: string | null, pglite: string | null): MachineInfo {
  const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  return { cores, cpuModel, ramGiB: os.totalmem() / 1024 ** 3, node: process.version, postgres, pglite };
}

/** Runs one load job in a child process (see load.ts) and returns its result. */
function runLoadInChild(job: LoadJob, database: string | undefined): Promise<{ load: LoadResult; foreign: ForeignCpu }> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    let measureStart: CpuSnapshot | undefined;
    child.on('message', (message: { phase?: 'measure'; result?: LoadResult; error?: string }) => {
      if (message.phase === 'measure') {
        measureStart = snapshot(database);
        return;
      }
      settled = true;
      if (message.result && measureStart) {
        resolve({ load: message.result, foreign: foreignBetween(measureStart, snapshot(database), message.result.cpuSeconds) });
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

/** One measured run: an endpoint with one kind of traffic. */
interface PlannedRun {
  key: EndpointKey;
  traffic: TrafficKind;
  origin: string;
  requests: LoadJob['requests'];
}

/** The first path a run asks (the probe asks it before the run). */
function firstPath(requests: LoadJob['requests']): string {
  return 'varied' in requests ? variedPaths(requests.varied)() : requests.paths[0]!;
}

/** Loads one endpoint with one traffic, once the machine and the database are quiet. */
async function measure(run: PlannedRun, databaseName: string | undefined): Promise<EndpointResult> {
  const name = `${ENDPOINT_LABELS[run.key]}, ${run.traffic}`;
  const first = firstPath(run.requests);
  // After an overloaded run the database may still be working off abandoned queries (503s):
  // wait until the endpoint answers again before measuring it.
  let probed = await probe(run.origin, first);
  for (let attempt = 0; probed.status !== 200 && attempt < 60; attempt++) {
    log(`    ${name} answered ${probed.status}; retrying in 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    probed = await probe(run.origin, first);
  }
  if (probed.status !== 200) throw new Error(`${name} answered ${probed.status} to ${first}`);
  const varied =
    'varied' in run.requests ? { seed: trafficSeed, distinct: distinctVariedPaths(run.requests.varied, VARIED_SAMPLE), sampled: VARIED_SAMPLE } : undefined;
  if (databaseName) await waitForIdleDatabase(databaseName);
  const quiet = await waitForQuiet(
    maxForeignCpu,
    maxWaitSeconds,
    (foreign) => log(`    waiting: other work uses ${foreign.foreignPercent.toFixed(0)}% of the cores (limit ${maxForeignCpu}%)`),
    databaseName,
  );
  const loadAverageBefore = os.loadavg()[0]!;
  log(
    `  ${name}${varied ? ` (seed ${varied.seed}, ${varied.distinct.toLocaleString('en')} distinct of the first ${varied.sampled.toLocaleString('en')})` : ''}: ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s (load avg ${loadAverageBefore.toFixed(2)}, others ${quiet.foreign.foreignPercent.toFixed(0)}%)`,
  );
  const { load, foreign } = await runLoadInChild({ origin: run.origin, requests: run.requests, connections, durationSeconds, warmupSeconds }, databaseName);
  log(
    `    ${Math.round(load.requestsPerSecond)} req/s, p50 ${load.p50.toFixed(1)} ms, p95 ${load.p95.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, errors ${load.errors}, non-2xx ${load.non2xx}, timeouts ${load.timeouts}; others used ${foreign.foreignPercent.toFixed(0)}% of the cores, steal ${foreign.stealPercent.toFixed(0)}%`,
  );
  const paths = 'paths' in run.requests ? run.requests.paths : [];
  return {
    key: run.key,
    traffic: run.traffic,
    path: paths.length > 1 ? `${paths[0]} … (${paths.length} in turn)` : first,
    ...(varied ? { varied } : {}),
    measuredAt: new Date().toISOString(),
    load,
    loadAverageBefore,
    foreign,
    foreignBefore: quiet.foreign.foreignPercent,
    waitedSeconds: quiet.waitedSeconds,
    probe: probed,
  };
}

async function benchOne(db: DbKind, size: number, previous: RunEntry | undefined): Promise<RunEntry> {
  const dataDir = path.join(values['pglite-root'], `newsreel-bench-pglite-${size}`);
  const databaseName = `newsreel_bench_${size}`;
  const databaseUrl = db === 'postgres' ? pgUrl(databaseName) : undefined;
  if (db === 'postgres') await ensurePgDatabase(databaseName);
  log(`${db} ${size.toLocaleString('en')}: ${databaseUrl ?? `PGlite in ${dataDir}/db`}`);

  // 1. Seed articles and readers (idempotent), EXPLAIN.
  const seedDb = await openSeedDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db'), connections: cores });
  let seed: SeedRecord | null = previous?.seed ?? null;
  let readersSeed: ReadersSeedRecord | null = previous?.readersSeed ?? null;
  let seedReused = true;
  // 1,000 ids spread over the whole range of scale articles, asked in turn by the fixed article runs.
  const articleIds = spreadArticleIds(size, ID_SAMPLE);
  const visitors = scaleVisitorCount(size);
  let owners: { publisherIds: string[]; categoryIds: string[] };
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
      log('  articles already seeded');
    }
    const readers = await seedScaleReaders(seedDb.db, {
      articles: size,
      visitors,
      concurrency,
      onProgress: ({ done, total, elapsedMs }) => log(`  readers ${done.toLocaleString('en')} / ${total.toLocaleString('en')} visitors (${(elapsedMs / 1000).toFixed(1)} s)`),
    });
    if (readers.seededVisitors > 0) {
      seedReused = false;
      readersSeed = {
        visitors,
        seededVisitors: readers.seededVisitors,
        interactions: readers.interactions,
        scores: readers.scores,
        settings: readers.settings,
        insertSeconds: readers.insertMs / 1000,
        vacuumAnalyzeSeconds: readers.analyzeMs / 1000,
        totalSeconds: readers.totalMs / 1000,
        concurrency,
        at: new Date().toISOString(),
        command,
      };
      log(
        `  seeded ${readers.seededVisitors.toLocaleString('en')} visitors: ${readers.interactions.toLocaleString('en')} interactions, ${readers.scores.toLocaleString('en')} scores, ${readers.settings.toLocaleString('en')} settings in ${(readers.totalMs / 1000).toFixed(1)} s (VACUUM ANALYZE ${(readers.analyzeMs / 1000).toFixed(1)} s)`,
      );
    } else {
      log(`  ${visitors.toLocaleString('en')} visitors already seeded`);
    }
    owners = await scaleOwnerIds(seedDb.db);
    const counted = await sql<{ n: string }>`SELECT count(*) AS n FROM articles`.execute(seedDb.db);
    articleCount = Number(counted.rows[0]?.n ?? 0);
    log('  EXPLAIN (ANALYZE, BUFFERS) of the hot queries');
    explain = values['seed-only']
      ? []
      : await explainHotQueries(seedDb.db, {
          articleId: articleIds[0]!,
          searchWord: FIXED_SEARCH_WORD,
          radar: FIXED_RADAR,
          visitorId: FIXED_VISITOR,
          interactionIds: articleIds.slice(0, 30),
        });
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
    const machine = machineInfo(await postgresVersion(), db === 'pglite' ? pgliteDescription(serverVersion) : (previous?.machine.pglite ?? null));
    if (previous) {
      return { ...previous, seed, readersSeed, seedReused: previous.seedReused && seedReused, machine: previous.endpoints.length ? previous.machine : machine };
    }
    return { db, size, date: new Date().toISOString(), command, machine, seed, readersSeed, seedReused, articleCount, loadAverageAtStart: os.loadavg(), endpoints: [], explain };
  }

  // 2. The real app, in this process, and the ceiling beside it.
  const loadAverageAtStart = os.loadavg();
  const startedAt = new Date().toISOString();
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
    const [feedPath] = fixedPaths('feed', articleIds);
    const feedResponse = await fetch(origin + feedPath!);
    if (!feedResponse.ok) throw new Error(`feed answered ${feedResponse.status}`);
    const feedJson = await feedResponse.text();
    ceiling.get('/v1/articles', (_request, reply) => reply.type('application/json; charset=utf-8').send(feedJson));
    await ceiling.listen({ host: '127.0.0.1', port: 0 });
    const ceilingOrigin = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}`;

    // Each endpoint's fixed query, then its varied traffic: the two are measured minutes apart at most.
    const runs: PlannedRun[] = endpointKeys.flatMap((key): PlannedRun[] => {
      if (key === 'ceiling') return trafficKinds.includes('fixed') ? [{ key, traffic: 'fixed', origin: ceilingOrigin, requests: { paths: [feedPath!] } }] : [];
      return trafficKinds.map((traffic) => {
        const varied: VariedTraffic = { endpoint: key, seed: trafficSeed, articles: size, visitors, ...owners };
        return { key, traffic, origin, requests: traffic === 'fixed' ? { paths: fixedPaths(key, articleIds) } : { varied } };
      });
    });
    const measured: EndpointResult[] = [];
    for (const run of runs) measured.push(await measure(run, db === 'postgres' ? databaseName : undefined));

    // A run of some endpoints keeps the others' results, unless the data changed under them.
    const runKey = (result: EndpointResult) => `${result.key}:${trafficOf(result)}`;
    const remeasured = new Set(measured.map(runKey));
    const kept = seedReused ? (previous?.endpoints ?? []).filter((result) => !remeasured.has(runKey(result))) : [];
    const order = (result: EndpointResult) => ENDPOINT_KEYS.indexOf(result.key) * TRAFFIC_KINDS.length + TRAFFIC_KINDS.indexOf(trafficOf(result));
    const endpoints = [...kept, ...measured].sort((a, b) => order(a) - order(b));

    const postgres = await postgresVersion();
    return {
      db,
      size,
      date: new Date().toISOString(),
      startedAt,
      command,
      machine: machineInfo(postgres, db === 'pglite' ? pgliteDescription(serverVersion) : (previous?.machine.pglite ?? null)),
      seed,
      readersSeed,
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
      for (const check of targetChecks(entry)) {
        log(`  target ${check.name}: ${check.measured} (${check.limit}) ${check.pass ? 'pass' : 'FAIL'}${check.atTargetSize ? '' : ' (not the target\'s size: for information)'}`);
      }
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
