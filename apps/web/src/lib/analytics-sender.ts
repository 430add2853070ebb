/**
 * Sends the analytics queue (SPEC §4, §9; DESIGN §5): the whole queue once a second as one
 * `POST /v1/proxy/kinesis {events}` (at most MAX_RECORDS_PER_CALL a call), nothing while it is
 * empty; a batch that fails stays queued and is sent again after 1, 2, 4 … 30 s; a batch the
 * server calls bad (a 4xx other than 408, 413, 429) is dropped and reported; on page hide the
 * rest goes by navigator.sendBeacon. The queue is bounded (the oldest go first) and kept in
 * storage, so a reload sends what the last page could not. Every event carries its own eventId
 * and the server stores each once, so sending one again is always safe.
 *
 * It touches no browser API until it is created and takes fetch, storage, the clock and the
 * beacon as options (browser defaults), so Node can run it as the real client (the ingest tests).
 */
import { STREAM_PARTITION_KEYS } from '@newsreel/contracts';
import type { AnalyticsRecord } from './analytics';
import { isRecord, slotOf } from './storage';

export type { AnalyticsRecord };

/** Where the queue is kept between page loads. */
export interface QueueStorage {
  get(): AnalyticsRecord[] | undefined;
  set(records: AnalyticsRecord[]): void;
}

export interface SenderClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface AnalyticsSenderOptions {
  /** The ingest address, e.g. https://api.example.com/v1/proxy/kinesis. */
  url: string;
  fetch?: typeof fetch;
  /** navigator.sendBeacon in a browser; null where there is none. */
  sendBeacon?: ((url: string, body: Blob) => boolean) | null;
  storage?: QueueStorage;
  clock?: SenderClock;
  /** True while the page is hidden: each event then goes at once by beacon, since timers may not run again. */
  isPageHidden?: () => boolean;
  /** Where failures go (lib/error-reporting in the app); never shown to the reader. */
  reportError?: (error: unknown, context: Record<string, unknown>) => void;
  /** SPEC §9: 1 second. */
  flushDelayMs?: number;
  maxQueued?: number;
  firstRetryDelayMs?: number;
  maxRetryDelayMs?: number;
}

export interface AnalyticsSender {
  /** Queues records; they go with the next flush (at once by beacon while the page is hidden). */
  enqueue(...records: AnalyticsRecord[]): void;
  /** Sends the queue now (in calls of at most MAX_RECORDS_PER_CALL); resolves when those calls are answered. */
  flush(): Promise<void>;
  /** Hands the whole queue to navigator.sendBeacon; what it accepts leaves the queue. */
  sendByBeacon(): void;
  /** The records not yet acknowledged, oldest first. */
  queued(): readonly AnalyticsRecord[];
  /** Resolves once the queue is empty and nothing is on its way. */
  drained(): Promise<void>;
  /** Stops its timer; nothing more is sent. */
  stop(): void;
}

/** The ingest's limit (Kinesis PutRecords'), DESIGN §5. */
export const MAX_RECORDS_PER_CALL = 500;
/** A long offline spell keeps the newest this many events. */
export const MAX_QUEUED_EVENTS = 1000;
/** Browsers refuse beacons beyond 64 KiB in flight; a little is left for the headers. */
const MAX_BEACON_BYTES = 60_000;

/** Where the queue is kept in the browser (lib/storage.ts: failures are silent). */
export const ANALYTICS_QUEUE_KEY = 'newsreel.analyticsQueue';

const isAnalyticsRecord = (value: unknown): value is AnalyticsRecord =>
  isRecord(value) &&
  (STREAM_PARTITION_KEYS as readonly unknown[]).includes(value.partitionKey) &&
  isRecord(value.data) &&
  typeof value.data.eventId === 'string' &&
  typeof value.data.action === 'string';

export const analyticsQueueStorage: QueueStorage = slotOf(
  ANALYTICS_QUEUE_KEY,
  (value): value is AnalyticsRecord[] => Array.isArray(value) && value.every(isAnalyticsRecord),
);

/** Statuses after which the same batch may well succeed later. */
const RETRYABLE_CLIENT_STATUSES = new Set([408, 413, 429]);

const browserClock: SenderClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function browserBeacon(): AnalyticsSenderOptions['sendBeacon'] {
  const navigator = globalThis.navigator as Navigator | undefined;
  return typeof navigator?.sendBeacon === 'function' ? (url, body) => navigator.sendBeacon(url, body) : null;
}

/** Retry-After in milliseconds (seconds or an HTTP date), when the answer has one. */
function retryAfterMs(response: Response, now: number): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not our JSON error body (a proxy's page): the status says enough.
  }
  return `The analytics ingest answered ${response.status}`;
}

export function createAnalyticsSender(options: AnalyticsSenderOptions): AnalyticsSender {
  const {
    url,
    fetch: send = globalThis.fetch.bind(globalThis),
    sendBeacon = browserBeacon(),
    storage = analyticsQueueStorage,
    clock = browserClock,
    isPageHidden = () => globalThis.document?.visibilityState === 'hidden',
    reportError = () => {},
    flushDelayMs = 1000,
    maxQueued = MAX_QUEUED_EVENTS,
    firstRetryDelayMs = 1000,
    maxRetryDelayMs = 30_000,
  } = options;

  let queue: AnalyticsRecord[] = [];
  let inFlight: ReadonlySet<AnalyticsRecord> | null = null;
  let timer: unknown;
  let timerDue = Infinity;
  let lastSentAt = -Infinity;
  /** Failed attempts in a row; the retry delay doubles with each. */
  let failures = 0;
  /** Smaller than MAX_RECORDS_PER_CALL after a 413, for the rest of that flush. */
  let recordsPerCall = MAX_RECORDS_PER_CALL;
  let stopped = false;
  let persistQueued = false;
  let waiters: (() => void)[] = [];
  /** Dropping for a full queue is reported once until a send succeeds again. */
  let overflowReported = false;
  const encoder = new TextEncoder();

  function persist(): void {
    // Once per turn of the event loop, however many records came in it.
    if (persistQueued) return;
    persistQueued = true;
    queueMicrotask(() => {
      persistQueued = false;
      storage.set(queue);
    });
  }

  function add(records: readonly AnalyticsRecord[]): void {
    const known = new Set(queue.map((record) => record.data.eventId));
    for (const record of records) {
      if (known.has(record.data.eventId)) continue;
      known.add(record.data.eventId);
      queue.push(record);
    }
    const over = queue.length - maxQueued;
    if (over <= 0) return;
    queue.splice(0, over);
    if (overflowReported) return;
    overflowReported = true;
    reportError(new Error(`The analytics queue is full (${maxQueued} events); the oldest are being dropped`), { source: 'analytics', dropped: over });
  }

  function settle(): void {
    if (queue.length > 0 || inFlight) return;
    const resolved = waiters;
    waiters = [];
    for (const resolve of resolved) resolve();
  }

  /** Sends in `delayMs` unless a send is already due sooner; nothing is due while the queue is empty. */
  function schedule(delayMs: number): void {
    if (stopped || queue.length === 0 || inFlight) return;
    const due = clock.now() + Math.max(0, delayMs);
    if (timer !== undefined && timerDue <= due) return;
    if (timer !== undefined) clock.clearTimeout(timer);
    timerDue = due;
    timer = clock.setTimeout(() => {
      timer = undefined;
      timerDue = Infinity;
      void flush();
    }, Math.max(0, delayMs));
  }

  /** The next send of a queue that still holds events: a second after the last one began. */
  function scheduleNext(): void {
    schedule(lastSentAt + flushDelayMs - clock.now());
  }

  function retryLater(response?: Response): void {
    failures += 1;
    const backoff = Math.min(maxRetryDelayMs, firstRetryDelayMs * 2 ** (failures - 1));
    const asked = response ? retryAfterMs(response, clock.now()) : undefined;
    schedule(Math.min(maxRetryDelayMs, Math.max(backoff, asked ?? 0)));
  }

  function remove(sent: ReadonlySet<AnalyticsRecord>): void {
    queue = queue.filter((record) => !sent.has(record));
    persist();
  }

  /** One call; true when the rest of the queue may follow at once. */
  async function sendBatch(batch: AnalyticsRecord[]): Promise<boolean> {
    const sent = new Set(batch);
    inFlight = sent;
    lastSentAt = clock.now();
    let response: Response;
    try {
      response = await send(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ events: batch }),
      });
    } catch (error) {
      inFlight = null;
      // Offline or the server unreachable: the batch stays, and is tried again later.
      if (failures === 0) reportError(error, { source: 'analytics', records: batch.length });
      retryLater();
      return false;
    }
    inFlight = null;
    if (response.ok) {
      // The answer ({stored, duplicates}) is read to its end, so the browser finishes the request
      // and frees its connection (an unread body keeps it open, and the page never idle).
      void response.text().catch(() => undefined);
      failures = 0;
      overflowReported = false;
      remove(sent);
      return true;
    }
    const message = await messageOf(response);
    if (response.status === 413 && batch.length > 1) {
      // Too large as one call: the same events in smaller calls, at once.
      recordsPerCall = Math.ceil(batch.length / 2);
      return true;
    }
    const refused = response.status >= 400 && response.status < 500 && (response.status === 413 || !RETRYABLE_CLIENT_STATUSES.has(response.status));
    if (refused) {
      // The server will never take this batch (or this one event, too large on its own): sending
      // it again would hold up every event behind it.
      reportError(new Error(message), { source: 'analytics', status: response.status, dropped: batch.length });
      remove(sent);
      return true;
    }
    if (failures === 0) reportError(new Error(message), { source: 'analytics', status: response.status, records: batch.length });
    retryLater(response);
    return false;
  }

  async function flush(): Promise<void> {
    if (stopped || inFlight || queue.length === 0) return;
    if (timer !== undefined) {
      clock.clearTimeout(timer);
      timer = undefined;
      timerDue = Infinity;
    }
    // What is queued now goes in this flush, in as many calls as it takes; what comes meanwhile
    // waits for the next one.
    recordsPerCall = MAX_RECORDS_PER_CALL;
    let due = new Set(queue);
    let more = true;
    while (more && !stopped) {
      const batch = queue.filter((record) => due.has(record)).slice(0, recordsPerCall);
      if (batch.length === 0) break;
      more = await sendBatch(batch);
      due = new Set(queue.filter((record) => due.has(record)));
    }
    if (more) scheduleNext();
    settle();
  }

  function sendByBeacon(): void {
    if (stopped || !sendBeacon || queue.length === 0) return;
    // In flight or not, everything goes: the page may be gone before a fetch is answered, and an
    // event the server already has is stored once all the same.
    const accepted = new Set<AnalyticsRecord>();
    let chunk: AnalyticsRecord[] = [];
    const sendChunk = (): boolean => {
      if (chunk.length === 0) return true;
      const ok = sendBeacon(url, new Blob([JSON.stringify({ events: chunk })], { type: 'text/plain;charset=UTF-8' }));
      if (ok) for (const record of chunk) accepted.add(record);
      chunk = [];
      return ok;
    };
    let bytes = 0;
    for (const record of queue) {
      const size = encoder.encode(JSON.stringify(record)).length + 1;
      if (chunk.length > 0 && (bytes + size > MAX_BEACON_BYTES || chunk.length >= MAX_RECORDS_PER_CALL)) {
        if (!sendChunk()) break;
        bytes = 0;
      }
      chunk.push(record);
      bytes += size;
    }
    sendChunk();
    // What the browser did not take stays queued (and stored) for the next flush or page load.
    if (accepted.size > 0) remove(accepted);
    schedule(flushDelayMs);
    settle();
  }

  // What an earlier page left unsent goes with the first flush.
  add(storage.get() ?? []);
  schedule(flushDelayMs);

  return {
    enqueue(...records) {
      if (records.length === 0) return;
      add(records);
      persist();
      if (isPageHidden()) sendByBeacon();
      else schedule(flushDelayMs);
    },
    flush,
    sendByBeacon,
    queued: () => queue,
    drained: () =>
      new Promise((resolve) => {
        waiters.push(resolve);
        settle();
      }),
    stop() {
      stopped = true;
      if (timer !== undefined) clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}
