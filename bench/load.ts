import { pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';
import { variedPaths, type VariedTraffic } from './traffic';

/**
 * The load generator, run as a child process of run.ts (fork) so that autocannon does not share
 * the event loop of the servers it measures: the app and the ceiling run in run.ts' process, the
 * client here, and the OS spreads them over the cores. Receives one LoadJob over IPC, runs a
 * warm-up, says { phase: 'measure' } as the measured run starts, and answers with a LoadResult.
 * Varied requests are drawn here, one per request, from the job's seed (traffic.ts): the warm-up
 * asks the first ones, the measured run goes on from there.
 */

/** Where and how hard to load. */
export interface LoadSettings {
  /** Origin, e.g. http://127.0.0.1:40123 */
  origin: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadJob extends LoadSettings {
  /** Paths requested in turn (one path: always that one), or varied traffic drawn request by request. */
  requests: { paths: string[] } | { varied: VariedTraffic };
}

export interface LoadResult {
  requestsPerSecond: number;
  /** 2xx answers counted in the measured run. */
  ok: number;
  /** Latency percentiles (ms) of the 2xx answers, exact, from every response time recorded. */
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** autocannon's own percentiles (whole ms, from its histogram), for comparison. */
  autocannon: { p50: number; p97_5: number; p99: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
  durationSeconds: number;
  /** CPU seconds this load process used during the measured run. */
  cpuSeconds: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

/** One request as autocannon sends it. */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** JSON text, sent with `content-type: application/json`. */
  body?: string;
}

/** The same request every time, or the next request for each. */
export type RequestSource = { request: LoadRequest } | { next: () => LoadRequest };

function requestSource(job: LoadJob): RequestSource {
  if ('varied' in job.requests) {
    const nextPath = variedPaths(job.requests.varied);
    return { next: () => ({ method: 'GET', path: nextPath() }) };
  }
  const { paths } = job.requests;
  let index = 0;
  return paths.length > 1
    ? { next: () => ({ method: 'GET', path: paths[index++ % paths.length]! }) }
    : { request: { method: 'GET', path: paths[0]! } };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function autocannonRequest(request: LoadRequest) {
  return request.body === undefined ? request : { ...request, headers: JSON_HEADERS };
}

function once(job: LoadSettings, source: RequestSource, seconds: number, record: ((ms: number) => void) | undefined): Promise<Result> {
  // autocannon calls setupRequest before every request, the first included.
  const requests =
    'next' in source
      ? [{ method: 'GET', setupRequest: (request: object) => ({ ...request, ...autocannonRequest(source.next()) }) }]
      : [autocannonRequest(source.request)];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: job.origin, connections: job.connections, duration: seconds, timeout: 10, requests },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (record) {
      instance.on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
        if (statusCode >= 200 && statusCode < 300) record(ms);
      });
    }
  });
}

/**
 * Loads job.origin for the job's time with the requests `paths` draws (one source for the warm-up
 * and the measured run: a sequence goes on, it does not start over).
 */
export async function runLoad(job: LoadSettings, paths: RequestSource, onMeasure?: () => void): Promise<LoadResult> {
  if (job.warmupSeconds > 0) await once(job, paths, job.warmupSeconds, undefined);
  onMeasure?.();
  const cpuBefore = process.cpuUsage();
  let samples = new Float64Array(1 << 16);
  let count = 0;
  const result = await once(job, paths, job.durationSeconds, (ms) => {
    if (count === samples.length) {
      const bigger = new Float64Array(samples.length * 2);
      bigger.set(samples);
      samples = bigger;
    }
    samples[count++] = ms;
  });
  const cpu = process.cpuUsage(cpuBefore);
  const sorted = samples.subarray(0, count).sort();
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]));
  return {
    requestsPerSecond: result.requests.average,
    ok: result['2xx'],
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: count > 0 ? sorted[count - 1]! : 0,
    autocannon: { p50: result.latency.p50, p97_5: result.latency.p97_5, p99: result.latency.p99, average: result.latency.average },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCodes,
    bytesPerSecond: result.throughput.average,
    durationSeconds: result.duration,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

// As a child process: one job in, one result out (not when another load script imports this one).
if (process.send && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.once('message', (job: LoadJob) => {
    runLoad(job, requestSource(job), () => process.send!({ phase: 'measure' })).then(
      (result) => process.send!({ result }, () => process.exit(0)),
      (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
    );
  });
}
