import { randomUUID } from 'node:crypto';
import { AccountRole, manageApiPaths, type ManageStatistics, type StreamRecord } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { applyAllRollups } from '../analytics/rollups';

const DAY_MS = 86_400_000;
const day = (time: Date) => time.toISOString().slice(0, 10);

/** One event as the reader's browser sends it to the ingest (SPEC §3 "Stream record"). */
function record(action: string, time: Date, visitorId: string, fields: Record<string, unknown> = {}): StreamRecord {
  const epochSeconds = Math.floor(time.getTime() / 1000);
  return {
    partitionKey: 'article_events',
    data: { eventId: randomUUID(), action, timestamp: new Date(epochSeconds * 1000).toISOString(), epochSeconds, visitorId, regionId: 0, ...fields },
  };
}

describe('GET /v1/manage/statistics, the studio’s dashboard', () => {
  let t: TestApp;
  let f: ContentFixture;
  const as = {} as Record<'member' | 'admin' | 'other' | 'reader' | 'empty', { authorization: string }>;
  const now = new Date();
  // Noon of yesterday and of 40 days ago (UTC): well inside their days, whenever the test runs.
  const yesterday = new Date(Date.parse(`${day(new Date(now.getTime() - DAY_MS))}T12:00:00Z`));
  const longAgo = new Date(Date.parse(`${day(new Date(now.getTime() - 40 * DAY_MS))}T12:00:00Z`));
  const get = (query: string, who: keyof typeof as = 'member') =>
    t.app.inject({ url: `${manageApiPaths.statistics}${query ? `?${query}` : ''}`, headers: as[who] });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    const db = t.database.handle.db;
    f = await seedContentFixture(db);
    const { spree, atlantic } = f.publishers;
    const lonely = (await db.insertInto('publishers').values({ slug: 'lonely-gazette', name: 'Lonely Gazette' }).returning('id').executeTakeFirstOrThrow()).id;
    await makeAccount(db, 'dash.member@example.com', { publisher: { id: spree, role: AccountRole.MEMBER } });
    await makeAccount(db, 'dash.admin@example.com', { publisher: { id: spree, role: AccountRole.ADMIN } });
    await makeAccount(db, 'dash.other@example.com', { publisher: { id: atlantic, role: AccountRole.MEMBER } });
    await makeAccount(db, 'dash.empty@example.com', { publisher: { id: lonely, role: AccountRole.MEMBER } });
    await makeAccount(db, 'dash.reader@example.com');
    for (const [who, email] of [
      ['member', 'dash.member@example.com'],
      ['admin', 'dash.admin@example.com'],
      ['other', 'dash.other@example.com'],
      ['empty', 'dash.empty@example.com'],
      ['reader', 'dash.reader@example.com'],
    ] as const) {
      as[who] = (await signIn(t.app, email)).auth;
    }

    const { berlin, potsdam, hamburg } = f.articles;
    const of = (articleId: string, publisherId: string) => ({ articleId, publisherId });
    const events = [
      // Spree's berlin, today: three plays by two readers, one watched to the end.
      record('Play', now, 'dash-reader-a', of(berlin, spree)),
      record('Watch Time', now, 'dash-reader-a', { ...of(berlin, spree), watchSeconds: 12.5 }),
      record('Complete', now, 'dash-reader-a', of(berlin, spree)),
      record('Play', now, 'dash-reader-b', of(berlin, spree)),
      // An event naming no publisher still counts: the article is Spree's.
      record('Play', now, 'dash-reader-b', { articleId: berlin }),
      // Spree's potsdam, yesterday.
      record('Play', yesterday, 'dash-reader-c', of(potsdam, spree)),
      record('Watch Time', yesterday, 'dash-reader-c', { ...of(potsdam, spree), watchSeconds: 30 }),
      // Outside the default 28 days.
      record('Play', longAgo, 'dash-reader-d', of(potsdam, spree)),
      // Atlantic's hamburg, today; the second names Spree, but the article is Atlantic's.
      record('Play', now, 'dash-reader-a', of(hamburg, atlantic)),
      record('Play', now, 'dash-reader-e', of(hamburg, spree)),
      record('Watch Time', now, 'dash-reader-e', { ...of(hamburg, atlantic), watchSeconds: 8 }),
    ];
    // Through the ingest, as browsers send them, then counted by the roll-up applier.
    const res = await t.app.inject({ method: 'POST', url: '/v1/proxy/kinesis', payload: { events } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: events.length, duplicates: 0 });
    await applyAllRollups(db);
  });
  afterAll(() => t?.close());

  it('answers the active publisher’s figures over the last 28 days, per day, with its top articles', async () => {
    const res = await get('');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json<ManageStatistics>();
    expect(body).toMatchObject({
      from: day(new Date(now.getTime() - 27 * DAY_MS)),
      to: day(now),
      visitors: 3,
      plays: 4,
      completions: 1,
      completionRate: 0.25,
      watchSeconds: 42.5,
    });
    expect(body.daily).toHaveLength(28);
    expect(body.daily[0]).toEqual({ day: body.from, visitors: 0, plays: 0, watchSeconds: 0 });
    expect(body.daily.at(-2)).toEqual({ day: day(yesterday), visitors: 1, plays: 1, watchSeconds: 30 });
    expect(body.daily.at(-1)).toEqual({ day: day(now), visitors: 2, plays: 3, watchSeconds: 12.5 });
    expect(body.topArticles).toEqual([
      { articleId: f.articles.berlin, title: expect.stringMatching(/.{12,}/), plays: 3, completions: 1, completionRate: 1 / 3, watchSeconds: 12.5, visitors: 2 },
      { articleId: f.articles.potsdam, title: expect.stringMatching(/.{12,}/), plays: 1, completions: 0, completionRate: 0, watchSeconds: 30, visitors: 1 },
    ]);
    // The publisher's admins see the same.
    expect((await get('', 'admin')).json()).toEqual(body);
  });

  it('counts only the caller’s publisher’s articles, whatever publisher an event names', async () => {
    const body = (await get('', 'other')).json<ManageStatistics>();
    expect(body).toMatchObject({ visitors: 2, plays: 2, completions: 0, completionRate: 0, watchSeconds: 8 });
    expect(body.topArticles.map(({ articleId, plays }) => [articleId, plays])).toEqual([[f.articles.hamburg, 2]]);
    expect(body.daily.at(-1)).toEqual({ day: day(now), visitors: 2, plays: 2, watchSeconds: 8 });

    const empty = (await get('', 'empty')).json<ManageStatistics>();
    expect(empty).toMatchObject({ visitors: 0, plays: 0, completions: 0, completionRate: null, watchSeconds: 0, topArticles: [] });
    expect(empty.daily.every((d) => d.plays === 0 && d.visitors === 0 && d.watchSeconds === 0)).toBe(true);
  });

  it('takes a range of days, both included', async () => {
    const only = (await get(`from=${day(yesterday)}&to=${day(yesterday)}`)).json<ManageStatistics>();
    expect(only).toMatchObject({ from: day(yesterday), to: day(yesterday), visitors: 1, plays: 1, watchSeconds: 30 });
    expect(only.topArticles.map((a) => a.articleId)).toEqual([f.articles.potsdam]);

    const wide = (await get(`from=${day(longAgo)}&to=${day(now)}`)).json<ManageStatistics>();
    expect(wide).toMatchObject({ plays: 5, visitors: 4 });
    expect(wide.daily).toHaveLength(41);
    // from alone: the 28 days from it.
    const fromOnly = (await get(`from=${day(longAgo)}`)).json<ManageStatistics>();
    expect(fromOnly).toMatchObject({ from: day(longAgo), to: day(new Date(longAgo.getTime() + 27 * DAY_MS)), plays: 1 });
  });

  it('answers 400 naming the field for malformed, reversed or too long ranges', async () => {
    const cases: [string, RegExp][] = [
      ['from=last-week', /from must be a date written YYYY-MM-DD/],
      ['to=2026-02-30', /to must be a date written YYYY-MM-DD.*2026-02-30/],
      ['from=2026-03-02&to=2026-03-01', /to \(2026-03-01\) is before from \(2026-03-02\)/],
      ['from=2020-01-01&to=2026-01-01', /at most 366 days/],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('is for publisher users only', async () => {
    expect((await t.app.inject(manageApiPaths.statistics)).statusCode).toBe(401);
    expect((await get('', 'reader')).statusCode).toBe(403);
  });
});
