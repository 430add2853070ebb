import { existsSync, readFileSync } from 'node:fs';
import type { ForeignCpu } from './cpu';
import type { ExplainedQuery } from './explain';
import type { LoadResult } from './load';

/** Everything a benchmark run records, kept in a JSON store so RESULTS.md can show several runs. */

export type DbKind = 'postgres' | 'pglite';
export type EndpointKey = 'ceiling' | 'feed' | 'article' | 'search' | 'radar';

export const ENDPOINT_LABELS: Record<EndpointKey, string> = {
  ceiling: 'ceiling (bare Fastify, feed JSON from memory)',
  feed: 'GET /v1/articles?limit=30',
  article: 'GET /v1/articles/{id} (1,000 ids in turn)',
  search: 'GET /v1/search?q=climate',
  radar: 'GET /v1/articles/radar (London, 50 km)',
};

export interface EndpointResult {
  key: EndpointKey;
  path: string;
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
  date: string;
  command: string;
  machine: MachineInfo;
  /** The seed that filled this database (null when it was filled before the store knew it). */
  seed: SeedRecord | null;
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
// Targets of the issue (on PostgreSQL).

export interface TargetCheck {
  name: string;
  limit: string;
  measured: string;
  pass: boolean;
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const rps = (value: number) => Math.round(value).toLocaleString('en');
const size = (value: number) => value.toLocaleString('en');
const pct = (value: number) => `${value.toFixed(0)}%`;
/** A latency of the 2xx answers; none when there were none. */
const lat = (result: EndpointResult, which: 'p50' | 'p95' | 'p99' | 'max') => (result.load.ok > 0 ? ms(result.load[which]) : '– (no 2xx)');
/** "search: search: articles" reads "search: articles". */
const queryName = (query: ExplainedQuery) => (query.label.startsWith(`${query.endpoint}: `) ? query.label : `${query.endpoint}: ${query.label}`);

function endpoint(entry: RunEntry, key: EndpointKey): EndpointResult | undefined {
  return entry.endpoints.find((result) => result.key === key);
}

function clean(result: EndpointResult | undefined): boolean {
  return !!result && result.load.ok > 0 && result.load.errors === 0 && result.load.non2xx === 0 && result.load.timeouts === 0;
}

export function targetChecks(entry: RunEntry): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const ceiling = endpoint(entry, 'ceiling');
  const feed = endpoint(entry, 'feed');
  const article = endpoint(entry, 'article');
  const search = endpoint(entry, 'search');
  const radar = endpoint(entry, 'radar');
  if (ceiling && feed) {
    const share = feed.load.requestsPerSecond / ceiling.load.requestsPerSecond;
    checks.push({
      name: 'feed throughput ≥ 50% of the ceiling',
      limit: '≥ 50%',
      measured: `${(share * 100).toFixed(1)}% (${rps(feed.load.requestsPerSecond)} of ${rps(ceiling.load.requestsPerSecond)} req/s)`,
      pass: share >= 0.5 && clean(feed),
    });
  }
  const latency = (name: string, result: EndpointResult | undefined, which: 'p95' | 'p99', limit: number) => {
    if (!result) return;
    const problems = result.load.errors + result.load.non2xx; // autocannon counts timeouts among errors
    const measured = result.load.ok > 0 ? ms(result.load[which]) : 'no 2xx answer';
    checks.push({
      name,
      limit: `≤ ${limit} ms`,
      measured: problems > 0 ? `${measured}; ${problems} errors (timeouts included) or non-2xx` : measured,
      pass: result.load[which] <= limit && clean(result),
    });
  };
  latency('feed p99', feed, 'p99', 50);
  latency('article p99', article, 'p99', 50);
  latency('search p95', search, 'p95', 50);
  latency('radar p95', radar, 'p95', 30);
  return checks;
}

// ---------------------------------------------------------------------------------------------
// RESULTS.md

const ANALYSIS_START = '<!-- analysis:start (kept when run.ts rewrites this file) -->';
const ANALYSIS_END = '<!-- analysis:end -->';
/** The page benchmarks' block, written by bench/pages/run-pages.ts. */
const PAGES_START = '<!-- pages:start -->';
const PAGES_END = '<!-- pages:end -->';

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

function resultsTable(entry: RunEntry): string {
  const ceiling = endpoint(entry, 'ceiling')?.load.requestsPerSecond;
  const lines = [
    '| endpoint | req/s | % of ceiling | p50 | p95 | p99 | max | 2xx | errors / non-2xx / timeouts | answer | others\' CPU during run | steal | server CPU per request (Node + postgres) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | ---: |',
  ];
  for (const result of entry.endpoints) {
    const share = ceiling ? `${((result.load.requestsPerSecond / ceiling) * 100).toFixed(1)}%` : '';
    const answer = `${result.probe.status}, ${(result.probe.bytes / 1024).toFixed(1)} KiB${result.probe.total !== null ? `, total ${size(result.probe.total)}` : ''}`;
    lines.push(
      `| ${ENDPOINT_LABELS[result.key]} | ${rps(result.load.requestsPerSecond)} | ${result.key === 'ceiling' ? '100%' : share} | ${lat(result, 'p50')} | ${lat(result, 'p95')} | ${lat(result, 'p99')} | ${lat(result, 'max')} | ${size(result.load.ok)} | ${result.load.errors} / ${result.load.non2xx} / ${result.load.timeouts} | ${answer} | ${pct(result.foreign.foreignPercent)} | ${pct(result.foreign.stealPercent)} | ${cpuPerRequest(result)} |`,
    );
  }
  return lines.join('\n');
}

function growthTable(entries: RunEntry[]): string {
  const sizes = entries.map((entry) => entry.size);
  const lines = [
    `| endpoint | ${sizes.map((s) => `req/s @ ${size(s)}`).join(' | ')} | ${sizes.map((s) => `p50 / p99 @ ${size(s)}`).join(' | ')} | p99 ×, first → last size |`,
    `| --- | ${sizes.map(() => '---:').join(' | ')} | ${sizes.map(() => '---:').join(' | ')} | ---: |`,
  ];
  for (const key of Object.keys(ENDPOINT_LABELS) as EndpointKey[]) {
    const results = entries.map((entry) => endpoint(entry, key));
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
      '- **Client and server share these 2 cores**: the app, the ceiling server and (with PostgreSQL) the database backends compete with the autocannon process for them. The machine is also shared with other work (other sessions\' tests, media encoding). Each run first waits (up to `--max-wait` s; 30 s in the runs below) until that work uses less than 25% of the cores, and on PostgreSQL until no statement of an earlier run is still running, and records how much of the cores it used during the run ("others\' CPU": all busy CPU − this process − the load process − postgres processes) and the hypervisor\'s steal. Runs where others used a large share were slowed by them.',
    );
    out.push('');
  }
  out.push('## Method');
  out.push('');
  out.push(
    [
      '- For each database × size: seed (`seedScale`, idempotent; an existing database is reused), EXPLAIN the hot queries, then start the **real app** with `buildApp(loadConfig({ DATABASE_URL | DATA_DIR, DEMO_CONTENT: "off", LOG_LEVEL: "silent", NODE_ENV: "production" }))` listening on a free port **in the benchmark\'s own process** (so PGlite, which runs inside the app\'s process, is measured as it is deployed), and beside it a bare Fastify server that answers the same feed JSON, serialised once, from memory: the ceiling.',
      '- Load: autocannon 9, **50 connections, 10 s, after a 2 s warm-up** of the same endpoint, run in a **separate child process** (`bench/load.ts`) so the client does not share the servers\' event loop. No `Accept-Encoding` is sent, so answers are not compressed. Endpoints run one after another, never at once.',
      '- `/v1/articles/{id}` rotates over 1,000 real ids (articles spread over the whole range) with autocannon\'s `setupRequest`.',
      '- Latencies are of 2xx answers. p50/p95/p99 are **exact**, computed from every response time (autocannon\'s `response` event), because autocannon\'s histogram reports p97.5 and p99 but not p95; autocannon\'s own (whole-ms) p50/p97.5/p99 are kept in the JSON store.',
      '- req/s is autocannon\'s average of per-second counts. "errors / non-2xx / timeouts" must be 0 for a target to pass.',
      '- PostgreSQL: `postgres://postgres@127.0.0.1:5432/newsreel_bench_<size>` (created when absent, kept). PGlite: `DATA_DIR=/tmp/newsreel-bench-pglite-<size>` (kept). Raw results: `/tmp/newsreel-bench/results.json`.',
      '- Data: `apps/server/src/db/scale-seed.ts`: 8 publishers, 12 categories, N articles (status 1, published over the 365 days before 2026-11-01, ~4% of articles mention a given topic word such as "climate", ~237 cities with ±0.1° jitter, 2% breaking, 90% en), each with an audio media asset and a 5-cue transcript.',
    ].join('\n'),
  );
  out.push('');

  out.push('## Commands');
  out.push('');
  const commands = all.flatMap((entry) => [entry.command, ...(entry.seed?.command ? [entry.seed.command] : [])]);
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

  out.push('## Results');
  for (const entry of entries) {
    out.push('');
    out.push(`### ${DB_NAMES[entry.db]}, ${size(entry.size)} articles`);
    out.push('');
    out.push(
      `Run ${entry.date}; load average at start ${entry.loadAverageAtStart.map((value) => value.toFixed(2)).join(' / ')}; database ${entry.seedReused ? 'reused' : 'seeded in this run'} (${size(entry.articleCount)} articles).`,
    );
    out.push('');
    out.push(resultsTable(entry));
  }
  out.push('');

  out.push('## Targets');
  out.push('');
  out.push('The issue sets them on PostgreSQL at 100,000 articles; they are checked at every size, and on PGlite for information.');
  out.push('');
  out.push('| database | articles | target | limit | measured | result |');
  out.push('| --- | ---: | --- | --- | --- | --- |');
  for (const entry of entries) {
    for (const check of targetChecks(entry)) {
      out.push(`| ${DB_NAMES[entry.db]} | ${size(entry.size)} | ${check.name} | ${check.limit} | ${check.measured} | ${check.pass ? 'pass' : '**FAIL**'} |`);
    }
  }
  out.push('');

  out.push('## Growth with the number of articles');
  for (const db of ['postgres', 'pglite'] as DbKind[]) {
    const dbEntries = entries.filter((entry) => entry.db === db);
    if (dbEntries.length === 0) continue;
    out.push('');
    out.push(`### ${DB_NAMES[db]}: HTTP`);
    out.push('');
    out.push(growthTable(dbEntries));
    out.push('');
    out.push(`### ${DB_NAMES[db]}: EXPLAIN ANALYZE execution time of each query (warm cache, one run)`);
    out.push('');
    out.push(explainGrowthTable(dbEntries));
  }
  out.push('');

  out.push(keptAnalysis(previous));
  out.push('');
  const pages = keptBlock(previous, PAGES_START, PAGES_END);
  if (pages) out.push(pages, '');

  out.push('## EXPLAIN (ANALYZE, BUFFERS) plans');
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
  out.push('');
  return out.join('\n');
}
