import { AdminRole, adminApiPaths, defaultAppConfig, subscriptionApiPaths as paths, type AuditList, type MeterOpenResult, type MeterSettings, type MeterState } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saveAppConfig } from '../config/app-config-repository';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 86_400_000;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

describe('the usage meter of signed-in readers', () => {
  let t: TestApp;
  let f: ContentFixture;
  let reader: Headers;
  let superuser: Headers;
  let readerId: string;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    f = await seedContentFixture(db());
    readerId = await makeAccount(db(), 'reader@meter.example');
    await makeAccount(db(), 'root@meter.example', { adminRole: AdminRole.SUPERUSER });
    reader = (await signIn(t.app, 'reader@meter.example')).auth;
    superuser = await adminAuth(t.app, await signIn(t.app, 'root@meter.example'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => reader);
  const open = (articleId: string, headers = reader) => ok<MeterOpenResult>('POST', paths.meter, { articleId }, headers);
  const setMeter = (meter: MeterSettings) => ok<MeterSettings>('PUT', adminApiPaths.subscriptionMeter, meter, superuser);
  const readRows = async (userId = readerId) => db().selectFrom('subscription_meter_reads').selectAll().where('user_id', '=', userId).orderBy('read_at').execute();
  /** Moves the reader's counted reads back in time, as the days passing would. */
  const age = (days: number, articleId?: string) =>
    db()
      .updateTable('subscription_meter_reads')
      .set({ read_at: sql`read_at - make_interval(days => ${days})` })
      .where('user_id', '=', readerId)
      .$if(articleId !== undefined, (q) => q.where('article_id', '=', articleId!))
      .execute();
  const freshReader = async (email: string) => {
    const id = await makeAccount(db(), email);
    return { id, auth: (await signIn(t.app, email)).auth };
  };

  it('answers 404 while subscriptions are off; the admins’ settings are there to be set up before', async () => {
    await refused('GET', paths.meter, undefined, 404, /Subscriptions are turned off/);
    await refused('POST', paths.meter, { articleId: f.articles.berlin }, 404, /Subscriptions are turned off/);
    expect(await readRows()).toEqual([]);
    expect(await ok<MeterSettings>('GET', adminApiPaths.subscriptionMeter, undefined, superuser)).toEqual({ freeArticles: 5, periodDays: 30 });
    // A config stored before the meter existed reads with the default meter.
    await saveAppConfig(db(), { ...defaultAppConfig('web'), subscription: { enabled: true } });
    const config = (await t.app.inject({ method: 'GET', url: '/v1/config/app?type=web' })).json<ReturnType<typeof defaultAppConfig>>();
    expect(config.subscription).toEqual({ enabled: true, meter: { freeArticles: 5, periodDays: 30 } });
  });

  it('needs sign-in', async () => {
    await refused('GET', paths.meter, undefined, 401, /Sign in/, {});
    await refused('POST', paths.meter, { articleId: f.articles.berlin }, 401, /Sign in/, {});
  });

  it('refuses bad settings with 400, changing nothing, and records a change in the audit log', async () => {
    for (const bad of [{ freeArticles: -1, periodDays: 30 }, { freeArticles: 101, periodDays: 30 }, { freeArticles: 2, periodDays: 0 }, { freeArticles: 2, periodDays: 366 }, { freeArticles: 2.5, periodDays: 30 }, { freeArticles: 2 }, { freeArticles: 2, periodDays: 30, extra: 1 }]) {
      const res = await call('PUT', adminApiPaths.subscriptionMeter, bad, superuser);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/freeArticles|periodDays|extra|additional/);
    }
    expect(await ok<MeterSettings>('GET', adminApiPaths.subscriptionMeter, undefined, superuser)).toEqual({ freeArticles: 5, periodDays: 30 });
    expect(await setMeter({ freeArticles: 3, periodDays: 30 })).toEqual({ freeArticles: 3, periodDays: 30 });
    const config = (await t.app.inject({ method: 'GET', url: '/v1/config/app?type=web' })).json<ReturnType<typeof defaultAppConfig>>();
    // The rest of the stored config is kept.
    expect(config.subscription).toEqual({ enabled: true, meter: { freeArticles: 3, periodDays: 30 } });
    const audit = await ok<AuditList>('GET', `${adminApiPaths.audit}?resource=subscription-meter`, undefined, superuser);
    expect(audit.items[0]).toMatchObject({ action: 'update', resource: 'subscription-meter', resourceId: 'web', before: { freeArticles: 5, periodDays: 30 }, after: { freeArticles: 3, periodDays: 30 } });
  });

  it('refuses a bad article id with 400 and an unknown or unpublished article with 404, counting nothing', async () => {
    await refused('POST', paths.meter, { articleId: 'not-a-uuid' }, 400, /articleId/);
    await refused('POST', paths.meter, {}, 400, /articleId/);
    await refused('POST', paths.meter, { articleId: UNKNOWN }, 404, /no published article/);
    await refused('POST', paths.meter, { articleId: f.articles.pending }, 404, /no published article/);
    expect(await readRows()).toEqual([]);
    expect(await ok<MeterState>('GET', paths.meter)).toEqual({ metered: true, reason: 'metered', freeArticles: 3, periodDays: 30, used: 0, remaining: 3, nextFreeAt: null });
  });

  it('counts different articles, lets a counted one be reopened free, then refuses a new one until the oldest leaves the window', async () => {
    const [a, b, c, d] = f.publicIds as [string, string, string, string];
    expect(await open(a)).toMatchObject({ articleId: a, allowed: true, counted: true, used: 1, remaining: 2, nextFreeAt: null });
    expect(await open(b)).toMatchObject({ allowed: true, counted: true, used: 2, remaining: 1 });
    // Reopening is free.
    expect(await open(a.toUpperCase())).toMatchObject({ articleId: a, allowed: true, counted: false, used: 2, remaining: 1 });
    await age(2, a);
    await age(1, b);
    const third = await open(c);
    expect(third).toMatchObject({ allowed: true, counted: true, used: 3, remaining: 0 });
    // The next free one comes when the oldest read (a, 2 days ago) leaves the 30-day window.
    const aReadAt = (await readRows()).find((row) => row.article_id === a)!.read_at.getTime();
    expect(new Date(third.nextFreeAt!).getTime()).toBe(aReadAt + 30 * DAY_MS);
    const refusedOne = await open(d);
    expect(refusedOne).toMatchObject({ allowed: false, counted: false, used: 3, remaining: 0, nextFreeAt: third.nextFreeAt });
    // Counted ones stay free to reopen.
    expect((await open(b)).allowed).toBe(true);
    expect((await ok<MeterState>('GET', paths.meter)).remaining).toBe(0);
    expect((await readRows()).map((row) => row.article_id).sort()).toEqual([a, b, c].sort());

    // 29 days later a (31 days old) and b (30) have left the window: d is allowed, and a counts anew when reopened.
    await age(29);
    expect(await open(d)).toMatchObject({ allowed: true, counted: true, used: 2, remaining: 1, nextFreeAt: null });
    const again = await open(a);
    expect(again).toMatchObject({ allowed: true, counted: true, used: 3, remaining: 0 });
    // Now c (29 days old) is the oldest in the window.
    const cReadAt = (await readRows()).find((row) => row.article_id === c)!.read_at.getTime();
    expect(new Date(again.nextFreeAt!).getTime()).toBe(cReadAt + 30 * DAY_MS);
    expect((await open(b)).allowed).toBe(false);
  });

  it('applies a lowered limit at once, with the next free article after enough reads leave', async () => {
    await setMeter({ freeArticles: 1, periodDays: 30 });
    const state = await ok<MeterState>('GET', paths.meter);
    expect(state).toMatchObject({ freeArticles: 1, used: 3, remaining: 0 });
    // Under the limit again when all but none of the three have left: the newest (d) leaves last.
    const newest = (await readRows()).at(-1)!.read_at.getTime();
    expect(new Date(state.nextFreeAt!).getTime()).toBe(newest + 30 * DAY_MS);
    await setMeter({ freeArticles: 0, periodDays: 30 });
    expect(await ok<MeterState>('GET', paths.meter)).toMatchObject({ freeArticles: 0, remaining: 0, nextFreeAt: null });
    const reader2 = await freshReader('hard@meter.example');
    expect(await open(f.articles.berlin, reader2.auth)).toMatchObject({ allowed: false, counted: false, used: 0 });
    await setMeter({ freeArticles: 3, periodDays: 30 });
  });

  it('never meters an account an admin exempted', async () => {
    const exempt = await freshReader('exempt@meter.example');
    await ok('PUT', adminApiPaths.userConfig(exempt.id), { key: 'subscriptionExempt', value: true }, superuser);
    for (const id of f.publicIds) expect(await open(id, exempt.auth)).toMatchObject({ metered: false, reason: 'exempt', allowed: true, counted: false });
    expect(await ok<MeterState>('GET', paths.meter, undefined, exempt.auth)).toMatchObject({ metered: false, reason: 'exempt', used: 0, remaining: 3 });
    expect(await readRows(exempt.id)).toEqual([]);
  });

  it('stops metering a reader who subscribes (through the test checkout)', async () => {
    const [, , , , e] = f.publicIds as [string, string, string, string, string];
    expect((await open(e)).allowed).toBe(false);
    const { url } = await ok<{ url: string }>('POST', paths.checkout, { currency: 'usd', interval: 'month', urlBase: 'http://localhost' });
    await ok('POST', paths.testCheckout(url.split('/').pop()!), GOOD_CARD);
    expect(await open(e)).toMatchObject({ metered: false, reason: 'subscriber', allowed: true, counted: false });
    expect(await ok<MeterState>('GET', paths.meter)).toMatchObject({ metered: false, reason: 'subscriber' });
    expect((await readRows()).some((row) => row.article_id === e)).toBe(false);
  });

  it('lets exactly one of two articles opened at once through when one free article is left', async () => {
    for (let round = 0; round < 3; round += 1) {
      const racer = await freshReader(`racer${round}@meter.example`);
      const [a, b, c, d] = f.publicIds as [string, string, string, string];
      await open(a, racer.auth);
      await open(b, racer.auth);
      const both = await Promise.all([open(c, racer.auth), open(d, racer.auth)]);
      expect(both.map((result) => result.allowed).sort()).toEqual([false, true]);
      expect(await readRows(racer.id)).toHaveLength(3);
    }
  });
});
