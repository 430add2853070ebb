import { describe, expect, it } from 'vitest';
import { analyticsQueue, drainAnalyticsQueue, trackPageView } from './analytics';

describe('trackPageView', () => {
  it("queues a 'Page View' event with the path, timestamp and epoch seconds", () => {
    drainAnalyticsQueue();
    const now = new Date('2026-03-01T10:20:30.900Z');
    trackPageView({ pathname: '/v/42', search: '?lng=fr' }, now);
    expect(analyticsQueue).toEqual([
      { action: 'Page View', path: '/v/42?lng=fr', timestamp: '2026-03-01T10:20:30.900Z', epochSeconds: 1772360430 },
    ]);
    expect(drainAnalyticsQueue()).toHaveLength(1);
    expect(analyticsQueue).toHaveLength(0);
  });
});
