import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AdminRole, SubscriptionStatus, adminApiPaths, apiPaths, defaultAppConfig, type Ad, type AdminAd, type AdminAdList } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { startFeedServer, type FeedServer } from '../../../test/feed-server';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';
import { saveAppConfig } from '../config/app-config-repository';
import { pickByWeight } from './ad-service';
import { parseVastAd } from './vast';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = { authorization: string } | undefined;
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 1)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

const VAST = `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="4.2"><Ad id="summer-1"><InLine><AdSystem>Test</AdSystem><AdTitle>Summer juice</AdTitle>
<Impression><![CDATA[https://track.example/imp]]></Impression>
<Creatives><Creative id="c1"><Linear><Duration>00:00:10</Duration><MediaFiles>
<MediaFile delivery="progressive" type="application/x-mpegURL" width="640" height="360"><![CDATA[https://cdn.example/ad.m3u8]]></MediaFile>
<MediaFile delivery="progressive" type="video/webm" width="640" height="360"><![CDATA[https://cdn.example/ad.webm]]></MediaFile>
</MediaFiles><VideoClicks><ClickThrough><![CDATA[https://shop.example/juice]]></ClickThrough></VideoClicks></Linear></Creative></Creatives>
</InLine></Ad></VAST>`;

describe('ads', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let dataDir: string;
  let admin: Headers;
  let reader: Headers;
  let readerId: string;
  let feed: FeedServer;

  const call = (method: Method, url: string, headers: Headers, payload?: object | Buffer, extra: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { ...headers, ...extra } });
  async function ok<T>(method: Method, url: string, headers: Headers, payload?: object): Promise<T> {
    const res = await call(method, url, headers, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }
  const create = (body: object) => ok<AdminAd>('POST', adminApiPaths.ads, admin, { mediaUrl: '/media/demo/ad.webm', ...body });
  const next = (visitorId: string, articleId?: string, headers?: Headers) =>
    call('GET', `${apiPaths.adNext}?visitorId=${visitorId}${articleId ? `&articleId=${articleId}` : ''}`, headers);
  const adCount = async () => Number((await db.selectFrom('ads').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const setProvider = (patch: Partial<ReturnType<typeof defaultAppConfig>['advertising']>) => {
    const config = defaultAppConfig('web');
    return saveAppConfig(db, { ...config, advertising: { ...config.advertising, ...patch } });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-ads-'));
    feed = await startFeedServer({ '/vast.xml': { body: VAST, type: 'application/xml' }, '/empty.xml': { body: '<VAST version="4.0"></VAST>', type: 'application/xml' } });
    t = await createTestApp({ RATE_LIMITS: 'off', DATA_DIR: dataDir, OUTSIDE_URLS_ALLOW: '127.0.0.2' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'ads-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    admin = await adminAuth(t.app, await signIn(t.app, 'ads-moderator@example.com'));
    readerId = await makeAccount(db, 'ads-reader@example.com');
    reader = (await signIn(t.app, 'ads-reader@example.com')).auth;
  });
  afterAll(async () => {
    await t?.close();
    await feed?.close();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await db.deleteFrom('ads').execute();
    await db.deleteFrom('app_configs').execute();
  });

  it('creates, lists, shows, changes and deletes ads, each change in the audit log', async () => {
    const created = await create({ title: 'Bakery', clickUrl: 'https://bakery.example/', regionIds: [11], categoryIds: [f.categories.sport], weight: 3, dailyCap: 2, startsAt: '2026-01-01T00:00:00.000Z' });
    expect(created).toMatchObject({ title: 'Bakery', mediaUrl: '/media/demo/ad.webm', clickUrl: 'https://bakery.example/', regionIds: [11], categoryIds: [f.categories.sport], weight: 3, dailyCap: 2, enabled: true, endsAt: null });
    expect(await ok<AdminAd>('GET', adminApiPaths.ad(created.id), admin)).toEqual(created);
    const list = await ok<AdminAdList>('GET', `${adminApiPaths.ads}?q=bake`, admin);
    expect(list).toMatchObject({ total: 1, items: [{ id: created.id }] });
    expect((await ok<AdminAdList>('GET', `${adminApiPaths.ads}?q=nothing`, admin)).total).toBe(0);

    const changed = await ok<AdminAd>('PUT', adminApiPaths.ad(created.id), admin, { title: 'Bakery two', enabled: false, dailyCap: null });
    expect(changed).toMatchObject({ title: 'Bakery two', enabled: false, dailyCap: null, weight: 3 });
    expect((await call('DELETE', adminApiPaths.ad(created.id), admin)).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.ad(created.id), admin)).statusCode).toBe(404);
    expect((await call('DELETE', adminApiPaths.ad(created.id), admin)).statusCode).toBe(404);
    const audit = await db.selectFrom('audit_log').select('action').where('resource', '=', 'ad').where('resource_id', '=', created.id).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual(['create', 'update', 'delete']);
  });

  it('refuses bad input with a message naming the field, and changes nothing', async () => {
    const refused = async (method: Method, url: string, body: object, pattern: RegExp) => {
      const res = await call(method, url, admin, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(pattern);
    };
    await refused('POST', adminApiPaths.ads, {}, /body.*title/);
    await refused('POST', adminApiPaths.ads, { title: '   ' }, /title/);
    await refused('POST', adminApiPaths.ads, { title: 'A', weight: 0 }, /weight/);
    await refused('POST', adminApiPaths.ads, { title: 'A', dailyCap: 0 }, /dailyCap/);
    await refused('POST', adminApiPaths.ads, { title: 'A', clickUrl: 'javascript:alert(1)' }, /clickUrl/);
    await refused('POST', adminApiPaths.ads, { title: 'A', mediaUrl: '//evil.example/x.mp4' }, /mediaUrl/);
    await refused('POST', adminApiPaths.ads, { title: 'A', regionIds: [1, 1] }, /regionIds/);
    await refused('POST', adminApiPaths.ads, { title: 'A', categoryIds: ['00000000-0000-4000-8000-000000000000'] }, /categoryIds names no category/);
    await refused('POST', adminApiPaths.ads, { title: 'A', startsAt: '2026-02-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }, /endsAt must be after/);
    await refused('POST', adminApiPaths.ads, { title: 'A', colour: 'red' }, /colour/);
    expect(await adCount()).toBe(0);
    const ad = await create({ title: 'Dated', startsAt: '2026-02-01T00:00:00Z' });
    await refused('PUT', adminApiPaths.ad(ad.id), { endsAt: '2026-01-01T00:00:00Z' }, /endsAt must be after/);
    await refused('PUT', adminApiPaths.ad(ad.id), {}, /body/);
    expect((await ok<AdminAd>('GET', adminApiPaths.ad(ad.id), admin)).endsAt).toBeNull();
  });

  it('takes an uploaded video checked by its bytes, and serves it', async () => {
    const ad = await create({ title: 'Uploaded', mediaUrl: null });
    // Without a file it is never served.
    expect((await next('visitor-upload-1')).statusCode).toBe(204);
    const upload = (bytes: Buffer, type: string) => call('PUT', adminApiPaths.adMedia(ad.id), admin, bytes, { 'content-type': type });
    expect((await upload(PNG, 'image/png')).statusCode).toBe(415);
    expect((await upload(PNG, 'video/webm')).statusCode).toBe(415);
    expect((await upload(Buffer.alloc(0), 'video/webm')).statusCode).toBe(400);
    const stored = await upload(WEBM, 'video/webm');
    expect(stored.statusCode, stored.body).toBe(200);
    const after = stored.json() as AdminAd;
    expect(after).toMatchObject({ mediaType: 'video/webm', mediaUrl: expect.stringMatching(new RegExp(`^/media/ads/${ad.id}/.+\\.webm$`)) });
    const file = await t.app.inject(after.mediaUrl!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(WEBM)).toBe(true);
    const served = await next('visitor-upload-1');
    expect(served.json()).toEqual({ adId: ad.id, adtitle: 'Uploaded', mediafile: { file: after.mediaUrl }, clickUrl: null });
    // Deleting the ad removes its file.
    await call('DELETE', adminApiPaths.ad(ad.id), admin);
    expect((await t.app.inject(after.mediaUrl!)).statusCode).toBe(404);
  });

  it('serves only ads that target the article, within their dates, enabled', async () => {
    const lisbonOnly = await create({ title: 'Region 18', regionIds: [18] });
    const sportOnly = await create({ title: 'Sport', categoryIds: [f.categories.sport] });
    await create({ title: 'Off', enabled: false });
    await create({ title: 'Over', endsAt: '2020-01-01T00:00:00Z' });
    await create({ title: 'Later', startsAt: '2999-01-01T00:00:00Z' });
    const served = async (articleId?: string) => {
      const titles = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const res = await next(`visitor-target-${i}`, articleId);
        if (res.statusCode === 200) titles.add((res.json() as Ad).adtitle);
        else expect(res.statusCode).toBe(204);
      }
      return [...titles].sort();
    };
    expect(await served(f.articles.lisbon)).toEqual([lisbonOnly.title]);
    expect(await served(f.articles.hamburg)).toEqual([sportOnly.title]);
    expect(await served(f.articles.potsdam)).toEqual([]);
    // Without an article only untargeted ads fit.
    expect(await served()).toEqual([]);
    const everywhere = await create({ title: 'Everywhere' });
    expect(await served(f.articles.potsdam)).toEqual([everywhere.title]);
    expect(await served()).toEqual([everywhere.title]);

    expect((await next('visitor-target-x', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call('GET', `${apiPaths.adNext}?visitorId=x`, undefined)).statusCode).toBe(400);
    expect((await call('GET', apiPaths.adNext, undefined)).statusCode).toBe(400);
  });

  it('chooses by weight', async () => {
    expect(pickByWeight([{ weight: 1, id: 'a' }, { weight: 3, id: 'b' }], 0)?.id).toBe('a');
    expect(pickByWeight([{ weight: 1, id: 'a' }, { weight: 3, id: 'b' }], 0.24)?.id).toBe('a');
    expect(pickByWeight([{ weight: 1, id: 'a' }, { weight: 3, id: 'b' }], 0.26)?.id).toBe('b');
    expect(pickByWeight([{ weight: 1, id: 'a' }, { weight: 3, id: 'b' }], 0.999)?.id).toBe('b');
    expect(pickByWeight([], 0.5)).toBeUndefined();
    const heavy = await create({ title: 'Heavy', weight: 1000 });
    await create({ title: 'Light', weight: 1 });
    let heavyCount = 0;
    for (let i = 0; i < 40; i++) if ((await next(`visitor-weight-${i}`)).json().adId === heavy.id) heavyCount += 1;
    expect(heavyCount).toBeGreaterThanOrEqual(36);
  });

  it('keeps to the daily cap per visitor', async () => {
    const capped = await create({ title: 'Capped', dailyCap: 2 });
    expect((await next('visitor-cap-1')).json().adId).toBe(capped.id);
    expect((await next('visitor-cap-1')).json().adId).toBe(capped.id);
    expect((await next('visitor-cap-1')).statusCode).toBe(204);
    expect((await next('visitor-cap-2')).json().adId).toBe(capped.id);
    // Yesterday's impressions do not count today.
    await db.updateTable('ad_impressions').set({ day: sql`day - 1` }).where('visitor_id', '=', 'visitor-cap-1').execute();
    expect((await next('visitor-cap-1')).json().adId).toBe(capped.id);
  });

  it('serves no ad when ads are off in the app config, or to a subscriber', async () => {
    await create({ title: 'Anything' });
    expect((await next('visitor-off-1')).statusCode).toBe(200);
    await setProvider({ enabled: false });
    expect((await next('visitor-off-1')).statusCode).toBe(204);
    await db.deleteFrom('app_configs').execute();
    expect((await next('visitor-off-1', undefined, reader)).statusCode).toBe(200);
    await db
      .insertInto('subscriptions')
      .values({ user_id: readerId, provider: 'test', provider_subscription_id: 'sub_ads_test', status: SubscriptionStatus.ACTIVE, interval: 'month', currency: 'usd', amount: 499, current_period_end: new Date(Date.now() + 86_400_000), last_event_at: new Date() })
      .execute();
    const subscribed = await next('visitor-off-1', undefined, reader);
    expect(subscribed.statusCode, subscribed.body).toBe(204);
    await db.deleteFrom('subscriptions').where('user_id', '=', readerId).execute();
  });

  it('reads a VAST tag when the provider is an address', async () => {
    await create({ title: 'Inventory ad' });
    await setProvider({ provider: `${feed.origin}/vast.xml` });
    const res = await next('visitor-vast-1', f.articles.berlin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ adId: 'vast:summer-1', adtitle: 'Summer juice', mediafile: { file: 'https://cdn.example/ad.webm' }, clickUrl: 'https://shop.example/juice' });
    // A tag with no ad, one that cannot be read, and one on a private address: no ad.
    await setProvider({ provider: `${feed.origin}/empty.xml` });
    expect((await next('visitor-vast-1')).statusCode).toBe(204);
    await setProvider({ provider: `${feed.origin}/missing.xml` });
    expect((await next('visitor-vast-1')).statusCode).toBe(204);
    await setProvider({ provider: 'http://127.0.0.1:9/vast.xml' });
    expect((await next('visitor-vast-1')).statusCode).toBe(204);
    expect(await parseVastAd('not xml at all')).toBeNull();
  });
});
