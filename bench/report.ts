import { existsSync, readFileSync } from 'node:fs';
import type { ForeignCpu } from './cpu';
import type { ExplainedQuery } from './explain';
import type { LoadResult } from './load';
import { TRAFFIC_DESCRIPTIONS, TRAFFIC_ENDPOINTS, type TrafficEndpoint, type TrafficKind } from './traffic';

/** Everything a benchmark run records, kept in a JSON store so RESULTS.md can show several runs. */

export type DbKind = 'postgres' | 'pglite';
export type EndpointKey = 'ceiling' | TrafficEndpoint;
export const ENDPOINT_KEYS: EndpointKey[] = ['ceiling', ...TRAFFIC_ENDPOINTS];

export const ENDPOINT_LABELS: Record<EndpointKey, string> = {
  ceiling: 'ceiling (bare Fastify, feed JSON from memory)',
  feed: 'GET /v1/articles (feed)',
  article: 'GET /v1/articles/{id}',
  transcript: 'GET /v1/articles/{id}?transcript=true',
  search: 'GET /v1/search',
  radar: 'GET /v1/articles/radar',
  interactions: 'GET /v1/articles/interactions',
  personal: 'GET /v1/articles/user (personal feed)',
};

export interface EndpointResult {
  key: EndpointKey;
  /** Fixed query or varied traffic (traffic.ts); results recorded before varied traffic have none: fixed. */
  traffic?: TrafficKind;
  path: string;
  /** Varied traffic: its seed, and how many of its first `sampled` requests differ from each other. */
  varied?: { seed: number; distinct: number; sampled: number };
  /** When this endpoint was measured (a run of some endpoints keeps the others' earlier results). */
  measuredAt?: string;
  load: LoadResult;
  /** 1-minute load average of the machine just before the run (other work on it shows here). */
  loadAverageBefore: number;
  /** CPU used by other work on the machine during the measured run (see cpu.ts). */
  foreign: ForeignCpu;
  /** Other work's share of the cores just before the run, and how long the run waited for quiet. */
  foreignBefore: number;
  waitedSeconds: number;
  /** What one request answered before the run: status, size, and the list's total when it has one. */
  probe: { status: number; bytes: number; total: number | null; items: number | null };
}

export const trafficOf = (result: EndpointResult): TrafficKind => result.traffic ?? 'fixed';

export interface SeedRecord {
  inserted: number;
  insertSeconds: number;
  vacuumAnalyzeSeconds: number;
  totalSeconds: number;
  concurrency: number;
  at: string;
  /** The command that seeded (absent in older records). */
  command?: string;
}

/** The seed of the scale readers (scale-seed-readers.ts): visitors with interactions, scores, settings. */
export interface ReadersSeedRecord {
  visitors: number;
  seededVisitors: number;
  interactions: number;
  scores: number;
  settings: number;
  insertSeconds: number;
  vacuumAnalyzeSeconds: number;
  totalSeconds: number;
  concurrency: number;
  at: string;
  command: string;
}

export interface MachineInfo {
  cores: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  postgres: string | null;
  pglite: string | null;
}

export interface RunEntry {
  db: DbKind;
  size: number;
  /** When the run ended, and when its measurements started (absent in older records). */
  date: string;
  startedAt?: string;
  command: string;
  machine: MachineInfo;
  /** The seed that filled this database (null when it was filled before the store knew it). */
  seed: SeedRecord | null;
  /** The seed of its readers (absent before readers were seeded; null when seeded before the store knew it). */
  readersSeed?: ReadersSeedRecord | null;
  /** True when this run found the database already seeded and reused it. */
  seedReused: boolean;
  articleCount: number;
  loadAverageAtStart: number[];
  endpoints: EndpointResult[];
  explain: ExplainedQuery[];
}

export interface Store {
  entries: Record<string, RunEntry>;
}

export function readStore(file: string): Store {
  if (!existsSync(file)) return { entries: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as Store;
}

// ---------------------------------------------------------------------------------------------
// Targets of the issue.

export interface TargetCheck {
  name: string;
  limit: string;
  measured: string;
  pass: boolean;
  /** True at the database and size the issue sets the target for; elsewhere it is for information. */
  atTargetSize: boolean;
}

/** Issue 18's targets for varied traffic, on PostgreSQL at 1,000,000 articles. */
export const VARIED_TARGETS: Partial<Record<TrafficEndpoint, { requestsPerSecond: number; p95: number; p99: number }>> = {
  feed: { requestsPerSecond: 1_000, p95: 50, p99: 100 },
  search: { requestsPerSecond: 500, p95: 50, p99: 150 },
  radar: { requestsPerSecond: 1_000, p95: 30, p99: 60 },
  transcript: { requestsPerSecond: 1_500, p95: 30, p99: 60 },
  personal: { requestsPerSecond: 800, p95: 50, p99: 100 },
};
/** Where the targets apply: fixed queries on PostgreSQL at 100,000; varied traffic at 1,000,000, and PGlite at 100,000 with 40% of the rates. */
const FIXED_TARGET_SIZE = 100_000;
export const VARIED_TARGET_SIZES: Record<DbKind, number> = { postgres: 1_000_000, pglite: 100_000 };
export const PGLITE_RATE_SHARE = 0.4;

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rps = (value: number) => Math.round(value).toLocaleString('en');
const size = (value: number) => value.toLocaleString('en');
const pct = (value: number) => `${value.toFixed(0)}%`;
/** A latency of the 2xx answers; none when there were none. */
const lat = (result: EndpointResult, which: 'p50' | 'p95' | 'p99' | 'max') => (result.load.ok > 0 ? ms(result.load[which]) : '– (no 2xx)');
/** "search: search: articles" reads "search: articles". */
const queryName = (query: ExplainedQuery) => (query.label.startsWith(`${query.endpoint}: `) ? query.label : `${query.endpoint}: ${query.label}`);

function endpoint(entry: RunEntry, key: EndpointKey, traffic: TrafficKind = 'fixed'): EndpointResult | undefined {
  return entry.endpoints.find((result) => result.key === key && trafficOf(result) === traffic);
}

function clean(result: EndpointResult | undefined): boolean {
  return !!result && result.load.ok > 0 && result.load.errors === 0 && result.load.non2xx === 0 && result.load.timeouts === 0;
}

/** What went wrong besides the figure itself: errors (timeouts included) and non-2xx answers. */
function withProblems(measured: string, result: EndpointResult): string {
  const problems = result.load.errors + result.load.non2xx; // autocannon counts timeouts among errors
  return problems > 0 ? `${measured}; ${problems} errors (timeouts included) or non-2xx` : measured;
}

function latencyCheck(name: string, result: EndpointResult, which: 'p95' | 'p99', limit: number, atTargetSize: boolean): TargetCheck {
  return {
    name,
    limit: `≤ ${limit} ms`,
    measured: withProblems(result.load.ok > 0 ? ms(result.load[which]) : 'no 2xx answer', result),
    pass: result.load[which] <= limit && clean(result),
    atTargetSize,
  };
}

function fixedChecks(entry: RunEntry): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const atTargetSize = entry.db === 'postgres' && entry.size === FIXED_TARGET_SIZE;
  const ceiling = endpoint(entry, 'ceiling');
  const feed = endpoint(entry, 'feed');
  if (ceiling && feed) {
    const share = feed.load.requestsPerSecond / ceiling.load.requestsPerSecond;
    checks.push({
      name: 'feed throughput ≥ 50% of the ceiling',
      limit: '≥ 50%',
      measured: `${(share * 100).toFixed(1)}% (${rps(feed.load.requestsPerSecond)} of ${rps(ceiling.load.requestsPerSecond)} req/s)`,
      pass: share >= 0.5 && clean(feed),
      atTargetSize,
    });
  }
  const limits: [string, EndpointKey, 'p95' | 'p99', number][] = [
    ['feed p99', 'feed', 'p99', 50],
    ['article p99', 'article', 'p99', 50],
    ['search p95', 'search', 'p95', 50],
    ['radar p95', 'radar', 'p95', 30],
  ];
  for (const [name, key, which, limit] of limits) {
    const result = endpoint(entry, key);
    if (result) checks.push(latencyCheck(name, result, which, limit, atTargetSize));
  }
  return checks;
}

/** Varied traffic: the issue's rates and latencies on PostgreSQL, 40% of the rates on PGlite, and no error anywhere. */
function variedChecks(entry: RunEntry): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const atTargetSize = entry.size === VARIED_TARGET_SIZES[entry.db];
  for (const key of TRAFFIC_ENDPOINTS) {
    const result = endpoint(entry, key, 'varied');
    if (!result) continue;
    const target = VARIED_TARGETS[key];
    if (!target) {
      const problems = result.load.errors + result.load.non2xx; // autocannon counts timeouts among errors
      checks.push({ name: `${key} (varied) errors and non-2xx`, limit: '0', measured: String(problems), pass: clean(result), atTargetSize });
      continue;
    }
    const share = entry.db === 'pglite' ? PGLITE_RATE_SHARE : 1;
    const rate = target.requestsPerSecond * share;
    checks.push({
      name: `${key} (varied) req/s`,
      limit: share < 1 ? `≥ ${rps(rate)} (${pct(share * 100)} of ${rps(target.requestsPerSecond)})` : `≥ ${rps(rate)}`,
      measured: withProblems(rps(result.load.requestsPerSecond), result),
      pass: result.load.requestsPerSecond >= rate && clean(result),
      atTargetSize,
    });
    if (entry.db === 'postgres') {
      checks.push(latencyCheck(`${key} (varied) p95`, result, 'p95', target.p95, atTargetSize));
      checks.push(latencyCheck(`${key} (varied) p99`, result, 'p99', target.p99, atTargetSize));
    }
  }
  return checks;
}

export function targetChecks(entry: RunEntry): TargetCheck[] {
  return [...fixedChecks(entry), ...variedChecks(entry)];
}

// ---------------------------------------------------------------------------------------------
// RESULTS.md

const ANALYSIS_START = '<!-- analysis:start (kept when run.ts rewrites this file) -->';
const ANALYSIS_END = '<!-- analysis:end -->';
/** The page benchmarks' block, written by bench/pages/run-pages.ts. */
const PAGES_START = '<!-- pages:start -->';
const PAGES_END = '<!-- pages:end -->';
/** The poll benchmark's block, written by bench/polls/run-polls.ts. */
const POLLS_START = '<!-- polls:start -->';
const POLLS_END = '<!-- polls:end -->';

/**
 * Everything after the content benchmark's own part: the other benchmarks' blocks (analytics, AI
 * search, …) and the notes written beside them, kept as they are.
 */
const CONTENT_END = '<!-- content:end (what follows is written by the other benchmarks and kept when run.ts rewrites this file) -->';
const PLANS_HEADING = '## EXPLAIN (ANALYZE, BUFFERS) plans';

/**
 * The previous file's part after the content benchmark's: after CONTENT_END, or, in a file written
 * before that marker, from the first block marker after the EXPLAIN plans.
 */
function keptTail(previous: string | undefined): string | undefined {
  if (!previous) return undefined;
  const end = previous.indexOf(CONTENT_END);
  if (end >= 0) return previous.slice(end + CONTENT_END.length).trim() || undefined;
  const plans = previous.indexOf(PLANS_HEADING);
  const first = plans >= 0 ? previous.indexOf('<!-- ', plans) : -1;
  return first >= 0 ? previous.slice(first).trim() : undefined;
}

/** A block of the previous file that other hands wrote, from its start marker to its end marker. */
function keptBlock(previous: string | undefined, startMarker: string, endMarker: string): string | undefined {
  const start = previous?.indexOf(startMarker) ?? -1;
  const end = previous?.indexOf(endMarker) ?? -1;
  return start >= 0 && end > start ? previous!.slice(start, end + endMarker.length) : undefined;
}

function keptAnalysis(previous: string | undefined): string {
  return (
    keptBlock(previous, ANALYSIS_START, ANALYSIS_END) ??
    `${ANALYSIS_START}\n## Analysis and proposed fixes\n\n(Not written yet.)\n${ANALYSIS_END}`
  );
}

function ordered(store: Store): RunEntry[] {
  const dbOrder: DbKind[] = ['postgres', 'pglite'];
  return Object.values(store.entries).sort((a, b) => dbOrder.indexOf(a.db) - dbOrder.indexOf(b.db) || a.size - b.size);
}

const DB_NAMES: Record<DbKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite' };

/** CPU the server side spent per answered request: Node process (app, and PGlite's database) + postgres processes. */
function cpuPerRequest(result: EndpointResult): string {
  const { selfSeconds, postgresSeconds } = result.foreign;
  if (selfSeconds === undefined || postgresSeconds === undefined || result.load.ok === 0) return '–';
  const perRequest = (seconds: number) => ((seconds * 1000) / result.load.ok).toFixed(2);
  return `${perRequest(selfSeconds + postgresSeconds)} ms (${perRequest(selfSeconds)} + ${perRequest(postgresSeconds)})`;
}

/** Varied req/s ÷ fixed req/s: what the caches were worth to this endpoint. */
function ratio(fixed: EndpointResult | undefined, varied: EndpointResult | undefined): string {
  if (!fixed || !varied || fixed.load.requestsPerSecond === 0) return '–';
  return `${(varied.load.requestsPerSecond / fixed.load.requestsPerSecond).toPrecision(2)}`;
}

/** Each endpoint's fixed query beside its varied traffic. */
function comparisonTable(entry: RunEntry): string {
  const lines = [
    '| endpoint | fixed req/s | varied req/s | varied ÷ fixed | fixed p95 / p99 | varied p50 / p95 / p99 | varied errors / non-2xx / timeouts | uncached server CPU per request (varied; Node + postgres) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: |',
  ];
  for (const key of TRAFFIC_ENDPOINTS) {
    const fixed = endpoint(entry, key, 'fixed');
    const varied = endpoint(entry, key, 'varied');
    if (!fixed && !varied) continue;
    const latencies = (result: EndpointResult | undefined, which: ('p50' | 'p95' | 'p99')[]) =>
      !result ? '–' : result.load.ok > 0 ? which.map((p) => result.load[p].toFixed(1)).join(' / ') + ' ms' : 'no 2xx';
    lines.push(
      `| ${ENDPOINT_LABELS[key]} | ${fixed ? rps(fixed.load.requestsPerSecond) : '–'} | ${varied ? rps(varied.load.requestsPerSecond) : '–'} | ${ratio(fixed, varied)} | ${latencies(fixed, ['p95', 'p99'])} | ${latencies(varied, ['p50', 'p95', 'p99'])} | ${varied ? `${varied.load.errors} / ${varied.load.non2xx} / ${varied.load.timeouts}` : '–'} | ${varied ? cpuPerRequest(varied) : '–'} |`,
    );
  }
  return lines.join('\n');
}

/** What a result asked: its fixed path(s), a list of ids shortened to its count, or its varied traffic's seed and spread. */
function requestsOf(result: EndpointResult): string {
  if (!result.varied) return `\`${result.path.replace(/[0-9a-f-]{36}(,[0-9a-f-]{36})+/g, (ids) => `<${ids.split(',').length} ids>`)}\``;
  return `seed ${result.varied.seed}; ${size(result.varied.distinct)} distinct of the first ${size(result.varied.sampled)}`;
}

function resultsTable(entry: RunEntry, traffic: TrafficKind): string {
  const ceiling = endpoint(entry, 'ceiling')?.load.requestsPerSecond;
  const lines = [
    '| endpoint | requests | req/s | % of ceiling | p50 | p95 | p99 | max | 2xx | errors / non-2xx / timeouts | answer (first request) | others\' CPU during run | steal | server CPU per request (Node + postgres) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |',
  ];
  for (const key of ENDPOINT_KEYS) {
    const result = endpoint(entry, key, traffic);
    if (!result) continue;
    const share = ceiling ? `${((result.load.requestsPerSecond / ceiling) * 100).toFixed(1)}%` : '';
    const answer = `${result.probe.status}, ${(result.probe.bytes / 1024).toFixed(1)} KiB${result.probe.total !== null ? `, total ${size(result.probe.total)}` : ''}`;
    lines.push(
      `| ${ENDPOINT_LABELS[result.key]} | ${requestsOf(result)} | ${rps(result.load.requestsPerSecond)} | ${result.key === 'ceiling' ? '100%' : share} | ${lat(result, 'p50')} | ${lat(result, 'p95')} | ${lat(result, 'p99')} | ${lat(result, 'max')} | ${size(result.load.ok)} | ${result.load.errors} / ${result.load.non2xx} / ${result.load.timeouts} | ${answer} | ${pct(result.foreign.foreignPercent)} | ${pct(result.foreign.stealPercent)} | ${cpuPerRequest(result)} |`,
    );
  }
  return lines.join('\n');
}

function growthTable(entries: RunEntry[], traffic: TrafficKind): string {
  const sizes = entries.map((entry) => entry.size);
  const lines = [
    `| endpoint | ${sizes.map((s) => `req/s @ ${size(s)}`).join(' | ')} | ${sizes.map((s) => `p50 / p99 @ ${size(s)}`).join(' | ')} | p99 ×, first → last size |`,
    `| --- | ${sizes.map(() => '---:').join(' | ')} | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const key of ENDPOINT_KEYS) {
    const results = entries.map((entry) => endpoint(entry, key, traffic));
    if (results.every((result) => !result)) continue;
    const okP99 = (result: EndpointResult | undefined) => (result && result.load.ok > 0 ? result.load.p99 : undefined);
    const first = okP99(results[0]);
    const last = okP99(results.at(-1));
    const factor = first && last ? `× ${(last / first).toFixed(2)}` : '';
    lines.push(
      `| ${ENDPOINT_LABELS[key]} | ${results.map((r) => (r ? rps(r.load.requestsPerSecond) : '–')).join(' | ')} | ${results
        .map((r) => (r && r.load.ok > 0 ? `${r.load.p50.toFixed(1)} / ${r.load.p99.toFixed(1)}` : r ? 'no 2xx' : '–'))
        .join(' | ')} | ${factor} |`,
    );
  }
  return lines.join('\n');
}

function explainGrowthTable(entries: RunEntry[]): string {
  const sizes = entries.map((entry) => entry.size);
  const keys = new Map<string, string>();
  for (const entry of entries) for (const query of entry.explain) keys.set(queryName(query), query.label);
  const lines = [
    `| query | ${sizes.map((s) => `execution @ ${size(s)}`).join(' | ')} | indexes (largest size) | seq scans of article tables |`,
    `| --- | ${sizes.map(() => '---:').join(' | ')} | --- | --- |`,
  ];
  for (const key of keys.keys()) {
    const found = entries.map((entry) => entry.explain.find((query) => queryName(query) === key));
    const last = found.filter((query) => query !== undefined).at(-1);
    const seq = [...new Set(found.flatMap((query) => query?.seqScans ?? []))];
    lines.push(
      `| ${key} | ${found.map((query) => (query ? ms(query.executionMs) : '–')).join(' | ')} | ${last?.indexes.join(', ') || '–'} | ${seq.length ? `**${seq.join(', ')}**` : 'none'} |`,
    );
  }
  return lines.join('\n');
}

export function renderResults(store: Store, previous: string | undefined): string {
  const all = ordered(store);
  // Entries of a --seed-only run have a seed time but no measurements yet.
  const entries = all.filter((entry) => entry.endpoints.length > 0);
  const machine = all.at(-1)?.machine;
  const out: string[] = [];
  out.push('# Content API benchmarks');
  out.push('');
  out.push('Written by `bench/run.ts` (`npm run bench -- …`); the analysis section near the end is written by hand and kept across runs.');
  out.push('');
  if (machine) {
    out.push('## Machine');
    out.push('');
    out.push(`- ${machine.cores} cores (\`nproc\`), ${machine.cpuModel}, ${machine.ramGiB.toFixed(1)} GiB RAM`);
    out.push(`- Node ${machine.node}; ${machine.postgres ?? 'PostgreSQL: not measured'}; PGlite ${machine.pglite ?? 'not measured'}`);
    out.push(
      '- **Client and server share these 2 cores**: the app, the ceiling server and (with PostgreSQL) the database backends compete with the autocannon process for them. The machine is also shared with other work (other sessions\' tests, media encoding). Each run first waits (up to `--max-wait` s; 60 s in the runs below) until that work uses less than 25% of the cores, and on PostgreSQL until no statement of an earlier run is still running, and records how much of the cores it used during the run ("others\' CPU": all busy CPU − this process − the load process − the postgres backends of the benchmark\'s database; other databases\' sessions count as others) and the hypervisor\'s steal. Runs where others used a large share were slowed by them.',
    );
    out.push('');
  }
  out.push('## Method');
  out.push('');
  out.push(
    [
      '- For each database × size: seed (`seedScale`, idempotent; an existing database is reused), EXPLAIN the hot queries, then start the **real app** with `buildApp(loadConfig({ DATABASE_URL | DATA_DIR, DEMO_CONTENT: "off", LOG_LEVEL: "silent", NODE_ENV: "production" }))` listening on a free port **in the benchmark\'s own process** (so PGlite, which runs inside the app\'s process, is measured as it is deployed), and beside it a bare Fastify server that answers the same feed JSON, serialised once, from memory: the ceiling.',
      '- Load: autocannon 9, **50 connections, 10 s, after a 2 s warm-up** of the same endpoint, run in a **separate child process** (`bench/load.ts`) so the client does not share the servers\' event loop. No `Accept-Encoding` is sent, so answers are not compressed. Endpoints run one after another, never at once.',
      '- Every endpoint is measured twice in a run, one traffic after the other: **fixed** (one query, or 1,000 article ids in turn, the same every time: after the first requests the answers come from the per-process response cache, so this measures the HTTP layer) and **varied** (`bench/traffic.ts`: every request drawn afresh by a seeded generator, mulberry32, `--seed` default 1, a stream of its own per endpoint, over what the seed holds, so nearly every request misses the cache and costs its database work). autocannon\'s `setupRequest` gives each request its path; the load process draws the varied paths itself, the warm-up asking the first ones and the measured run going on from there. "varied ÷ fixed" is the varied rate over the fixed one; "uncached server CPU per request" is the CPU of the Node process (the app; with PGlite also its database) and of the postgres processes during the varied run, over its 2xx answers. `--endpoints` and `--traffic` pick what to measure; results of the others are kept from earlier runs.',
      '- Latencies are of 2xx answers. p50/p95/p99 are **exact**, computed from every response time (autocannon\'s `response` event), because autocannon\'s histogram reports p97.5 and p99 but not p95; autocannon\'s own (whole-ms) p50/p97.5/p99 are kept in the JSON store.',
      '- req/s is autocannon\'s average of per-second counts. "errors / non-2xx / timeouts" must be 0 for a target to pass.',
      '- PostgreSQL: `postgres://postgres@127.0.0.1:5432/newsreel_bench_<size>` (created when absent, kept). PGlite: `DATA_DIR=/tmp/newsreel-bench-pglite-<size>` (kept). Raw results: `bench/results.json` (kept in the repository and merged across runs: a run rewrites this file from all of it).',
      '- Data: `apps/server/src/db/scale-seed.ts`: 8 publishers, 12 categories, N articles (status 1, published over the 365 days before 2026-11-01 and written in the order they were published, ~4% of articles mention a given topic word such as "climate", ~237 cities with ±0.1° jitter, 2% breaking, 90% en), each with an audio media asset and a 5-cue transcript.',
      '- Readers: `apps/server/src/db/scale-seed-readers.ts`: one visitor (`scale-visitor-<n>`) per 10 articles, at most 50,000. A visitor touches 35 articles on average (5·u⁴ of 35, so most touch a handful and a few hundreds), drawn by a power law (u³) over a popularity order that is mostly recency, so a few articles gather most interactions; each touched article is viewed, 30% also liked, 5% disliked (never both), 10% saved (~50 rows per visitor). Category scores sum those (view +1, like +10, save +5, dislike −25, within ±100); 10% of visitors block one or two publishers, 5% a category.',
    ].join('\n'),
  );
  out.push('');
  out.push('| endpoint | fixed | varied |');
  out.push('| --- | --- | --- |');
  for (const key of TRAFFIC_ENDPOINTS) out.push(`| ${ENDPOINT_LABELS[key]} | ${TRAFFIC_DESCRIPTIONS[key].fixed} | ${TRAFFIC_DESCRIPTIONS[key].varied} |`);
  out.push('');

  out.push('## Commands');
  out.push('');
  const commands = all.flatMap((entry) => [entry.command, ...[entry.seed?.command, entry.readersSeed?.command].filter((command) => command !== undefined)]);
  for (const command of [...new Set(commands)]) out.push(`- \`${command}\``);
  out.push('');

  out.push('## Seed times');
  out.push('');
  out.push('| database | articles | inserted | insert | VACUUM (ANALYZE) | total | articles/s | parallel batches | when |');
  out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
  for (const entry of all) {
    const seed = entry.seed;
    if (!seed) {
      out.push(`| ${DB_NAMES[entry.db]} | ${size(entry.size)} | (seeded before; time not recorded) | | | | | | |`);
      continue;
    }
    out.push(
      `| ${DB_NAMES[entry.db]} | ${size(entry.size)} | ${size(seed.inserted)} | ${seed.insertSeconds.toFixed(1)} s | ${seed.vacuumAnalyzeSeconds.toFixed(1)} s | ${seed.totalSeconds.toFixed(1)} s | ${rps(seed.inserted / seed.insertSeconds)} | ${seed.concurrency} | ${seed.at} |`,
    );
  }
  out.push('');
  const readers = all.filter((entry) => entry.readersSeed !== undefined);
  if (readers.length > 0) {
    out.push('| database | articles | visitors | seeded | interactions | category scores | settings | insert | VACUUM (ANALYZE) | total | parallel batches | when |');
    out.push('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
    for (const entry of readers) {
      const seed = entry.readersSeed;
      if (!seed) {
        out.push(`| ${DB_NAMES[entry.db]} | ${size(entry.size)} | (seeded before; time not recorded) | | | | | | | | | |`);
        continue;
      }
      out.push(
        `| ${DB_NAMES[entry.db]} | ${size(entry.size)} | ${size(seed.visitors)} | ${size(seed.seededVisitors)} | ${size(seed.interactions)} | ${size(seed.scores)} | ${size(seed.settings)} | ${seed.insertSeconds.toFixed(1)} s | ${seed.vacuumAnalyzeSeconds.toFixed(1)} s | ${seed.totalSeconds.toFixed(1)} s | ${seed.concurrency} | ${seed.at} |`,
      );
    }
    out.push('');
  }

  out.push('## Results');
  for (const entry of entries) {
    out.push('');
    out.push(`### ${DB_NAMES[entry.db]}, ${size(entry.size)} articles`);
    out.push('');
    out.push(
      `Run ${entry.date}; load average at start ${entry.loadAverageAtStart.map((value) => value.toFixed(2)).join(' / ')}; database ${entry.seedReused ? 'reused' : 'seeded in this run'} (${size(entry.articleCount)} articles)${entry.db === 'postgres' && entry.machine.postgres ? `; ${entry.machine.postgres}` : ''}.`,
    );
    const startedAt = entry.startedAt;
    const kept = startedAt ? entry.endpoints.filter((result) => !result.measuredAt || result.measuredAt < startedAt) : [];
    if (kept.length > 0) {
      const times = kept.flatMap((result) => (result.measuredAt ? [result.measuredAt.slice(0, 16).replace('T', ' ')] : [])).sort();
      out.push(
        `Kept from earlier runs (this run measured the others): ${kept.map((result) => `${result.key} ${trafficOf(result)}`).join(', ')}${times.length ? ` (measured ${times[0]}–${times.at(-1)} UTC)` : ''}.`,
      );
    }
    for (const traffic of ['fixed', 'varied'] as TrafficKind[]) {
      if (!entry.endpoints.some((result) => trafficOf(result) === traffic)) continue;
      if (traffic === 'varied') {
        out.push('');
        out.push('Fixed query against varied traffic:');
        out.push('');
        out.push(comparisonTable(entry));
      }
      out.push('');
      out.push(`#### ${traffic === 'fixed' ? 'Fixed queries (answers mostly from the response cache)' : 'Varied traffic (mostly cache misses)'}`);
      out.push('');
      out.push(resultsTable(entry, traffic));
    }
  }
  out.push('');

  out.push('## Targets');
  out.push('');
  out.push(
    `The fixed-query targets are set on PostgreSQL at ${size(FIXED_TARGET_SIZE)} articles. The varied-traffic targets (issue 18) are set on PostgreSQL at ${size(VARIED_TARGET_SIZES.postgres)} articles (rates, p95 and p99) and on PGlite at ${size(VARIED_TARGET_SIZES.pglite)} (${pct(PGLITE_RATE_SHARE * 100)} of the rates); every varied endpoint must answer without errors or non-2xx. Every check runs at every size; those at other sizes are for information.`,
  );
  out.push('');
  out.push('| database | articles | target | limit | measured | result | at the target\'s size |');
  out.push('| --- | ---: | --- | --- | --- | --- | --- |');
  for (const entry of entries) {
    for (const check of targetChecks(entry)) {
      out.push(
        `| ${DB_NAMES[entry.db]} | ${size(entry.size)} | ${check.name} | ${check.limit} | ${check.measured} | ${check.pass ? 'pass' : '**FAIL**'} | ${check.atTargetSize ? 'yes' : 'no, for information'} |`,
      );
    }
  }
  out.push('');

  out.push('## Growth with the number of articles');
  for (const db of ['postgres', 'pglite'] as DbKind[]) {
    const dbEntries = entries.filter((entry) => entry.db === db);
    if (dbEntries.length === 0) continue;
    out.push('');
    for (const traffic of ['fixed', 'varied'] as TrafficKind[]) {
      if (!dbEntries.some((entry) => entry.endpoints.some((result) => trafficOf(result) === traffic))) continue;
      out.push(`### ${DB_NAMES[db]}: HTTP, ${traffic === 'fixed' ? 'fixed queries' : 'varied traffic'}`);
      out.push('');
      out.push(growthTable(dbEntries, traffic));
      out.push('');
    }
    out.push(`### ${DB_NAMES[db]}: EXPLAIN ANALYZE execution time of each query (warm cache, one run)`);
    out.push('');
    out.push(explainGrowthTable(dbEntries));
  }
  out.push('');

  out.push(keptAnalysis(previous));
  out.push('');
  const pages = keptBlock(previous, PAGES_START, PAGES_END);
  if (pages) out.push(pages, '');
  const tail = keptTail(previous);
  const polls = keptBlock(previous, POLLS_START, POLLS_END);
  if (polls && !tail?.includes(POLLS_START)) out.push(polls, '');

  out.push(PLANS_HEADING);
  out.push('');
  out.push('The SQL is what the repositories send (captured from Kysely while calling them as the routes do), with its parameters. Plans of the largest size of each database:');
  for (const db of ['postgres', 'pglite'] as DbKind[]) {
    const largest = entries.filter((entry) => entry.db === db).at(-1);
    if (!largest) continue;
    out.push('');
    out.push(`### ${DB_NAMES[db]}, ${size(largest.size)} articles`);
    for (const query of largest.explain) {
      out.push('');
      out.push(`#### ${queryName(query)} (${ms(query.executionMs)})`);
      out.push('');
      out.push('<details><summary>SQL</summary>');
      out.push('');
      out.push('```sql');
      out.push(query.sql.replace(/\n\s*\n/g, '\n').trim());
      out.push('```');
      out.push('');
      out.push(`Parameters: \`${JSON.stringify(query.parameters)}\``);
      out.push('');
      out.push('</details>');
      out.push('');
      out.push('```');
      out.push(query.plan);
      out.push('```');
    }
  }
  out.push('', CONTENT_END, '');
  if (tail) out.push(tail, '');
  return out.join('\n');
}
