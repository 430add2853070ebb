import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { AdminRole, apiPaths, type ArticleLiveTime, type ArticlePlays, type EventCounts, type PublisherLiveTime, type StatisticsSummary, adminApiPaths } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, createTestDatabase, testConfig, type TestApp } from '../../../test/helpers';
import { trafficEvents } from '../../../test/rollups';
import { buildApp } from '../../app';
import { mulberry32 } from '../../db/seeded-random';
import { storeEvents, type StoredEventInput } from '../analytics/event-store';
import { applyAllRollups } from '../analytics/rollups';
import { STATISTICS_CLOSED_REFUSAL, STATISTICS_TOKEN_REFUSAL } from './statistics-service';

const TOKEN = 'statistics-test-key-0123456789';
const DAY_MS = 86_400_000;
const day = (time: Date) => time.toISOString().slice(0, 10);

function event(action: string, time: Date, visitorId: string, fields: Record<string, unknown> = {}, regionId = 0): StoredEventInput {
  return { eventId: randomUUID(), eventTime: time, partitionKey: 'article_events', action, visitorId, regionId, data: { action, visitorId, ...fields } };
}

describe('playlist statistics', () => {
  let t: TestApp;
  let f: ContentFixture;
  const now = new Date();
  const today = day(now);
  const query = (path: string, params: Record<string, string>) => t.app.inject(`${path}?${new URLSearchParams(params).toString()}`);
  const range = { token: TOKEN, externalId: 'morning-briefing', startDate: today, endDate: today };

  beforeAll(async () => {
    t = await createTestApp({ STATISTICS_TOKEN: TOKEN });
    const db = t.database.handle.db;
    f = await seedContentFixture(db);
    const { spree, atlantic } = f.publishers;
    const onPlaylist = (key: 'lisbon' | 'potsdam' | 'berlin', publisherId: string) => ({ articleId: f.articles[key], publisherId, playlistId: f.playlist });
    const watch = (fields: object, seconds: unknown, time = now) => event('Watch Time', time, 'visitor-one', { ...fields, watchSeconds: seconds });
    await storeEvents(db, [
      event('Play', now, 'visitor-one', onPlaylist('lisbon', atlantic)),
      watch(onPlaylist('lisbon', atlantic), 10),
      watch(onPlaylist('lisbon', atlantic), 10),
      watch(onPlaylist('lisbon', atlantic), 5.5),
      event('Play', now, 'visitor-two', onPlaylist('potsdam', spree)),
      watch(onPlaylist('potsdam', spree), 10),
      event('Play', now, 'visitor-two', onPlaylist('berlin', spree)),
      watch(onPlaylist('berlin', spree), 7.25),
      // Counted in the playlist's total, for no publisher or article.
      watch({ playlistId: f.playlist }, 3),
      // Not this playlist, not played from a playlist, not in the range.
      watch({ ...onPlaylist('berlin', spree), playlistId: randomUUID() }, 10),
      watch({ articleId: f.articles.berlin, publisherId: spree }, 10),
      watch(onPlaylist('berlin', spree), 10, new Date(now.getTime() - 3 * DAY_MS)),
    ]);
    await applyAllRollups(db);
  });
  afterAll(() => t.close());

  it('answers seconds of playback per publisher from the playlist, most first', async () => {
    const res = await query(apiPaths.playlistPublisherLiveTime, range);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json<PublisherLiveTime>()).toEqual({
      playlistId: f.playlist,
      externalId: 'morning-briefing',
      name: expect.any(String),
      startDate: today,
      endDate: today,
      totalSeconds: 45.75,
      items: [
        { publisherId: f.publishers.atlantic, publisherName: expect.any(String), seconds: 25.5, plays: 1 },
        { publisherId: f.publishers.spree, publisherName: expect.any(String), seconds: 17.25, plays: 2 },
      ],
    });
  });

  it('answers seconds of playback per article, with titles, and counts days inclusively', async () => {
    const res = await query(apiPaths.playlistArticleLiveTime, range);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ArticleLiveTime>();
    expect(body.items.map(({ articleId, seconds, plays }) => ({ articleId, seconds, plays }))).toEqual([
      { articleId: f.articles.lisbon, seconds: 25.5, plays: 1 },
      { articleId: f.articles.potsdam, seconds: 10, plays: 1 },
      { articleId: f.articles.berlin, seconds: 7.25, plays: 1 },
    ]);
    expect(body.items[0]).toMatchObject({ title: expect.stringMatching(/.{12,}/), publisherId: f.publishers.atlantic, publisherName: expect.any(String) });

    const wider = (await query(apiPaths.playlistArticleLiveTime, { ...range, startDate: day(new Date(now.getTime() - 3 * DAY_MS)) })).json<ArticleLiveTime>();
    expect(wider.items.find((item) => item.articleId === f.articles.berlin)?.seconds).toBe(17.25);
    const before = (await query(apiPaths.playlistArticleLiveTime, { ...range, startDate: '2020-01-01', endDate: '2020-01-31' })).json<ArticleLiveTime>();
    expect(before).toMatchObject({ totalSeconds: 0, items: [] });
  });

  it('answers 401 without the key or with a wrong one, before looking at anything else', async () => {
    for (const token of [undefined, '', 'wrong-key', `${TOKEN}x`]) {
      const params: Record<string, string> = { externalId: 'morning-briefing', startDate: 'not-a-date', endDate: today };
      if (token !== undefined) params.token = token;
      for (const path of [apiPaths.playlistPublisherLiveTime, apiPaths.playlistArticleLiveTime]) {
        const res = await query(path, params);
        expect(res.statusCode, `${path} ${token}`).toBe(401);
        expect(res.json()).toMatchObject({ message: STATISTICS_TOKEN_REFUSAL });
      }
    }
  });

  it('answers 400 naming the field for malformed, impossible, reversed or too long ranges', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ startDate: '2026/01/01' }, /startDate must be a date written YYYY-MM-DD/],
      [{ endDate: '2026-02-30' }, /endDate must be a date written YYYY-MM-DD.*2026-02-30/],
      [{ startDate: '2026-03-02', endDate: '2026-03-01' }, /endDate \(2026-03-01\) is before startDate \(2026-03-02\)/],
      [{ startDate: '2024-01-01', endDate: '2026-01-01' }, /at most 366 days/],
      [{ externalId: '' }, /externalId is required/],
    ];
    for (const [change, message] of cases) {
      const res = await query(apiPaths.playlistPublisherLiveTime, { ...range, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('answers 404 for an unknown playlist', async () => {
    const res = await query(apiPaths.playlistArticleLiveTime, { ...range, externalId: 'no-such-playlist' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No playlist has the external id "no-such-playlist"/);
  });
});

describe('playlist statistics in production without a key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-enough-length-0123', LOG_LEVEL: 'silent', DEMO_CONTENT: 'off' });
  });
  afterAll(() => t.close());

  it('stays closed, whatever token is sent (the demo key included)', async () => {
    for (const token of ['newsreel-demo-statistics-token', 'anything-at-all-0123456789']) {
      const res = await t.app.inject(`${apiPaths.playlistPublisherLiveTime}?token=${token}&externalId=x&startDate=2026-01-01&endDate=2026-01-02`);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(STATISTICS_CLOSED_REFUSAL);
    }
  });
});

describe('the statistics key in request logs', () => {
  it('is hidden from the logged URL', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ STATISTICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }), { database: database.handle, logStream });
    try {
      const res = await app.inject(`${apiPaths.playlistPublisherLiveTime}?externalId=x&token=${TOKEN}&startDate=2026-01-01&endDate=2026-01-02`);
      expect(res.statusCode).toBe(404);
      const logged = lines.find((line) => line.includes('publisher_live_time'));
      expect(logged).toContain('token=[redacted]');
      expect(lines.join('')).not.toContain(TOKEN);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});

describe('admin statistics', () => {
  let t: TestApp;
  let f: ContentFixture;
  let auth: { authorization: string };
  const now = new Date();
  const yesterday = new Date(now.getTime() - DAY_MS);
  const events: StoredEventInput[] = [];
  const get = (url: string, headers = auth) => t.app.inject({ url, headers });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'statistics-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    auth = await adminAuth(t.app, await signIn(t.app, 'statistics-moderator@example.com'));
    const { berlin, hamburg, potsdam } = f.articles;
    const on = (articleId: string) => ({ articleId, publisherId: f.publishers.spree });
    events.push(
      event('Play', now, 'reader-aaaa', on(berlin), 3),
      event('Play', now, 'reader-bbbb', on(berlin), 3),
      event('Play', now, 'reader-bbbb', on(berlin), 3),
      event('Complete', now, 'reader-bbbb', on(berlin), 3),
      event('Watch Time', now, 'reader-bbbb', { ...on(berlin), watchSeconds: 12.5 }, 3),
      event('Play', now, 'reader-cccc', on(hamburg), 11),
      event('Like', now, 'reader-cccc', on(hamburg), 11),
      ...Array.from({ length: 5 }, (_, n) => event('Play', yesterday, `reader-y${n}yy`, on(potsdam), 2)),
      event('Page View', yesterday, 'reader-aaaa', {}, 3),
    );
    await storeEvents(db, events);
    await sql`
      insert into visitors (id, ip_address, screen_width, screen_height, device)
      values ('reader-aaaa', '203.0.113.1', 390, 844, '{"type": "mobile"}'), ('reader-bbbb', '203.0.113.2', 1920, 1080, '{"type": "desktop"}'),
        ('reader-cccc', '203.0.113.3', 412, 915, '{"type": "mobile"}'), ('reader-y0yy', '203.0.113.4', 1920, 1080, '{"type": null}')`.execute(db);
    await applyAllRollups(db);
  });
  afterAll(() => t.close());

  it('article plays: the last day by default, most played first, with titles', async () => {
    const res = await get(adminApiPaths.statisticsArticlePlays);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ArticlePlays>();
    expect(body).toMatchObject({ days: 1, from: day(now), to: day(now), total: 2, page: 1, limit: 30 });
    expect(body.items.map(({ articleId, plays, completions, watchSeconds }) => ({ articleId, plays, completions, watchSeconds }))).toEqual([
      { articleId: f.articles.berlin, plays: 3, completions: 1, watchSeconds: 12.5 },
      { articleId: f.articles.hamburg, plays: 1, completions: 0, watchSeconds: 0 },
    ]);
    expect(body.items[0]).toMatchObject({ title: expect.stringMatching(/.{12,}/), publisherName: expect.any(String) });

    const two = (await get(`${adminApiPaths.statisticsArticlePlays}?days=2&limit=1&page=1`)).json<ArticlePlays>();
    expect(two).toMatchObject({ days: 2, from: day(yesterday), total: 3, limit: 1 });
    expect(two.items).toEqual([expect.objectContaining({ articleId: f.articles.potsdam, plays: 5 })]);
  });

  it('article plays: days must be 1 to 90', async () => {
    for (const days of ['0', '91', 'two', '1.5']) {
      const res = await get(`${adminApiPaths.statisticsArticlePlays}?days=${days}`);
      expect(res.statusCode, days).toBe(400);
      expect(res.json().message).toMatch(/querystring\.days/);
    }
  });

  it('summary: visitors, plays, watch time, completion rate, top articles and regions, device types, actions', async () => {
    const res = await get(adminApiPaths.statisticsSummary);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<StatisticsSummary>();
    expect(summary).toMatchObject({
      from: day(new Date(now.getTime() - 29 * DAY_MS)),
      to: day(now),
      // reader-aaaa on both days counts once.
      visitors: 8,
      events: events.length,
      plays: 9,
      completions: 1,
      completionRate: 1 / 9,
      watchSeconds: 12.5,
      likes: 1,
      shares: 0,
    });
    expect(summary.daily).toHaveLength(30);
    expect(summary.daily.at(-1)).toEqual({ day: day(now), visitors: 3, plays: 4, watchSeconds: 12.5 });
    expect(summary.daily.at(-2)).toEqual({ day: day(yesterday), visitors: 6, plays: 5, watchSeconds: 0 });
    expect(summary.daily[0]).toEqual({ day: summary.from, visitors: 0, plays: 0, watchSeconds: 0 });
    expect(summary.topArticles.map(({ articleId, plays, visitors }) => ({ articleId, plays, visitors }))).toEqual([
      { articleId: f.articles.potsdam, plays: 5, visitors: 5 },
      { articleId: f.articles.berlin, plays: 3, visitors: 2 },
      { articleId: f.articles.hamburg, plays: 1, visitors: 1 },
    ]);
    expect(summary.topRegions).toEqual([
      { regionId: 2, code: 'US', name: 'United States', visitors: 5, plays: 5, watchSeconds: 0 },
      { regionId: 3, code: 'UK', name: 'United Kingdom', visitors: 2, plays: 3, watchSeconds: 12.5 },
      { regionId: 11, code: 'DE', name: 'Germany', visitors: 1, plays: 1, watchSeconds: 0 },
    ]);
    expect(summary.deviceTypes).toEqual([
      { type: 'unknown', visitors: 5 },
      { type: 'mobile', visitors: 2 },
      { type: 'desktop', visitors: 1 },
    ]);
    expect(summary.actions).toEqual([
      { action: 'Play', count: 9 },
      { action: 'Complete', count: 1 },
      { action: 'Like', count: 1 },
      { action: 'Page View', count: 1 },
      { action: 'Watch Time', count: 1 },
    ]);

    const todayOnly = (await get(`${adminApiPaths.statisticsSummary}?from=${day(now)}&to=${day(now)}`)).json<StatisticsSummary>();
    expect(todayOnly).toMatchObject({ visitors: 3, plays: 4, completionRate: 0.25, daily: [expect.objectContaining({ day: day(now) })] });
    const empty = (await get(`${adminApiPaths.statisticsSummary}?from=2020-01-01&to=2020-01-02`)).json<StatisticsSummary>();
    expect(empty).toMatchObject({ visitors: 0, plays: 0, completionRate: null, topArticles: [], topRegions: [], topPublishers: [], deviceTypes: [], actions: [] });
  });

  it('summary: top publishers by plays over the range, with watch time and distinct visitors; a deleted one keeps its id', async () => {
    const db = t.database.handle.db;
    // Days of their own, 40 and 41 days ago, so the other figures stay as they are.
    const first = new Date(now.getTime() - 41 * DAY_MS);
    const second = new Date(now.getTime() - 40 * DAY_MS);
    const { spree, atlantic } = f.publishers;
    const gone = randomUUID();
    const of = (publisherId: string, articleId = f.articles.lisbon) => ({ articleId, publisherId });
    await storeEvents(db, [
      event('Play', first, 'pub-reader-1', of(atlantic), 17),
      event('Play', second, 'pub-reader-1', of(atlantic), 17),
      event('Play', second, 'pub-reader-2', of(atlantic), 17),
      event('Watch Time', second, 'pub-reader-2', { ...of(atlantic), watchSeconds: 30 }, 17),
      event('Play', first, 'pub-reader-3', of(spree, f.articles.berlin), 11),
      event('Watch Time', first, 'pub-reader-3', { ...of(spree, f.articles.berlin), watchSeconds: 90.5 }, 11),
      event('Like', second, 'pub-reader-4', of(spree, f.articles.berlin), 11),
      event('Play', second, 'pub-reader-5', of(gone), 4),
      // No publisher: counted nowhere in the list.
      event('Play', second, 'pub-reader-6', {}, 4),
    ]);
    await applyAllRollups(db);
    const res = await get(`${adminApiPaths.statisticsSummary}?from=${day(first)}&to=${day(second)}`);
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<StatisticsSummary>();
    expect(summary.topPublishers).toEqual([
      { publisherId: atlantic, name: expect.stringMatching(/\S/), plays: 3, watchSeconds: 30, visitors: 2 },
      { publisherId: spree, name: expect.stringMatching(/\S/), plays: 1, watchSeconds: 90.5, visitors: 2 },
      { publisherId: gone, name: null, plays: 1, watchSeconds: 0, visitors: 1 },
    ]);
    // Every region readers came from, for the map.
    expect(summary.topRegions.map((region) => [region.code, region.visitors, region.plays])).toEqual([
      ['FR', 2, 3],
      ['EU', 2, 2],
      ['DE', 2, 1],
    ]);
    // Only the second day: the first day's plays are not counted.
    const one = (await get(`${adminApiPaths.statisticsSummary}?from=${day(second)}&to=${day(second)}`)).json<StatisticsSummary>();
    expect(one.topPublishers.map(({ publisherId, plays, visitors }) => [publisherId, plays, visitors])).toEqual([
      [atlantic, 2, 2],
      [gone, 1, 1],
    ]);
  });

  it('summary: 400 for malformed, reversed or too long ranges', async () => {
    const cases: [string, RegExp][] = [
      ['from=yesterday', /from must be a date written YYYY-MM-DD/],
      ['from=2026-03-02&to=2026-03-01', /to \(2026-03-01\) is before from \(2026-03-02\)/],
      ['from=2020-01-01&to=2026-01-01', /at most 366 days/],
    ];
    for (const [params, message] of cases) {
      const res = await get(`${adminApiPaths.statisticsSummary}?${params}`);
      expect(res.statusCode, params).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('events: exact counts by action, read from the store (not the roll-ups)', async () => {
    const db = t.database.handle.db;
    // Events the roll-ups have not seen yet are counted too.
    const more = trafficEvents(mulberry32(3), { articles: [{ id: f.articles.lisbon, publisherId: f.publishers.atlantic }], playlists: [f.playlist] }, 200, { days: 1, now });
    await storeEvents(db, more);
    const all = [...events, ...more];
    const from = new Date(now.getTime() - 2 * DAY_MS);
    const to = new Date(now.getTime() + 1000);
    const expected = new Map<string, number>();
    for (const e of all) if (e.eventTime >= from && e.eventTime < to) expected.set(e.action, (expected.get(e.action) ?? 0) + 1);

    const res = await get(`${adminApiPaths.statisticsEvents}?from=${from.toISOString()}&to=${to.toISOString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<EventCounts>();
    expect(body.total).toBe(all.length);
    expect(new Map(body.items.map((item) => [item.action, item.count]))).toEqual(expected);
    expect(body.items.map((item) => item.count)).toEqual([...body.items.map((item) => item.count)].sort((a, b) => b - a));

    const plays = (await get(`${adminApiPaths.statisticsEvents}?action=Play&from=${from.toISOString()}&to=${to.toISOString()}`)).json<EventCounts>();
    expect(plays.items).toEqual([{ action: 'Play', count: expected.get('Play') }]);
    // The default: the last 24 hours.
    const recent = (await get(`${adminApiPaths.statisticsEvents}?action=Play`)).json<EventCounts>();
    expect(Date.parse(recent.to) - Date.parse(recent.from)).toBe(DAY_MS);
    expect(recent.total).toBe(all.filter((e) => e.action === 'Play' && e.eventTime.getTime() >= Date.parse(recent.from) && e.eventTime.getTime() < Date.parse(recent.to)).length);
  });

  it('events: 400 for malformed, reversed or too long ranges', async () => {
    const cases: [string, RegExp][] = [
      ['from=last-week', /from must be a time such as/],
      ['to=2026-01-01T10:00:00', /to must be a time such as/],
      ['from=2026-01-02&to=2026-01-01', /from \(2026-01-02T00:00:00.000Z\) must be before to/],
      ['from=2026-01-01&to=2026-03-01', /at most 31 days/],
    ];
    for (const [params, message] of cases) {
      const res = await get(`${adminApiPaths.statisticsEvents}?${params}`);
      expect(res.statusCode, params).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('device invites: every invite, by what became of it', async () => {
    const register = async () => (await t.app.inject({ method: 'POST', url: '/v1/devices', payload: { name: 'Living room TV' } })).json().id as string;
    const [pending, expired, paired, removed] = [await register(), await register(), await register(), await register()];
    await sql`update devices set expires_at = now() - interval '1 second' where id = ${expired}`.execute(t.database.handle.db);
    for (const id of [paired, removed]) expect((await t.app.inject(`${apiPaths.deviceVerify(id)}?visitorId=reader-aaaa`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/devices/${removed}?visitorId=reader-aaaa` })).statusCode).toBeLessThan(300);
    expect(pending).toBeTruthy();

    const res = await get(adminApiPaths.statisticsDeviceInvites);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ invites: 4, pending: 1, expired: 1, paired: 1, removed: 1 });
  });

  it('are for admins only', async () => {
    await makeAccount(t.database.handle.db, 'statistics-reader@example.com');
    const reader = (await signIn(t.app, 'statistics-reader@example.com')).auth;
    for (const path of [adminApiPaths.statisticsArticlePlays, adminApiPaths.statisticsSummary, adminApiPaths.statisticsEvents, adminApiPaths.statisticsDeviceInvites]) {
      expect((await t.app.inject(path)).statusCode).toBe(401);
      expect((await get(path, reader)).statusCode).toBe(403);
    }
  });
});

describe('statistics while the database is down', () => {
  let t: TestApp;
  let auth: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp({ STATISTICS_TOKEN: TOKEN });
    await makeAccount(t.database.handle.db, 'down-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    auth = await adminAuth(t.app, await signIn(t.app, 'down-moderator@example.com'));
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('answer 503 with Retry-After', async () => {
    const urls = [
      `${apiPaths.playlistPublisherLiveTime}?token=${TOKEN}&externalId=x&startDate=2026-01-01&endDate=2026-01-02`,
      `${adminApiPaths.statisticsEvents}?action=Play`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: auth });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
    }
  });
});
