// @vitest-environment jsdom

import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { clearErrorReports, errorReportingSettings, getErrorReports, reportError } from './error-reporting';

describe('reportError', () => {
  afterEach(() => {
    errorReportingSettings.send = false;
    clearErrorReports();
  });

  it('keeps the report, and without a Sentry DSN sends it to the API a few seconds later', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const posted: unknown[] = [];
    mockFetch({
      'POST /v1/client-errors': ({ init }) => {
        posted.push(JSON.parse(String(init?.body)));
        return jsonResponse({ received: 1 }, 202);
      },
    });
    errorReportingSettings.send = true;
    // Loaded ahead, so that the fake clock below is not racing its first load.
    await import('./error-report-sender');
    reportError(new Error('Region detection failed'), { source: 'region', status: 503 });
    expect(getErrorReports().map((report) => report.message)).toEqual(['Region detection failed']);
    // The reports of the next 5 s go together.
    await vi.advanceTimersByTimeAsync(4_900);
    expect(posted).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(posted).toHaveLength(1);
    expect(posted[0]).toEqual({
      reports: [expect.objectContaining({ message: 'Region detection failed', context: { source: 'region', status: 503 }, url: window.location.href, count: 1 })],
    });
  });
});
