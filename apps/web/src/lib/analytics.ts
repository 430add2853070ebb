/**
 * Analytics events waiting to be sent. The sender (batching once a second, SPEC §4) drains this
 * queue; until it exists the queue only fills, bounded so a long session cannot grow it forever.
 */

export interface PageViewEvent {
  action: 'Page View';
  path: string;
  /** ISO 8601 time the page was shown. */
  timestamp: string;
  epochSeconds: number;
}

export type AnalyticsEvent = PageViewEvent;

const MAX_QUEUED_EVENTS = 500;

export const analyticsQueue: AnalyticsEvent[] = [];

function enqueue(event: AnalyticsEvent): void {
  analyticsQueue.push(event);
  if (analyticsQueue.length > MAX_QUEUED_EVENTS) {
    analyticsQueue.splice(0, analyticsQueue.length - MAX_QUEUED_EVENTS);
  }
}

export interface TrackedLocation {
  pathname: string;
  search?: string;
}

export function trackPageView(location: TrackedLocation, now: Date = new Date()): PageViewEvent {
  const event: PageViewEvent = {
    action: 'Page View',
    path: `${location.pathname}${location.search ?? ''}`,
    timestamp: now.toISOString(),
    epochSeconds: Math.floor(now.getTime() / 1000),
  };
  enqueue(event);
  return event;
}

/** Removes and returns every queued event, oldest first. */
export function drainAnalyticsQueue(): AnalyticsEvent[] {
  return analyticsQueue.splice(0, analyticsQueue.length);
}
