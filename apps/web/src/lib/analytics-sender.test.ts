// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsRecord } from './analytics';
import { analyticsQueueStorage, createAnalyticsSender, MAX_RECORDS_PER_CALL, type AnalyticsSenderOptions, type QueueStorage } from './analytics-sender';

const URL = 'http://api.test/v1/proxy/kinesis';

let sequence = 0;
function record(action = 'Page View', fields: Record<string, unknown> = {}): AnalyticsRecord {
  sequence += 1;
  return {
    partitionKey: 'app_events',
    data: { eventId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`, action, timestamp: new Date().toISOString(), epochSeconds: 0, ...fields },
  };
}

interface Call {
  at: number;
  events: AnalyticsRecord[];
}

/** The ingest as the sender meets it over HTTP: each call answered by the next of `answers` (then 200). */
function fakeIngest(answers: (() => Response | Promise<Response>)[] = []) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ at: Date.now(), events: (JSON.parse(String(init?.body)) as { events: AnalyticsRecord[] }).events });
    const answer = answers.shift();
    return answer ? answer() : new Response(JSON.stringify({ stored: 1 }), { status: 200 });
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const status = (code: number, headers: Record<string, string> = {}, message = `status ${code}`) => () =>
  new Response(JSON.stringify({ statusCode: code, error: 'x', message }), { status: code, headers: { 'content-type': 'application/json', ...headers } });

function memoryStorage(initial?: AnalyticsRecord[]): QueueStorage & { value: AnalyticsRecord[] | undefined } {
  return {
    value: initial,
    get() {
      return this.value;
    },
    set(records) {
      this.value = structuredClone(records);
    },
  };
}

function sender(options: Partial<AnalyticsSenderOptions> & Pick<AnalyticsSenderOptions, 'fetch'>) {
  const reportError = vi.fn();
  const created = createAnalyticsSender({ url: URL, storage: memoryStorage(), sendBeacon: null, isPageHidden: () => false, reportError, ...options });
  return { sender: created, reportError };
}

/** jsdom's Blob has no text(). */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const ids = (records: readonly AnalyticsRecord[]) => records.map((item) => item.data.eventId);

describe('the analytics sender', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends what was queued within a second as one call a second later, and keeps no timer while the queue is empty', async () => {
    const ingest = fakeIngest();
    const { sender: s } = sender({ fetch: ingest.fetch });
    expect(vi.getTimerCount()).toBe(0);
    const first = [record(), record('Play', { articleId: 'a' })];
    s.enqueue(first[0]!);
    await vi.advanceTimersByTimeAsync(400);
    s.enqueue(first[1]!);
    await vi.advanceTimersByTimeAsync(599);
    expect(ingest.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ingest.calls).toHaveLength(1);
    expect(ingest.calls[0]!.events).toEqual(first);
    await s.drained();
    expect(s.queued()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(ingest.calls).toHaveLength(1);
  });

  it('makes at most one call a second however steadily events come, and each call carries all that waited', async () => {
    const ingest = fakeIngest();
    const { sender: s } = sender({ fetch: ingest.fetch });
    const sent: AnalyticsRecord[] = [];
    for (let step = 0; step < 50; step += 1) {
      const next = record();
      sent.push(next);
      s.enqueue(next);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2_000);
    const times = ingest.calls.map((call) => call.at);
    expect(times.length).toBeGreaterThanOrEqual(5);
    expect(times.length).toBeLessThanOrEqual(6);
    for (let index = 1; index < times.length; index += 1) expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(1_000);
    expect(ids(ingest.calls.flatMap((call) => call.events))).toEqual(ids(sent));
  });

  it(`sends more than ${MAX_RECORDS_PER_CALL} events in calls of at most ${MAX_RECORDS_PER_CALL}`, async () => {
    const ingest = fakeIngest();
    const { sender: s } = sender({ fetch: ingest.fetch });
    const many = Array.from({ length: 1_000 }, () => record());
    s.enqueue(...many);
    await vi.advanceTimersByTimeAsync(1_000);
    await s.drained();
    expect(ingest.calls.map((call) => call.events.length)).toEqual([500, 500]);
    expect(ids(ingest.calls.flatMap((call) => call.events))).toEqual(ids(many));
  });

  it('keeps a batch that failed and sends it again after 1, 2, 4 s…, with what came meanwhile, reporting the failure once', async () => {
    const ingest = fakeIngest([
      status(503),
      () => Promise.reject(new TypeError('Failed to fetch')),
      status(500),
    ]);
    const { sender: s, reportError } = sender({ fetch: ingest.fetch });
    const first = record();
    s.enqueue(first);
    await vi.advanceTimersByTimeAsync(1_000);
    const later = record();
    s.enqueue(later);
    await vi.advanceTimersByTimeAsync(10_000);
    const start = ingest.calls[0]!.at;
    expect(ingest.calls.map((call) => call.at - start)).toEqual([0, 1_000, 3_000, 7_000]);
    expect(ids(ingest.calls[0]!.events)).toEqual(ids([first]));
    for (const call of ingest.calls.slice(1)) expect(ids(call.events)).toEqual(ids([first, later]));
    expect(s.queued()).toEqual([]);
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError.mock.calls[0]![1]).toMatchObject({ source: 'analytics', status: 503 });
  });

  it('waits as long as Retry-After asks when that is longer, and gives up doubling at 30 s', async () => {
    const ingest = fakeIngest([status(503, { 'retry-after': '5' }), ...Array.from({ length: 7 }, () => status(503))]);
    const { sender: s } = sender({ fetch: ingest.fetch });
    s.enqueue(record());
    await vi.advanceTimersByTimeAsync(200_000);
    const start = ingest.calls[0]!.at;
    const gaps = ingest.calls.slice(1).map((call, index) => call.at - (index === 0 ? start : ingest.calls[index]!.at));
    expect(gaps).toEqual([5_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('drops a batch the server calls bad (a 4xx other than 408, 413, 429), reports it and sends on', async () => {
    const ingest = fakeIngest([status(400, {}, 'events[0].partitionKey must be one of: app_events, article_events, ad_events'), status(429)]);
    const { sender: s, reportError } = sender({ fetch: ingest.fetch });
    s.enqueue(record());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.queued()).toEqual([]);
    expect(reportError).toHaveBeenCalledWith(expect.objectContaining({ message: 'events[0].partitionKey must be one of: app_events, article_events, ad_events' }), {
      source: 'analytics',
      status: 400,
      dropped: 1,
    });
    // A 429 is not the batch's fault: it stays and goes again.
    const kept = record();
    s.enqueue(kept);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ids(s.queued())).toEqual(ids([kept]));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(s.queued()).toEqual([]);
    expect(ids(ingest.calls.at(-1)!.events)).toEqual(ids([kept]));
  });

  it('sends a batch the server finds too large (413) again in halves, and drops one event too large on its own', async () => {
    const ingest = fakeIngest([status(413), status(413)]);
    const { sender: s, reportError } = sender({ fetch: ingest.fetch });
    const four = Array.from({ length: 4 }, () => record());
    s.enqueue(...four);
    await vi.advanceTimersByTimeAsync(1_000);
    await s.drained();
    expect(ingest.calls.map((call) => call.events.length)).toEqual([4, 2, 1, 1, 1, 1]);
    expect(reportError).not.toHaveBeenCalled();

    const huge = fakeIngest([status(413)]);
    const single = sender({ fetch: huge.fetch });
    single.sender.enqueue(record());
    await vi.advanceTimersByTimeAsync(1_000);
    expect(single.sender.queued()).toEqual([]);
    expect(single.reportError).toHaveBeenCalledWith(expect.any(Error), expect.objectContaining({ status: 413, dropped: 1 }));
  });

  it('keeps at most maxQueued events (the newest), in storage, so the next page sends them', async () => {
    const down = fakeIngest(Array.from({ length: 20 }, () => status(503)));
    const storage = memoryStorage();
    const { sender: s, reportError } = sender({ fetch: down.fetch, storage, maxQueued: 5 });
    const events = Array.from({ length: 8 }, () => record());
    s.enqueue(...events);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(s.queued())).toEqual(ids(events.slice(3)));
    expect(ids(storage.value!)).toEqual(ids(events.slice(3)));
    expect(reportError).toHaveBeenCalledWith(expect.any(Error), expect.objectContaining({ dropped: 3 }));
    s.stop();

    // The page is loaded again: a new sender finds them, and sends them first.
    const up = fakeIngest();
    const { sender: next } = sender({ fetch: up.fetch, storage });
    const newer = record();
    next.enqueue(newer);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ids(up.calls[0]!.events)).toEqual(ids([...events.slice(3), newer]));
    await next.drained();
    expect(storage.value).toEqual([]);
  });

  it('keeps the queue in browser storage by default, and stays quiet when storage fails', async () => {
    const ingest = fakeIngest([status(503)]);
    const { sender: s } = sender({ fetch: ingest.fetch, storage: undefined });
    const one = record();
    s.enqueue(one);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(analyticsQueueStorage.get() ?? [])).toEqual(ids([one]));
    s.stop();

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { sender: full } = sender({ fetch: fakeIngest().fetch, storage: undefined });
    expect(ids(full.queued())).toEqual(ids([one]));
    full.enqueue(record());
    await vi.advanceTimersByTimeAsync(1_000);
    await full.drained();
    expect(full.queued()).toEqual([]);
  });

  it('hands everything left to navigator.sendBeacon when the page is hidden, keeping what the browser refuses', async () => {
    const ingest = fakeIngest();
    const beacons: { url: string; type: string; events: AnalyticsRecord[] }[] = [];
    let accept = true;
    const sendBeacon = (url: string, body: Blob) => {
      if (!accept) return false;
      beacons.push({ url, type: body.type, events: [] });
      const beacon = beacons.at(-1)!;
      void readBlob(body).then((text) => (beacon.events = (JSON.parse(text) as { events: AnalyticsRecord[] }).events));
      return true;
    };
    let hidden = false;
    const { sender: s } = sender({ fetch: ingest.fetch, sendBeacon, isPageHidden: () => hidden });
    const left = [record(), record()];
    s.enqueue(...left);
    hidden = true;
    s.sendByBeacon();
    await vi.waitFor(() => expect(beacons).toEqual([{ url: URL, type: 'text/plain;charset=utf-8', events: left }]));
    expect(s.queued()).toEqual([]);

    // While hidden, an event (the last watch time) goes at once.
    const late = record('Watch Time');
    s.enqueue(late);
    await vi.waitFor(() => expect(ids(beacons[1]?.events ?? [])).toEqual(ids([late])));

    accept = false;
    const refused = record();
    s.enqueue(refused);
    expect(ids(s.queued())).toEqual(ids([refused]));
    hidden = false;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ids(ingest.calls.flatMap((call) => call.events))).toEqual(ids([refused]));
  });

  it('splits a beacon that would pass 64 KB', () => {
    const sizes: number[] = [];
    const { sender: s } = sender({
      fetch: fakeIngest().fetch,
      sendBeacon: (_url, body) => {
        sizes.push(body.size);
        return true;
      },
    });
    s.enqueue(...Array.from({ length: 300 }, () => record('Search', { query: 'x'.repeat(400) })));
    s.sendByBeacon();
    expect(sizes.length).toBeGreaterThan(1);
    for (const size of sizes) expect(size).toBeLessThan(64 * 1024);
    expect(s.queued()).toEqual([]);
  });
});
