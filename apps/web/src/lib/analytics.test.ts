// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInitialAppState } from '../app/state/app-state';
import { createAppStore } from '../app/state/app-store';
import type { User, Visitor } from '../app/state/types';
import { readerUser } from '../test/account-fixtures';
import { analyticsSettings, connectAnalytics, partitionKeyOf, queuedAnalyticsEvents, resetAnalytics, sendAnalytics, trackEvent, trackPageView, type AnalyticsRecord } from './analytics';
import { analyticsQueueStorage } from './analytics-sender';
import { browserStorage } from './storage';

const visitor: Visitor = {
  id: '5b0c1e2a-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
  regionId: 4,
  ipAddress: '',
  updatedAt: '2026-11-20T08:00:00.000Z',
  screenWidth: 1280,
  screenHeight: 800,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function bodiesOf(fetch: { mock: { calls: [RequestInfo | URL, RequestInit?][] } }): AnalyticsRecord[][] {
  return fetch.mock.calls.map(([, init]) => (JSON.parse(String((init as RequestInit).body)) as { events: AnalyticsRecord[] }).events);
}

describe('trackEvent', () => {
  beforeEach(() => {
    resetAnalytics();
  });
  afterEach(() => {
    resetAnalytics();
    connectAnalytics({ getState: () => ({ visitor: browserStorage.visitor.get() ?? null, user: null }) });
  });

  it('builds the event once: its own eventId, the action, the time, the visitor fields and the caller’s fields', () => {
    const user: User = readerUser;
    connectAnalytics(createAppStore(createInitialAppState({ visitor, user })));
    const now = new Date('2026-03-01T10:20:30.900Z');
    const { partitionKey, data } = trackEvent('Search', { query: 'flood' }, now);
    expect(partitionKey).toBe('app_events');
    expect(data).toEqual({
      eventId: expect.stringMatching(UUID),
      action: 'Search',
      timestamp: '2026-03-01T10:20:30.900Z',
      epochSeconds: 1772360430,
      visitorId: visitor.id,
      userId: user.id,
      regionId: 4,
      screenWidth: 1280,
      screenHeight: 800,
      query: 'flood',
    });
    expect(trackEvent('Search', { query: 'flood' }, now).data.eventId).not.toBe(data.eventId);
    expect(queuedAnalyticsEvents()).toHaveLength(2);
  });

  it('has no userId while nobody is signed in, and reads the stored visitor before the app state exists', () => {
    browserStorage.visitor.set(visitor);
    connectAnalytics({ getState: () => ({ visitor: browserStorage.visitor.get() ?? null, user: null }) });
    const { data } = trackEvent('New Visitor');
    expect(data).toMatchObject({ action: 'New Visitor', visitorId: visitor.id, regionId: 4 });
    expect(data).not.toHaveProperty('userId');
  });

  it('picks the partition key: ad fields → ad_events, article fields → article_events, anything else → app_events', () => {
    expect(partitionKeyOf({ adId: 'ad-1', articleId: 'a-1' })).toBe('ad_events');
    expect(partitionKeyOf({ articleId: 'a-1' })).toBe('article_events');
    expect(partitionKeyOf({ pollId: 'p-1' })).toBe('app_events');
    expect(trackEvent('Ad Click', { adId: 'ad-1', adTitle: 'Spring sale', adMediaFile: 'https://ads.example/1.mp4' }).partitionKey).toBe('ad_events');
    expect(trackEvent('Like', { articleId: 'a-1' }).partitionKey).toBe('article_events');
  });

  it("queues a 'Page View' with the path and query", () => {
    const { data } = trackPageView({ pathname: '/v/42', search: '?lng=fr' });
    expect(data).toMatchObject({ action: 'Page View', path: '/v/42?lng=fr' });
  });
});

describe('sending', () => {
  beforeEach(() => {
    resetAnalytics();
  });
  afterEach(() => {
    resetAnalytics();
    analyticsSettings.autoSend = false;
  });

  it('loads the sender a second after the first event and sends everything queued as one call', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    analyticsSettings.autoSend = true;
    trackEvent('Page View', { path: '/' });
    trackEvent('Play', { articleId: 'a-1' });
    await vi.advanceTimersByTimeAsync(500);
    expect(fetch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(fetch.mock.calls[0]![0]).toBe('/v1/proxy/kinesis');
    expect(bodiesOf(fetch)[0]!.map((record) => [record.partitionKey, record.data.action])).toEqual([
      ['app_events', 'Page View'],
      ['article_events', 'Play'],
    ]);
    await vi.waitFor(() => expect(queuedAnalyticsEvents()).toEqual([]));

    // Loaded, it goes on sending once a second.
    trackEvent('Pause', { articleId: 'a-1' });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bodiesOf(fetch)[1]!.map((record) => record.data.action)).toEqual(['Pause']);
  });

  it('sends what a hidden page queues before the sender is loaded by beacon, and keeps what the browser refuses', async () => {
    const beacons: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (_url: string, body: string) => (beacons.push(body), true) });
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    trackEvent('Page View', { path: '/' });
    visibility.mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(beacons.map((body) => (JSON.parse(body) as { events: AnalyticsRecord[] }).events.map((record) => record.data.action))).toEqual([['Page View']]);
    expect(queuedAnalyticsEvents()).toEqual([]);

    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false });
    const refused = trackEvent('Watch Time', { articleId: 'a-1', watchSeconds: 4 });
    expect(queuedAnalyticsEvents()).toEqual([refused.data]);

    // Once the sender is loaded, it sends it, and keeps what it has not sent in storage meanwhile.
    visibility.mockReturnValue('visible');
    const fetch = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('{}', { status: 200 }));
    const sender = await sendAnalytics({ fetch: fetch as unknown as typeof globalThis.fetch, storage: analyticsQueueStorage });
    expect(analyticsQueueStorage.get()).toEqual([refused]);
    await sender!.drained();
    expect(bodiesOf(fetch)).toEqual([[refused]]);
    expect(analyticsQueueStorage.get()).toEqual([]);
  });
});
