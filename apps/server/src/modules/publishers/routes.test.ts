import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLISHER_BRANDING, seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('publishers', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;
  const keys = (body: { items: { id: string }[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
  });
  afterAll(() => t.close());

  const spree = () => ({
    id: f.publishers.spree,
    slug: 'spree-daily',
    name: 'Spree Daily',
    description: 'News from Berlin and Brandenburg.',
    website: 'https://spree-daily.example',
    logoUrl: 'https://cdn.example/spree-daily.png',
    bannerUrl: null,
    branding: PUBLISHER_BRANDING.spree,
    defaultLanguage: 'en',
    defaultRegionId: 0,
  });
  const atlantic = () => ({
    id: f.publishers.atlantic,
    slug: 'atlantic-wire',
    name: 'Atlantic Wire',
    description: 'Ports, oceans and the people around them.',
    website: null,
    logoUrl: null,
    bannerUrl: null,
    branding: PUBLISHER_BRANDING.atlantic,
    defaultLanguage: 'en',
    defaultRegionId: 0,
  });

  it('lists every publisher by name, with branding', async () => {
    const res = await t.app.inject('/v1/publishers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [atlantic(), spree()], page: 1, limit: 2, total: 2 });
  });

  it('answers one publisher with its branding', async () => {
    const res = await t.app.inject(`/v1/publishers/${f.publishers.spree}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(spree());
    expect((await t.app.inject(`/v1/publishers/${f.publishers.atlantic.toUpperCase()}`)).json()).toEqual(atlantic());
  });

  it("lists a publisher's public articles, newest first, with paging", async () => {
    const res = await t.app.inject(`/v1/publishers/${f.publishers.atlantic}/articles`);
    expect(res.statusCode).toBe(200);
    // The scheduled article is Atlantic Wire's too, but not yet public.
    expect(keys(res.json())).toEqual(['hamburg', 'lisbon', 'berlinMitte']);
    expect(res.json()).toMatchObject({ total: 3, page: 1, limit: 30 });
    for (const item of res.json().items) expect(item.publisher).toEqual({ id: f.publishers.atlantic, name: 'Atlantic Wire', slug: 'atlantic-wire' });

    const spreeArticles = await t.app.inject(`/v1/publishers/${f.publishers.spree}/articles?limit=2&page=2`);
    // Spree Daily: berlin, potsdam, global (pending is hidden).
    expect(keys(spreeArticles.json())).toEqual(['global']);
    expect(spreeArticles.json()).toMatchObject({ total: 3, page: 2, limit: 2 });
    const clamped = await t.app.inject(`/v1/publishers/${f.publishers.spree}/articles?limit=1000`);
    expect(clamped.json().limit).toBe(150);
  });

  it('answers an empty list for a publisher without public articles', async () => {
    const { id } = await t.database.handle.db
      .insertInto('publishers')
      .values({ slug: 'quiet-press', name: 'Quiet Press', website: null, logo_url: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject(`/v1/publishers/${id}/articles`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ items: [], total: 0, page: 1, limit: 30 });
    expect((await t.app.inject(`/v1/publishers/${id}`)).json()).toMatchObject({ name: 'Quiet Press', branding: {} });
  });

  it('answers 404 for unknown ids and 400 for malformed ones', async () => {
    for (const url of [`/v1/publishers/${randomUUID()}`, `/v1/publishers/${randomUUID()}/articles`]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no publisher with that id.' });
    }
    for (const url of [
      '/v1/publishers/spree-daily',
      '/v1/publishers/spree-daily/articles',
      `/v1/publishers/${encodeURIComponent("' or 1=1 --")}`,
    ]) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/^params\.id must match format "uuid"/);
    }
    const badPage = await t.app.inject(`/v1/publishers/${f.publishers.spree}/articles?limit=0`);
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toMatch(/^querystring\.limit must be >= 1/);
  });

  it('lets every read be cached, with ETag revalidation', async () => {
    for (const url of ['/v1/publishers', `/v1/publishers/${f.publishers.spree}`, `/v1/publishers/${f.publishers.spree}/articles`]) {
      const first = await t.app.inject(url);
      expect(first.headers['cache-control'], url).toMatch(/^public/);
      expect(first.headers.etag, url).toEqual(expect.any(String));
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });
});
