import type { Territory } from '@newsreel/contracts';

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

/** SPEC §3's article fields of an event. */
export interface ArticleEventFields {
  articleId: string;
  articleTitle: string;
  articleTerritory: Territory;
  articleBreaking: boolean;
  articleLocationName?: string;
  articleLocationLon?: number;
  articleLocationLat?: number;
  publisherName: string;
  publisherId: string;
}

/** SPEC §3's poll fields of an event. */
export interface PollEventFields {
  pollId: string;
  pollName: string;
  pollQuestionId: string;
  pollQuestionLabel: string;
  pollAnswerId: string;
  pollAnswerLabel: string;
}

/** A reader's answer to one poll question, with the article it was asked beside when there was one. */
export type PollVoteEvent = { action: 'Poll Vote'; timestamp: string; epochSeconds: number } & PollEventFields & Partial<ArticleEventFields>;

export type AnalyticsEvent = PageViewEvent | PollVoteEvent;

const MAX_QUEUED_EVENTS = 500;

export const analyticsQueue: AnalyticsEvent[] = [];

/** Adds an event to the queue (event builders: here and lib/analytics-events.ts). */
export function enqueue(event: AnalyticsEvent): void {
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
