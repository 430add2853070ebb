import { AccountRole, AdminRole, apiPaths, manageApiPaths, type ManageStatistics, type ArticleLiveTime, type ArticlePlays, type PublisherLiveTime, type StatisticsSummary, adminApiPaths } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { readRollups, recountRollups } from '../../test/rollups';
import { DEMO_STATISTICS_TOKEN } from '../config';
import { applyAllRollups } from '../modules/analytics/rollups';
import { DEMO_TRAFFIC_DAYS, demoTraffic, seedDemoAnalytics, type DemoTrafficContent } from './demo-analytics';
import { readCatalogue, seedDemoCatalogue } from './demo-seed';

const DAY_MS = 86_400_000;

describe('the demo traffic', () => {
  let t: TestApp;
  let stored: number;
  let auth: { authorization: string };
  const now = new Date();
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.handle.db;
    await seedDemoCatalogue(db, now);
    stored = await seedDemoAnalytics(db, now);
    await applyAllRollups(db);
    await makeAccount(db, 'demo-statistics@example.com', { adminRole: AdminRole.MODERATOR });
    auth = await adminAuth(t.app, await signIn(t.app, 'demo-statistics@example.com'));
  });
  afterAll(() => t.close());

  it('stores a few thousand events over the last 30 days, none in the future', async () => {
    expect(stored).toBeGreaterThan(2_000);
    expect(stored).toBeLessThan(10_000);
    const { rows } = await t.database.handle.db
      .selectFrom('analytics_events')
      .select((eb) => [eb.fn.min('event_time').as('first'), eb.fn.max('event_time').as('last'), eb.fn.countAll<string>().as('count')])
      .execute()
      .then((result) => ({ rows: result }));
    expect(Number(rows[0]!.count)).toBe(stored);
    expect(new Date(rows[0]!.first as Date).getTime()).toBeGreaterThanOrEqual(now.getTime() - DEMO_TRAFFIC_DAYS * DAY_MS);
    expect(new Date(rows[0]!.last as Date).getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('is seeded once', async () => {
    expect(await seedDemoAnalytics(t.database.handle.db, new Date())).toBe(0);
  });

  it('rolls up like any traffic', async () => {
    expect(await readRollups(t.database.handle.db)).toEqual(await recountRollups(t.database.handle.db));
  });

  it('gives the admin summary real numbers: visitors, plays, watch time, regions and device types', async () => {
    const res = await t.app.inject({ url: adminApiPaths.statisticsSummary, headers: auth });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<StatisticsSummary>();
    expect(summary.visitors).toBeGreaterThan(100);
    expect(summary.plays).toBeGreaterThan(300);
    expect(summary.watchSeconds).toBeGreaterThan(summary.plays * 5);
    expect(summary.completionRate).toBeGreaterThan(0.3);
    expect(summary.completionRate).toBeLessThan(0.6);
    for (const figure of [summary.likes, summary.shares, summary.adImpressions, summary.adClicks, summary.pollVotes]) expect(figure).toBeGreaterThan(0);
    expect(summary.topArticles).toHaveLength(10);
    expect(summary.topArticles[0]!.title).toBeTruthy();
    expect(summary.topRegions[0]).toMatchObject({ regionId: 2, code: 'US' });
    expect(summary.deviceTypes.map((entry) => entry.type)).toEqual(expect.arrayContaining(['mobile', 'desktop', 'tablet', 'smarttv']));
    expect(summary.deviceTypes.find((entry) => entry.type === 'unknown')).toBeUndefined();
    expect(summary.daily.filter((entry) => entry.plays > 0).length).toBeGreaterThan(20);

    const plays = (await t.app.inject({ url: `${adminApiPaths.statisticsArticlePlays}?days=30`, headers: auth })).json<ArticlePlays>();
    expect(plays.total).toBeGreaterThan(50);
  });

  it('gives the demo publisher’s studio dashboard real numbers (the demo accounts’ publisher)', async () => {
    const db = t.database.handle.db;
    const slug = (await readCatalogue()).publishers[0]!.slug;
    const publisher = await db.selectFrom('publishers').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
    await makeAccount(db, 'demo-dashboard@example.com', { publisher: { id: publisher.id, role: AccountRole.MEMBER } });
    const res = await t.app.inject({ url: manageApiPaths.statistics, headers: (await signIn(t.app, 'demo-dashboard@example.com')).auth });
    expect(res.statusCode, res.body).toBe(200);
    const dashboard = res.json<ManageStatistics>();
    expect(dashboard.plays).toBeGreaterThan(20);
    expect(dashboard.visitors).toBeGreaterThan(10);
    expect(dashboard.watchSeconds).toBeGreaterThan(dashboard.plays * 5);
    expect(dashboard.topArticles.length).toBeGreaterThan(1);
    expect(dashboard.daily.filter((entry) => entry.plays > 0).length).toBeGreaterThan(5);
  });

  it('gives the demo playlists real numbers, with the demo statistics key', async () => {
    const range = `token=${DEMO_STATISTICS_TOKEN}&externalId=morning-briefing&startDate=${new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10)}&endDate=${now.toISOString().slice(0, 10)}`;
    const publishers = (await t.app.inject(`${apiPaths.playlistPublisherLiveTime}?${range}`)).json<PublisherLiveTime>();
    expect(publishers.items.length).toBeGreaterThan(1);
    expect(publishers.totalSeconds).toBeGreaterThan(100);
    expect(publishers.items.reduce((sum, item) => sum + item.seconds, 0)).toBeCloseTo(publishers.totalSeconds, 3);
    const articles = (await t.app.inject(`${apiPaths.playlistArticleLiveTime}?${range}`)).json<ArticleLiveTime>();
    expect(articles.items.length).toBeGreaterThan(5);
    expect(articles.items.every((item) => item.title && item.seconds > 0)).toBe(true);
  });
});

describe('demoTraffic', () => {
  const content: DemoTrafficContent = {
    articles: [
      { id: '0b6f3c1e-9a43-4c59-8f34-6a1d2b7c8e01', title: 'A demo article title', territory: 1, breaking: false, locationName: 'Oslo', lat: 59.9, lon: 10.7, publisherId: '2d8b5e30-1c65-4e7b-a156-8c3f4d9e0a23', publisherName: 'Demo Post', durationSeconds: 21.5 },
    ],
    playlists: [{ id: '3e9c6f41-2d76-4f8c-b267-9d405eaf1b34', articleIds: ['0b6f3c1e-9a43-4c59-8f34-6a1d2b7c8e01'] }],
    polls: [],
  };
  const now = new Date('2026-06-15T12:00:00Z');

  it('is the same every time', () => {
    expect(demoTraffic(content, now)).toEqual(demoTraffic(content, now));
  });

  it('builds events as the web client does: ids, times, partition keys and fields', () => {
    const { events } = demoTraffic(content, now);
    expect(new Set(events.map((event) => event.eventId)).size).toBe(events.length);
    for (const event of events) {
      const data = event.data as Record<string, unknown>;
      expect(data).toMatchObject({ eventId: event.eventId, action: event.action, timestamp: event.eventTime.toISOString(), visitorId: event.visitorId, regionId: event.regionId });
      expect(data.epochSeconds).toBe(Math.floor(event.eventTime.getTime() / 1000));
      const expectedKey = 'adId' in data ? 'ad_events' : 'articleId' in data ? 'article_events' : 'app_events';
      expect(event.partitionKey, event.action).toBe(expectedKey);
      if (event.action === 'Watch Time') expect(data.watchSeconds).toBeLessThanOrEqual(10);
    }
    // Every play's watch time adds up to what was watched, at most the article's length.
    const watched = events.filter((event) => event.action === 'Watch Time').reduce((sum, event) => sum + ((event.data as { watchSeconds: number }).watchSeconds), 0);
    const plays = events.filter((event) => event.action === 'Play').length;
    expect(watched).toBeLessThanOrEqual(plays * 21.5 + 0.01);
    expect(watched).toBeGreaterThan(plays * 21.5 * 0.4);
  });
});
