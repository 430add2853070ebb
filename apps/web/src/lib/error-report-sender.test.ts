import type { ClientErrorBatch } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createErrorReportSender } from './error-report-sender';
import type { ErrorReport } from './error-reporting';

const report = (error: unknown, context: Record<string, unknown> = {}): ErrorReport => ({
  error,
  message: error instanceof Error ? error.message : String(error),
  context,
  reportedAt: new Date().toISOString(),
});

function setup(options: { callsPerMinute?: number } = {}) {
  const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ received: 1 }), { status: 202 }));
  const sender = createErrorReportSender({
    url: '/v1/client-errors',
    fetch: fetch as unknown as typeof globalThis.fetch,
    pageUrl: () => 'https://news.example/v/42',
    userAgent: () => 'Mozilla/5.0 (test)',
    ...options,
  });
  const batches = () => fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as ClientErrorBatch);
  return { sender, fetch, batches };
}

describe('the error report sender', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.000Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gathers reports for 5 s and sends them as one call, each with the page, the browser and a flat context', async () => {
    const { sender, fetch, batches } = setup();
    sender.deliver(report(new Error('The analytics ingest answered 503'), { source: 'analytics', status: 503, detail: { nested: true }, skipped: undefined }));
    sender.deliver(report('Config could not be read', { source: 'config' }));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/v1/client-errors');
    expect(batches()[0]!.reports).toEqual([
      {
        message: 'The analytics ingest answered 503',
        stack: expect.stringContaining('The analytics ingest answered 503'),
        context: { source: 'analytics', status: 503, detail: '{"nested":true}' },
        url: 'https://news.example/v/42',
        userAgent: 'Mozilla/5.0 (test)',
        reportedAt: '2026-11-26T10:00:00.000Z',
        count: 1,
      },
      {
        message: 'Config could not be read',
        context: { source: 'config' },
        url: 'https://news.example/v/42',
        userAgent: 'Mozilla/5.0 (test)',
        reportedAt: '2026-11-26T10:00:00.000Z',
        count: 1,
      },
    ]);
  });

  it('sends the same failure once a minute, with how often it happened', async () => {
    const { sender, batches } = setup();
    for (let time = 0; time < 5; time += 1) sender.deliver(report(new Error('Region detection failed'), { source: 'region' }));
    await vi.advanceTimersByTimeAsync(5_000);
    for (let time = 0; time < 3; time += 1) sender.deliver(report(new Error('Region detection failed'), { source: 'region' }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(batches().map((batch) => batch.reports.map((item) => item.count))).toEqual([[5]]);
    await vi.advanceTimersByTimeAsync(30_000);
    sender.deliver(report(new Error('Region detection failed'), { source: 'region' }));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(batches().map((batch) => batch.reports.map((item) => item.count))).toEqual([[5], [4]]);
  });

  it('cuts long messages and context to the API’s limits, and makes at most a few calls a minute', async () => {
    const { sender, batches } = setup({ callsPerMinute: 2 });
    sender.deliver(report('x'.repeat(5_000), { source: 's'.repeat(900) }));
    await sender.flush();
    const [first] = batches()[0]!.reports;
    expect(first!.message).toHaveLength(1_000);
    expect(first!.context.source).toHaveLength(500);
    sender.deliver(report('second'));
    await sender.flush();
    sender.deliver(report('third'));
    await sender.flush();
    expect(batches()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(60_000);
    sender.deliver(report('fourth'));
    await sender.flush();
    expect(batches().map((batch) => batch.reports[0]!.message)).toEqual(['x'.repeat(999) + '…', 'second', 'fourth']);
  });

  it('stays quiet when the API cannot be reached', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    const sender = createErrorReportSender({ url: '/v1/client-errors', fetch: fetch as unknown as typeof globalThis.fetch });
    sender.deliver(report('offline'));
    await expect(sender.flush()).resolves.toBeUndefined();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
