/**
 * Sends error reports to the API's `POST /v1/client-errors` when no Sentry DSN is set
 * (lib/error-reporting.ts loads it with the first report). A failure tends to repeat — a render
 * loop, every retry of a request — so reports are gathered for a few seconds and sent as one call;
 * the same failure within a minute is sent once with its count; and a page sends at most a few
 * calls a minute (the server limits each address too). Reporting is best effort: a call that
 * fails is not retried or reported, which would only fail the same way.
 */
import { apiPaths, CLIENT_ERROR_LIMITS as LIMITS, type ClientErrorReport } from '@newsreel/contracts';
import { env } from './env';
import type { ErrorReport, ReportDelivery } from './error-reporting';

/** Sentry with VITE_SENTRY_DSN (its SDK loaded now), otherwise the API. */
export async function chosenDelivery(): Promise<ReportDelivery> {
  // The DSN is read when the app is built: tested as written, a build without one drops the import
  // before following it, so Sentry's ~1,200 modules are neither parsed nor shipped (130 MB less
  // memory for the build that `npm start` runs).
  if (import.meta.env.VITE_SENTRY_DSN && env.sentryDsn) return (await import('./sentry-reporting')).sentryDelivery(env.sentryDsn);
  return createErrorReportSender({ url: `${env.apiBaseUrl}${apiPaths.clientErrors}` }).deliver;
}

export interface ErrorReportSenderOptions {
  url: string;
  fetch?: typeof fetch;
  /** The page's address and browser, read when a report is made. */
  pageUrl?: () => string;
  userAgent?: () => string | undefined;
  now?: () => number;
  /** How long reports gather before they are sent. */
  gatherMs?: number;
  /** The same failure (message and source) is sent once in this long; repeats add to its count. */
  repeatWindowMs?: number;
  /** Calls a page may make in a minute. */
  callsPerMinute?: number;
}

export interface ErrorReportSender {
  deliver: ReportDelivery;
  /** Sends what has gathered now. */
  flush(): Promise<void>;
}

const MINUTE_MS = 60_000;

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** The report's context as the API takes it: at most a few flat values, each short. */
function flatContext(context: Readonly<Record<string, unknown>>): ClientErrorReport['context'] {
  const flat: ClientErrorReport['context'] = {};
  for (const [key, value] of Object.entries(context).slice(0, LIMITS.contextFields)) {
    const name = cut(key, LIMITS.contextKeyLength);
    if (value === null || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) flat[name] = value;
    else if (typeof value === 'string') flat[name] = cut(value, LIMITS.contextValueLength);
    else if (value !== undefined) flat[name] = cut(safeJson(value), LIMITS.contextValueLength);
  }
  return flat;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function createErrorReportSender(options: ErrorReportSenderOptions): ErrorReportSender {
  const {
    url,
    fetch: send = globalThis.fetch.bind(globalThis),
    pageUrl = () => globalThis.location?.href ?? 'about:blank',
    userAgent = () => globalThis.navigator?.userAgent,
    now = Date.now,
    gatherMs = 5_000,
    repeatWindowMs = MINUTE_MS,
    callsPerMinute = 6,
  } = options;

  /** Gathered, by failure. */
  const gathered = new Map<string, ClientErrorReport>();
  /** When each failure was last sent, and how often it happened since. */
  const recent = new Map<string, { sentAt: number; repeats: number }>();
  const calls: number[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;

  function deliver(report: ErrorReport): void {
    const key = `${String(report.context.source ?? '')}\n${report.message}`;
    const same = gathered.get(key);
    if (same) {
      same.count = Math.min(LIMITS.maxCount, (same.count ?? 1) + 1);
      return;
    }
    const last = recent.get(key);
    if (last && now() - last.sentAt < repeatWindowMs) {
      last.repeats += 1;
      return;
    }
    if (gathered.size >= LIMITS.reportsPerCall) return;
    const agent = userAgent();
    const stack = report.error instanceof Error ? report.error.stack : undefined;
    gathered.set(key, {
      message: cut(report.message || 'Unknown error', LIMITS.messageLength),
      ...(stack && { stack: cut(stack, LIMITS.stackLength) }),
      context: flatContext(report.context),
      url: cut(pageUrl(), LIMITS.urlLength),
      ...(agent && { userAgent: cut(agent, LIMITS.userAgentLength) }),
      reportedAt: report.reportedAt,
      // Repeats since the last time it was sent are counted in.
      count: Math.min(LIMITS.maxCount, 1 + (last?.repeats ?? 0)),
    });
    timer ??= setTimeout(() => void flush(), gatherMs);
  }

  async function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    if (gathered.size === 0) return;
    const at = now();
    for (const [key, { sentAt }] of recent) if (at - sentAt >= repeatWindowMs) recent.delete(key);
    while (calls.length > 0 && at - calls[0]! >= MINUTE_MS) calls.shift();
    if (calls.length >= callsPerMinute) {
      // Over this page's share: these are dropped, the log already has them.
      gathered.clear();
      return;
    }
    calls.push(at);
    const batch = [...gathered];
    gathered.clear();
    for (const [key] of batch) recent.set(key, { sentAt: at, repeats: 0 });
    try {
      const response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ reports: batch.map(([, report]) => report) }),
        // Sent even when the page is being left.
        keepalive: true,
      });
      // Read to its end, so the browser finishes the request and frees its connection.
      void response.text().catch(() => undefined);
    } catch {
      // Offline or the API is down: best effort, see above.
    }
  }

  return { deliver, flush };
}
