import { fork } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { POLL_OFFER_CANDIDATES, RADIUS_OPTIONS_M } from '@newsreel/contracts';
import Fastify from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { migrate } from '../../apps/server/src/db/migrate';
import type { Database } from '../../apps/server/src/db/schema';
import { openSeedDatabase } from '../../apps/server/src/db/scale-seed';
import type { LoadResult, LoadSettings } from '../load';
import { mulberry32 } from '../../apps/server/src/db/seeded-random';
import type { PollLoadJob } from './poll-load';
import type { PollCatalogue, PollTrafficKind } from './poll-traffic';

/**
 * The poll benchmark (issue: votes ≥ 3,000/s with exact counts afterwards; POST /v1/polls/find
 * p99 ≤ 30 ms with 1,000 live polls and their targets; each beside a bare Fastify ceiling):
 *
 *   npm run bench:polls -- [--db postgres|pglite] [--polls 1000] [--duration 10] [--connections 50]
 *
 * Seeds a fresh database with --polls live polls (two questions of three answers each, targeted
 * by region, category, publisher, circle, article or story; one in twenty for everyone), starts
 * the real app and a bare Fastify ceiling in this process, and loads both from a child process:
 * votes, each from a new visitor, and find, as article pages ask it. Then checks that the counts
 * the API answers add up to the votes stored. The tables go into bench/RESULTS.md between
 * `<!-- polls:start -->` and `<!-- polls:end -->`.
 */

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_FILE = path.resolve(BENCH_DIR, '../RESULTS.md');
const LOAD_SCRIPT = path.join(BENCH_DIR, 'poll-load.ts');
/** The hand-kept account of what was done for the figures, written under them. */
const NOTES_FILE = path.join(BENCH_DIR, 'notes.md');
const BLOCK_START = '<!-- polls:start -->';
const BLOCK_END = '<!-- polls:end -->';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'postgres' },
    polls: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    seed: { type: 'string', default: '1' },
    'pg-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/' },
    'pool-size': { type: 'string', default: '' },
    out: { type: 'string', default: RESULTS_FILE },
    // Leaves the PostgreSQL database in place afterwards, to read its plans.
    keep: { type: 'boolean', default: false },
  },
});

function positive(name: string, raw: string): number {
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1 (got "${raw}")`);
  return value;
}

const db = values.db;
if (db !== 'postgres' && db !== 'pglite') throw new Error(`--db must be postgres or pglite (got "${db}")`);
const pollCount = positive('polls', values.polls);
const durationSeconds = positive('duration', values.duration);
const warmupSeconds = Number(values.warmup);
const connections = positive('connections', values.connections);
const seed = positive('seed', values.seed);
const command = `npm run bench:polls -- ${process.argv.slice(2).join(' ')}`.trim();
const log = (message: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);

const CITIES = [
  { name: 'Sydney', lat: -33.87, lon: 151.21 },
  { name: 'New York', lat: 40.71, lon: -74.01 },
  { name: 'London', lat: 51.51, lon: -0.13 },
  { name: 'Berlin', lat: 52.52, lon: 13.4 },
  { name: 'Paris', lat: 48.86, lon: 2.35 },
  { name: 'Singapore', lat: 1.35, lon: 103.82 },
  { name: 'Tel Aviv', lat: 32.09, lon: 34.78 },
  { name: 'Auckland', lat: -36.85, lon: 174.76 },
  { name: 'Mumbai', lat: 19.08, lon: 72.88 },
  { name: 'São Paulo', lat: -23.55, lon: -46.63 },
];

interface SeededPolls {
  catalogue: PollCatalogue;
  targets: number;
  global: number;
}

/** Writes `count` live public polls with their questions, answers and targets (deterministic shape, fresh ids). */
async function seedPolls(database: Kysely<Database>, count: number): Promise<SeededPolls> {
  const random = mulberry32(seed);
  const ids = (n: number) => Array.from({ length: n }, () => randomUUID());
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const catalogue: PollCatalogue = {
    polls: [],
    regionIds: Array.from({ length: 22 }, (_, id) => id),
    categoryIds: ids(20),
    publisherIds: ids(40),
    articleIds: ids(200),
    storyIds: ids(30),
    cities: CITIES.map(({ lat, lon }) => ({ lat, lon })),
  };
  const now = Date.now();
  const polls: object[] = [];
  const questions: object[] = [];
  const answers: object[] = [];
  const targets: object[] = [];
  let global = 0;
  const radii = RADIUS_OPTIONS_M.filter((radius) => radius >= 50_000 && radius <= 200_000);
  const target = (pollId: string) => {
    const kind = random();
    const base = { poll_id: pollId, region_ids: [] as number[], category_ids: [] as string[], publisher_id: null, story_id: null, article_id: null, lat: null, lon: null, radius: null };
    if (kind < 0.37) return { ...base, region_ids: random() < 0.3 ? [1 + Math.floor(random() * 21), 1 + Math.floor(random() * 21)] : [1 + Math.floor(random() * 21)] };
    if (kind < 0.58) return { ...base, category_ids: [pick(catalogue.categoryIds)] };
    if (kind < 0.74) return { ...base, publisher_id: pick(catalogue.publisherIds) };
    if (kind < 0.9) return { ...base, ...pick(catalogue.cities), radius: pick(radii) };
    if (kind < 0.95) return { ...base, article_id: pick(catalogue.articleIds) };
    return { ...base, story_id: pick(catalogue.storyIds) };
  };
  for (let index = 0; index < count; index++) {
    const id = randomUUID();
    polls.push({
      id,
      name: `Benchmark poll ${index + 1}`,
      priority: Math.floor(random() * 1000),
      type: index % 2,
      starts_at: new Date(now - 86_400_000).toISOString(),
      ends_at: new Date(now + 30 * 86_400_000).toISOString(),
    });
    const pollQuestions: PollCatalogue['polls'][number]['questions'] = [];
    for (let position = 0; position < 2; position++) {
      const questionId = randomUUID();
      questions.push({ id: questionId, poll_id: id, label: `Question ${position + 1} of poll ${index + 1}`, position });
      const answerIds = ids(3);
      answerIds.forEach((answerId, answerPosition) => answers.push({ id: answerId, question_id: questionId, label: `Answer ${answerPosition + 1}`, position: answerPosition }));
      pollQuestions.push({ id: questionId, answerIds });
    }
    catalogue.polls.push({ id, questions: pollQuestions });
    // One poll in twenty is for everyone; one in ten of the others has a second target.
    if (index % 20 === 0) {
      global++;
      continue;
    }
    targets.push(target(id));
    if (random() < 0.1) targets.push(target(id));
  }
  const json = (rows: object[]) => JSON.stringify(rows);
  await sql`INSERT INTO polls (id, name, priority, type, status, visibility, starts_at, ends_at)
    SELECT id, name, priority, type, 2, 0, starts_at, ends_at
    FROM jsonb_to_recordset(${json(polls)}::jsonb) AS x(id uuid, name text, priority integer, type smallint, starts_at timestamptz, ends_at timestamptz)`.execute(database);
  await sql`INSERT INTO poll_questions (id, poll_id, label, type, position)
    SELECT id, poll_id, label, 0, position
    FROM jsonb_to_recordset(${json(questions)}::jsonb) AS x(id uuid, poll_id uuid, label text, position smallint)`.execute(database);
  await sql`INSERT INTO poll_answers (id, question_id, label, position)
    SELECT id, question_id, label, position
    FROM jsonb_to_recordset(${json(answers)}::jsonb) AS x(id uuid, question_id uuid, label text, position smallint)`.execute(database);
  await sql`INSERT INTO poll_targets (poll_id, region_ids, category_ids, publisher_id, story_id, article_id, lat, lon, radius)
    SELECT poll_id, region_ids, category_ids, publisher_id, story_id, article_id, lat, lon, radius
    FROM jsonb_to_recordset(${json(targets)}::jsonb)
      AS x(poll_id uuid, region_ids smallint[], category_ids uuid[], publisher_id uuid, story_id uuid, article_id uuid, lat double precision, lon double precision, radius integer)`.execute(database);
  await sql`ANALYZE`.execute(database);
  return { catalogue, targets: targets.length, global };
}

function runInChild(job: PollLoadJob): Promise<LoadResult> {
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

async function adminDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const url = new URL(values['pg-url']);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

interface Row {
  label: string;
  result: LoadResult;
  ceiling: LoadResult;
}

const rps = (value: number) => Math.round(value).toLocaleString('en');
const ms = (value: number) => `${value.toFixed(1)} ms`;

function table(rows: Row[]): string {
  const lines = [
    '| call | req/s | p50 / p95 / p99 | non-2xx / errors / timeouts | ceiling req/s (bare Fastify) | ÷ ceiling |',
    '| --- | ---: | ---: | --- | ---: | ---: |',
  ];
  for (const { label, result, ceiling } of rows) {
    lines.push(
      `| ${label} | ${rps(result.requestsPerSecond)} | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} | ${result.non2xx} / ${result.errors} / ${result.timeouts} | ${rps(ceiling.requestsPerSecond)} | ${(result.requestsPerSecond / ceiling.requestsPerSecond).toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const databaseName = `newsreel_bench_polls_${process.pid}`;
  const pgUrl = new URL(values['pg-url']);
  pgUrl.pathname = `/${databaseName}`;
  const databaseUrl = db === 'postgres' ? pgUrl.toString() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-bench-polls-'));
  if (databaseUrl) await adminDatabase((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(databaseName)}`));
  try {
    log(`${db}: seeding ${pollCount.toLocaleString('en')} live polls`);
    const seedDb = await openSeedDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'db') });
    let seeded: SeededPolls;
    try {
      await migrate(seedDb.db);
      seeded = await seedPolls(seedDb.db, pollCount);
    } finally {
      await seedDb.close();
    }
    log(`  ${seeded.catalogue.polls.length} polls, ${seeded.targets} targets, ${seeded.global} for everyone`);

    const app = await buildApp(
      loadConfig({
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir }),
        ...(values['pool-size'] ? { DATABASE_POOL_SIZE: values['pool-size'] } : {}),
        DEMO_CONTENT: 'off',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
        JWT_SECRET: randomBytes(32).toString('base64url'),
        // One client hammering from one address: the limits would measure themselves.
        RATE_LIMITS: 'off',
        HOST: '127.0.0.1',
        PORT: '0',
      }),
    );
    const ceiling = Fastify({ logger: false });
    let measured: { rows: Row[]; counted: number } | undefined;
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      // The ceiling answers what the app answers, from memory: a vote's 201, and one find answer.
      const sample = await fetch(`${origin}/v1/polls/find?limit=${POLL_OFFER_CANDIDATES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ regionIds: [2], lat: CITIES[1]!.lat, lon: CITIES[1]!.lon }),
      });
      if (!sample.ok) throw new Error(`find answered ${sample.status}: ${await sample.text()}`);
      const findJson = await sample.text();
      const voteJson = JSON.stringify({ pollId: randomUUID(), pollQuestionId: randomUUID(), pollAnswerId: randomUUID(), createdAt: new Date().toISOString() });
      ceiling.post('/v1/polls/find', (_request, reply) => reply.type('application/json; charset=utf-8').send(findJson));
      ceiling.post('/v1/polls/:id/vote', (_request, reply) => reply.code(201).type('application/json; charset=utf-8').send(voteJson));
      await ceiling.listen({ host: '127.0.0.1', port: 0 });
      const ceilingOrigin = `http://127.0.0.1:${(ceiling.server.address() as AddressInfo).port}`;

      const settings = (at: string): LoadSettings => ({ origin: at, connections, durationSeconds, warmupSeconds });
      const measure = async (kind: PollTrafficKind, at: string, label: string) => {
        log(`  ${label}: ${kind}, ${connections} connections, ${durationSeconds} s`);
        const result = await runInChild({ settings: settings(at), traffic: { kind, seed, catalogue: seeded.catalogue } });
        log(`    ${rps(result.requestsPerSecond)} req/s, p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, non-2xx ${result.non2xx} ${JSON.stringify(result.statusCodes)}`);
        return result;
      };
      const rows: Row[] = [];
      rows.push({ label: 'POST /v1/polls/{id}/vote, each from a new visitor', ceiling: await measure('votes', ceilingOrigin, 'ceiling'), result: await measure('votes', origin, 'app') });
      rows.push({ label: `POST /v1/polls/find, ${pollCount.toLocaleString('en')} live polls`, ceiling: await measure('find', ceilingOrigin, 'ceiling'), result: await measure('find', origin, 'app') });

      // Exactness: the counts the API answers, added up over every poll, against the rows stored.
      log('  checking counts against the stored votes');
      let counted = 0;
      for (const poll of seeded.catalogue.polls) {
        const response = await fetch(`${origin}/v1/polls/${poll.id}/counts`);
        if (!response.ok) throw new Error(`counts of ${poll.id} answered ${response.status}`);
        const counts = (await response.json()) as { everyone: { total: number; answers: { count: number }[] }[] };
        for (const question of counts.everyone) {
          const sum = question.answers.reduce((total, answer) => total + answer.count, 0);
          if (sum !== question.total) throw new Error(`poll ${poll.id}: answers add up to ${sum}, total says ${question.total}`);
          counted += question.total;
        }
      }
      measured = { rows, counted };
    } finally {
      await ceiling.close();
      await app.close();
    }
    const { rows, counted } = measured;
    // Read once the app has closed: PGlite has one connection, the app's.
    const stored = await countVotes(databaseUrl, path.join(dataDir, 'db'));
    const exact = counted === stored;
    log(`  ${stored.toLocaleString('en')} votes stored, ${counted.toLocaleString('en')} counted: ${exact ? 'exact' : 'MISMATCH'}`);

    const cpuModel = /model name\s*:\s*(.+)/.exec(await readFile('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
    const [votes, find] = rows;
    const block = [
      BLOCK_START,
      '## Polls',
      '',
      `Written by \`bench/polls/run-polls.ts\`: \`${command}\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.availableParallelism()} × ${cpuModel}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, ${db === 'postgres' ? 'PostgreSQL on this machine' : 'PGlite in the server process'}.`,
      `${pollCount.toLocaleString('en')} live public polls (two questions of three answers each; ${seeded.targets.toLocaleString('en')} targets by region, category, publisher, circle, article or story; ${seeded.global} for everyone), ${connections} connections, ${durationSeconds} s after a ${warmupSeconds} s warm-up, autocannon in a separate process; every vote from a visitor never seen before, so every one is a new row; find as article pages ask it (regions, a position near one of ten cities, categories, publisher, sometimes a story, a new visitor). The ceiling is a bare Fastify answering the same calls from memory, in the same process as the app.`,
      '',
      table(rows),
      '',
      `Counts afterwards: ${stored.toLocaleString('en')} votes stored; the counts of every poll (GET /v1/polls/{id}/counts) add up to ${counted.toLocaleString('en')}: ${exact ? '**exact**' : '**not exact**'}.`,
      '',
      `Targets: votes ≥ 3,000/s (${votes && votes.result.requestsPerSecond >= 3000 && votes.result.non2xx === 0 ? 'met' : 'not met'}); find p99 ≤ 30 ms (${find && find.result.p99 <= 30 && find.result.non2xx === 0 ? 'met' : 'not met'}).`,
      '',
      (await readFile(NOTES_FILE, 'utf8')).trim(),
      BLOCK_END,
    ].join('\n');
    console.log(`\n${block}\n`);
    const previous = await readFile(values.out, 'utf8').catch(() => '');
    const start = previous.indexOf(BLOCK_START);
    const end = previous.indexOf(BLOCK_END);
    const next = start >= 0 && end > start ? previous.slice(0, start) + block + previous.slice(end + BLOCK_END.length) : `${previous.trimEnd()}\n\n${block}\n`;
    await writeFile(values.out, next);
    log(`written to ${values.out}`);
    if (!exact) process.exitCode = 1;
  } finally {
    if (databaseUrl && values.keep) log(`kept ${databaseUrl}`);
    else if (databaseUrl) await adminDatabase((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(databaseName)} WITH (FORCE)`));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Votes stored, read straight from the database. */
async function countVotes(databaseUrl: string | undefined, pgliteDir: string): Promise<number> {
  const database = await openSeedDatabase({ databaseUrl, pgliteDir });
  try {
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM poll_votes`.execute(database.db);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await database.close();
  }
}

await main();
