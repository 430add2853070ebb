import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { LoadResult, LoadSettings } from '../load';
import type { EventLoadJob } from './event-load';
import { eventSource, type EventTraffic } from './event-traffic';

/**
 * The analytics ingest benchmark (issue 12: ≥ 50,000 events/s acknowledged, batches of 100, 20
 * connections, 20 s, on the real PostgreSQL; beside a plain multi-row INSERT of the same rows in
 * the same run; the same for NATS JetStream; server RSS over a soak):
 *
 *   npm run bench:analytics -- [--duration 20] [--connections 20] [--batch 100] [--soak 300] [--streams postgres,nats]
 *
 * Starts the real app in this process on a fresh PostgreSQL database (roll-ups running in it, as
 * by default), loads POST /v1/proxy/kinesis from a child process with batches of new events, then
 * checks that every acknowledged event is in the store. The tables go into bench/RESULTS.md
 * between `<!-- analytics:start -->` and `<!-- analytics:end -->`.
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.resolve(BENCH_DIR, '../RESULTS.md');
const LOAD_SCRIPT = path.join(BENCH_DIR, 'event-load.ts');
const NOTES_FILE = path.join(BENCH_DIR, 'notes.md');
const BLOCK_START = '<!-- analytics:start -->';
const BLOCK_END = '<!-- analytics:end -->';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    batch: { type: 'string', default: '100' },
    soak: { type: 'string', default: '300' },
    'soak-connections': { type: 'string', default: '4' },
    streams: { type: 'string', default: 'postgres,nats' },
    seed: { type: 'string', default: '1' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    'nats-url': { type: 'string', default: 'nats://127.0.0.1:4222' },
    out: { type: 'string', default: RESULTS_FILE },
  },
});

function whole(name: string, raw: string, min = 1): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number ≥ ${min} (got "${raw}")`);
  return value;
}

const durationSeconds = whole('duration', values.duration);
const warmupSeconds = whole('warmup', values.warmup, 0);
const connections = whole('connections', values.connections);
const batch = whole('batch', values.batch);
const soakSeconds = whole('soak', values.soak, 0);
const soakConnections = whole('soak-connections', values['soak-connections']);
const seed = whole('seed', values.seed);
const streams = values.streams.split(',').map((name) => name.trim());
for (const stream of streams) if (stream !== 'postgres' && stream !== 'nats') throw new Error(`--streams takes postgres and nats (got "${stream}")`);
/**
 * Each stream is measured with the roll-ups applied elsewhere (ROLLUPS=off, as with `npm run
 * worker` on other machines), and the default stream again with them applied inside the server,
 * on the same cores, as the embedded default and a single server run.
 */
const plan = streams.flatMap((stream) => (stream === 'postgres' ? [{ stream, rollups: 'off' }, { stream, rollups: 'in-process' }] : [{ stream, rollups: 'off' }]));
const command = `npm run bench:analytics -- ${process.argv.slice(2).join(' ')}`.trim();
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const int = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MB`;

const traffic: EventTraffic = {
  seed,
  batch,
  articleIds: Array.from({ length: 2_000 }, () => randomUUID()),
  publisherIds: Array.from({ length: 40 }, () => randomUUID()),
};

function runInChild(job: EventLoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(LOAD_SCRIPT, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.on('message', (message: { result?: LoadResult; error?: string }) => {
      if (message.result) resolve(message.result);
      else reject(new Error(message.error ?? 'load child failed'));
    });
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`load child exited with ${code}`));
    });
    child.send(job);
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const storedEvents = (url: string) =>
  withClient(url, async (client) => Number((await client.query<{ n: string }>('select count(*) as n from analytics_events')).rows[0]!.n));

/**
 * The comparison: the same rows written by `connections` clients, each a plain multi-row INSERT of
 * `batch` rows at a time (no HTTP, no validation, no de-duplication), for the same time.
 */
async function plainInsert(url: string): Promise<number> {
  const next = eventSource({ ...traffic, seed: seed + 1 });
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const until = Date.now() + durationSeconds * 1000;
  let rows = 0;
  const columns = 7;
  const text = `insert into analytics_events (event_id, event_time, partition_key, action, visitor_id, region_id, data) values ${Array.from(
    { length: batch },
    (_, row) => `(${Array.from({ length: columns }, (_, column) => `$${row * columns + column + 1}`).join(', ')})`,
  ).join(', ')}`;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < until) {
        const params: unknown[] = [];
        for (let index = 0; index < batch; index++) {
          const { partitionKey, data } = next();
          params.push(data.eventId, new Date((data.epochSeconds as number) * 1000), partitionKey, data.action, data.visitorId, data.regionId, data);
        }
        await client.query(text, params);
        rows += batch;
      }
    }),
  );
  await Promise.all(clients.map((client) => client.end()));
  return rows / durationSeconds;
}

interface StreamRun {
  stream: string;
  rollups: string;
  result: LoadResult;
  eventsPerSecond: number;
  stored: number;
  acknowledged: number;
}

async function startApp(stream: string, rollups: string, databaseUrl: string, dataDir: string, streamName: string): Promise<{ app: FastifyInstance; origin: string }> {
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DEMO_CONTENT: 'off',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64url'),
      // One client from one address: the limits would measure themselves.
      RATE_LIMITS: 'off',
      STREAM: stream,
      ROLLUPS: rollups,
      ...(stream === 'nats' ? { NATS_URL: values['nats-url'], STREAM_NAME: streamName } : {}),
      HOST: '127.0.0.1',
      PORT: '0',
    }),
  );
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, origin: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

async function main(): Promise<void> {
  const databaseName = `newsreel_bench_analytics_${process.pid}`;
  const adminUrl = new URL(values['pg-url']);
  adminUrl.pathname = '/postgres';
  const databaseUrl = new URL(values['pg-url']);
  databaseUrl.pathname = `/${databaseName}`;
  const url = databaseUrl.toString();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-analytics-'));
  await withClient(adminUrl.toString(), (client) => client.query(`create database ${client.escapeIdentifier(databaseName)}`));
  const runs: StreamRun[] = [];
  let plainRowsPerSecond = 0;
  let soak: { before: number; after: number; peak: number; events: number } | undefined;
  try {
    const settings = (origin: string, seconds = durationSeconds, clients = connections): LoadSettings => ({ origin, connections: clients, durationSeconds: seconds, warmupSeconds });
    for (const { stream, rollups } of plan) {
      const streamName = `bench_app_metrics_${process.pid}`;
      const { app, origin } = await startApp(stream, rollups, url, dataDir, streamName);
      try {
        log(`${stream}, roll-ups ${rollups}: POST /v1/proxy/kinesis, batches of ${batch}, ${connections} connections, ${durationSeconds} s`);
        const before = await storedEvents(url);
        const result = await runInChild({ settings: settings(origin), traffic: { ...traffic, seed: seed + runs.length * 7 } });
        const eventsPerSecond = (result.ok * batch) / result.durationSeconds;
        // The stream reader (NATS) copies into the store behind the acknowledgements: wait for it.
        let stored = 0;
        const deadline = Date.now() + 120_000;
        do {
          stored = (await storedEvents(url)) - before;
          if (stored >= result.ok * batch) break;
          await new Promise((resolve) => setTimeout(resolve, 500));
        } while (Date.now() < deadline);
        log(`  ${int(eventsPerSecond)} events/s acknowledged (${int(result.requestsPerSecond)} batches/s), p50 ${ms(result.p50)}, p99 ${ms(result.p99)}, non-2xx ${result.non2xx}, ${int(stored)} new events in the store`);
        runs.push({ stream, rollups, result, eventsPerSecond, stored, acknowledged: result.ok * batch });
        if (stream === 'postgres' && rollups === 'in-process' && soakSeconds > 0) {
          log(`postgres: soak, ${soakConnections} connections, ${soakSeconds} s`);
          global.gc?.();
          const samples: number[] = [process.memoryUsage().rss];
          const timer = setInterval(() => samples.push(process.memoryUsage().rss), 5_000);
          const soakBefore = await storedEvents(url);
          const soakResult = await runInChild({ settings: { ...settings(origin, soakSeconds, soakConnections), warmupSeconds: 0 }, traffic: { ...traffic, seed: seed + 99 } });
          clearInterval(timer);
          samples.push(process.memoryUsage().rss);
          soak = { before: samples[0]!, after: samples[samples.length - 1]!, peak: Math.max(...samples), events: (await storedEvents(url)) - soakBefore };
          log(`  RSS ${mb(soak.before)} → ${mb(soak.after)} (peak ${mb(soak.peak)}), ${int(soak.events)} events, ${int(soakResult.requestsPerSecond * batch)} events/s`);
        }
      } finally {
        await app.close();
      }
      if (stream === 'nats') await deleteNatsStream(streamName);
    }
    log(`plain multi-row INSERT, ${connections} connections, ${batch} rows a statement, ${durationSeconds} s`);
    plainRowsPerSecond = await plainInsert(url);
    log(`  ${int(plainRowsPerSecond)} rows/s`);
  } finally {
    await withClient(adminUrl.toString(), (client) => client.query(`drop database if exists ${client.escapeIdentifier(databaseName)} with (force)`));
    await rm(dataDir, { recursive: true, force: true });
  }

  const cpuModel = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const postgres = runs.find((run) => run.stream === 'postgres' && run.rollups === 'off');
  const withRollups = runs.find((run) => run.stream === 'postgres' && run.rollups === 'in-process');
  const lines = [
    BLOCK_START,
    '## Analytics ingest',
    '',
    `Written by \`bench/analytics/run-analytics.ts\`: \`${command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.availableParallelism()} × ${cpuModel}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, PostgreSQL on this machine.`,
    `POST /v1/proxy/kinesis with batches of ${batch} new events each (page views, plays, watch time, pauses, quartiles, likes, ad impressions over 2,000 articles and 5,000 visitors), ${connections} connections, ${durationSeconds} s after a ${warmupSeconds} s warm-up, autocannon in a separate process; the app in this process, with the roll-ups applied elsewhere (\`ROLLUPS=off\`, as with \`npm run worker\` on other machines) or inside it on the same two cores (\`in-process\`, the default of a single server). "Plain INSERT" writes the same kind of rows with ${connections} connections of its own, ${batch} rows a statement, in the same run, after the app has stopped.`,
    '',
    '| stream | events/s acknowledged | batches/s | p50 / p95 / p99 | non-2xx / errors | new events in the store (warm-up included) / acknowledged in the measured run | ÷ plain INSERT |',
    '| --- | ---: | ---: | ---: | --- | --- | ---: |',
    ...runs.map(
      ({ stream, rollups, result, eventsPerSecond, stored, acknowledged }) =>
        `| ${stream}, roll-ups ${rollups} | ${int(eventsPerSecond)} | ${int(result.requestsPerSecond)} | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} | ${result.non2xx} / ${result.errors} | ${int(stored)} / ${int(acknowledged)} | ${(eventsPerSecond / plainRowsPerSecond).toFixed(2)} |`,
    ),
    `| plain multi-row INSERT (no HTTP) | ${int(plainRowsPerSecond)} rows/s | | | | | 1.00 |`,
    '',
    soak
      ? `Soak (postgres, ${soakConnections} connections, ${soakSeconds} s, ${int(soak.events)} events): server RSS ${mb(soak.before)} before, ${mb(soak.after)} after, ${mb(soak.peak)} at the highest sample (every 5 s).`
      : 'Soak: not run (--soak 0).',
    '',
    `Target: ≥ 50,000 events/s acknowledged on PostgreSQL: ${postgres && postgres.eventsPerSecond >= 50_000 && postgres.result.non2xx === 0 ? 'met' : 'not met'} with the roll-ups applied elsewhere; ${withRollups && withRollups.eventsPerSecond >= 50_000 ? 'met' : 'not met'} with them applied on the same two cores.`,
    '',
    (await readFile(NOTES_FILE, 'utf8').catch(() => '')).trim(),
    BLOCK_END,
  ];
  const block = lines.join('\n');
  console.log(`\n${block}\n`);
  const previous = await readFile(values.out, 'utf8').catch(() => '');
  const start = previous.indexOf(BLOCK_START);
  const end = previous.indexOf(BLOCK_END);
  await writeFile(values.out, start >= 0 && end > start ? previous.slice(0, start) + block + previous.slice(end + BLOCK_END.length) : `${previous.trimEnd()}\n\n${block}\n`);
  log(`written to ${values.out}`);
  if (runs.some((run) => run.stored < run.acknowledged)) {
    log('acknowledged events are missing from the store');
    process.exitCode = 1;
  }
}

/** Removes the benchmark's own JetStream stream. */
async function deleteNatsStream(name: string): Promise<void> {
  const { connect } = await import('@nats-io/transport-node');
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const connection = await connect({ servers: values['nats-url'] });
  try {
    await (await jetstreamManager(connection)).streams.delete(name).catch(() => false);
  } finally {
    await connection.close();
  }
}

await main();
