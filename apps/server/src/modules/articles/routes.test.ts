import { randomUUID } from 'node:crypto';
import { ArticleStatus, MediaType } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishCues, GERMAN_CUES, LOCATIONS, seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';
import { ANSWER_TTL_MS } from '../../http/response-cache';

interface Item {
  id: string;
  distanceMeters?: number;
}

describe('article reads', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;

  /** The fixture keys of a list answer's items, in order. */
  const keys = (body: { items: Item[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const list = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as { items: Item[]; total: number; page: number; limit: number };
  };
  const expectBadRequest = async (url: string, message: RegExp) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.json().message, url).toMatch(message);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
  });
  afterAll(() => t.close());

  describe('GET /v1/articles', () => {
    it('lists only active, published articles, newest first, with a total', async () => {
      const body = await list('/v1/articles');
      expect(keys(body)).toEqual(['berlin', 'potsdam', 'hamburg', 'lisbon', 'berlinMitte', 'global']);
      expect(body).toMatchObject({ total: 6, page: 1, limit: 30 });
    });

    it('shapes each item as the contract says', async () => {
      const body = await list('/v1/articles');
      const berlin = body.items[0];
      expect(berlin).toEqual({
        id: f.articles.berlin,
        slug: 'fixture-berlin',
        title: 'Berlin city hall votes on the new budget',
        description: expect.stringMatching(/^Berlin city hall votes/),
        territory: 1,
        breaking: true,
        language: 'en',
        regionIds: [11, 4],
        location: LOCATIONS.berlin,
        publisher: { id: f.publishers.spree, name: 'Spree Daily', slug: 'spree-daily' },
        categories: [{ id: f.categories.politics, name: 'Politics', slug: 'politics' }],
        poster: 'https://media.example/fixture-berlin/poster.jpg',
        mediafile: {
          type: MediaType.VIDEO,
          source: 1,
          url: 'https://media.example/fixture-berlin/video.webm',
          fileType: 'video/webm',
          fileSize: 2_000_000,
          language: 'en',
          durationSeconds: 6,
        },
        durationSeconds: 6,
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const global = body.items.find((item) => item.id === f.articles.global) as unknown as Record<string, unknown>;
      expect(global.location).toBeNull();
      expect(global.mediafile).toMatchObject({ type: MediaType.AUDIO, fileType: 'audio/mpeg' });
      expect(global).not.toHaveProperty('distanceMeters');
    });

    it('filters by regions, categories, publisher, territory, language and breaking', async () => {
      const cases: [string, ArticleKey[]][] = [
        ['regionIds=18', ['lisbon']],
        ['regionIds=11', ['berlin', 'potsdam', 'hamburg', 'berlinMitte']],
        ['regionIds=18,0', ['lisbon', 'global']],
        ['regionIds= 18 , 0 ', ['lisbon', 'global']],
        [`categoryIds=${f.categories.science}`, ['potsdam', 'lisbon', 'global']],
        [`categoryIds=${f.categories.sport},${f.categories.politics}`, ['berlin', 'hamburg', 'lisbon', 'berlinMitte']],
        [`categoryIds=${f.categories.sport.toUpperCase()}`, ['hamburg', 'berlinMitte']],
        [`publisherId=${f.publishers.atlantic}`, ['hamburg', 'lisbon', 'berlinMitte']],
        ['territory=1', ['berlin', 'berlinMitte']],
        ['territory=0', ['global']],
        ['territory=2', ['potsdam']],
        ['language=de', ['potsdam', 'berlinMitte']],
        ['language=pt-BR', []],
        ['breaking=true', ['berlin', 'lisbon']],
        ['breaking=false', ['potsdam', 'hamburg', 'berlinMitte', 'global']],
        ['language=en&regionIds=11', ['berlin', 'hamburg']],
        [`language=en&regionIds=4&categoryIds=${f.categories.politics}&breaking=true`, ['berlin', 'lisbon']],
        [`publisherId=${f.publishers.spree}&territory=4`, []],
      ];
      for (const [query, expected] of cases) {
        const body = await list(`/v1/articles?${query}`);
        expect(keys(body), query).toEqual(expected);
        expect(body.total, query).toBe(expected.length);
      }
    });

    it('pages with page and limit, keeping the total', async () => {
      const first = await list('/v1/articles?limit=2');
      expect(keys(first)).toEqual(['berlin', 'potsdam']);
      expect(first).toMatchObject({ page: 1, limit: 2, total: 6 });
      const second = await list('/v1/articles?limit=2&page=2');
      expect(keys(second)).toEqual(['hamburg', 'lisbon']);
      expect(second).toMatchObject({ page: 2, limit: 2, total: 6 });
      const third = await list('/v1/articles?limit=4&page=2');
      expect(keys(third)).toEqual(['berlinMitte', 'global']);
      const beyond = await list('/v1/articles?limit=2&page=9');
      expect(beyond.items).toEqual([]);
      expect(beyond.total).toBe(6);
    });

    it('clamps a limit above 150 to 150', async () => {
      for (const limit of [151, 1000, 99_999_999]) {
        const body = await list(`/v1/articles?limit=${limit}`);
        expect(body.limit).toBe(150);
        expect(body.items).toHaveLength(6);
      }
      expect((await list('/v1/articles?limit=150')).limit).toBe(150);
    });

    it('rejects bad paging naming the field', async () => {
      await expectBadRequest('/v1/articles?limit=0', /^querystring\.limit must be >= 1/);
      await expectBadRequest('/v1/articles?limit=-3', /^querystring\.limit must be >= 1/);
      await expectBadRequest('/v1/articles?limit=2.5', /^querystring\.limit must be integer/);
      await expectBadRequest('/v1/articles?limit=ten', /^querystring\.limit must be integer/);
      await expectBadRequest('/v1/articles?page=0', /^querystring\.page must be >= 1/);
    });

    it('answers a far page as empty and rejects a page too large to reach, never a 500', async () => {
      const far = await list('/v1/articles?page=1000000&limit=150');
      expect(far.items).toEqual([]);
      expect(far.total).toBe(6);
      for (const page of ['1000001', '9007199254740991', '100000000000000000000']) {
        await expectBadRequest(`/v1/articles?page=${page}`, /^querystring\.page must be <= 1000000/);
      }
    });

    it('rejects region ids that are not whole numbers from 0 to 21', async () => {
      for (const value of ['abc', '99', '22', '-1', '1.5', '4.0', '0x4', '1e1', '4,abc', '0,99']) {
        await expectBadRequest(`/v1/articles?regionIds=${value}`, /^querystring\.regionIds holds/);
      }
    });

    it('rejects category ids and a publisher id that are not uuids', async () => {
      await expectBadRequest(`/v1/articles?categoryIds=${f.categories.sport},sport`, /^querystring\.categoryIds holds "sport"/);
      await expectBadRequest('/v1/articles?categoryIds=1', /^querystring\.categoryIds/);
      await expectBadRequest('/v1/articles?publisherId=spree-daily', /^querystring\.publisherId must match format "uuid"/);
    });

    it('rejects other bad filter values naming the field', async () => {
      await expectBadRequest('/v1/articles?territory=5', /^querystring\.territory must be one of: 0, 1, 2, 3, 4/);
      await expectBadRequest('/v1/articles?breaking=perhaps', /^querystring\.breaking must be boolean/);
      await expectBadRequest('/v1/articles?language=ENGLISH', /^querystring\.language must match pattern/);
    });

    it('ignores empty list values and unknown query fields', async () => {
      for (const query of ['regionIds=', 'categoryIds=', 'regionIds=,,', 'categoryIds=,', 'regionIds=&categoryIds=', 'utm_source=mail&foo=bar']) {
        const body = await list(`/v1/articles?${query}`);
        expect(keys(body), query).toEqual(['berlin', 'potsdam', 'hamburg', 'lisbon', 'berlinMitte', 'global']);
      }
    });
  });

  describe('GET /v1/articles/summary', () => {
    it('answers the newest public article of each category, newest first', async () => {
      const body = await list('/v1/articles/summary');
      // politics: berlin (pending is newer but hidden), science: potsdam, sport: hamburg.
      expect(keys(body)).toEqual(['berlin', 'potsdam', 'hamburg']);
      expect(body.total).toBe(3);
    });

    it('keeps the total on a page past the last one', async () => {
      expect(await list('/v1/articles/summary?limit=2&page=2')).toMatchObject({ total: 3, page: 2 });
      expect(await list('/v1/articles/summary?limit=2&page=3')).toEqual({ items: [], total: 3, page: 3, limit: 2 });
      expect(await list('/v1/articles/summary?regionIds=18&page=2')).toEqual({ items: [], total: 1, page: 2, limit: 30 });
    });

    it('applies the feed filters before choosing', async () => {
      expect(keys(await list('/v1/articles/summary?language=en'))).toEqual(['berlin', 'hamburg', 'lisbon']);
      // Lisbon is the newest of both politics and science in region 18; it is listed once.
      const lisbon = await list('/v1/articles/summary?regionIds=18');
      expect(keys(lisbon)).toEqual(['lisbon']);
      expect(lisbon.total).toBe(1);
      expect(keys(await list(`/v1/articles/summary?categoryIds=${f.categories.sport}`))).toEqual(['hamburg']);
      await expectBadRequest('/v1/articles/summary?regionIds=abc', /^querystring\.regionIds/);
      await expectBadRequest('/v1/articles/summary?limit=0', /^querystring\.limit must be >= 1/);
    });
  });

  describe('GET /v1/articles/breaking', () => {
    it('lists public breaking news only, newest first, with filters', async () => {
      const body = await list('/v1/articles/breaking');
      expect(keys(body)).toEqual(['berlin', 'lisbon']);
      expect(body.total).toBe(2);
      expect(keys(await list('/v1/articles/breaking?regionIds=18'))).toEqual(['lisbon']);
      // `breaking=false` cannot turn the breaking list into something else.
      expect(keys(await list('/v1/articles/breaking?breaking=false'))).toEqual(['berlin', 'lisbon']);
      expect(keys(await list('/v1/articles/breaking?limit=1&page=2'))).toEqual(['lisbon']);
      await expectBadRequest('/v1/articles/breaking?categoryIds=nope', /^querystring\.categoryIds/);
    });
  });

  describe('GET /v1/articles/radar', () => {
    it('answers the articles within 50 km of Berlin, nearest first, with distances', async () => {
      const body = await list('/v1/articles/radar?lat=52.52&lon=13.405&radius=50000');
      expect(keys(body)).toEqual(['berlin', 'berlinMitte', 'potsdam']);
      expect(body.total).toBe(3);
      const distances = body.items.map((item) => item.distanceMeters!);
      expect(distances[0]).toBe(0);
      expect(distances[1]).toBeGreaterThan(0);
      expect(distances[1]).toBeLessThan(1_000);
      expect(distances[2]).toBeGreaterThan(25_000);
      expect(distances[2]).toBeLessThan(29_000);
      expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    });

    it('uses the local radius of 50,000 m when none is given', async () => {
      const body = await list('/v1/articles/radar?lat=52.52&lon=13.405');
      expect(keys(body)).toEqual(['berlin', 'berlinMitte', 'potsdam']);
    });

    it('widens to Hamburg with a 300 km radius, and narrows with a small one', async () => {
      const wide = await list('/v1/articles/radar?lat=52.52&lon=13.405&radius=300000');
      expect(keys(wide)).toEqual(['berlin', 'berlinMitte', 'potsdam', 'hamburg']);
      const hamburg = wide.items[3]!.distanceMeters!;
      expect(hamburg).toBeGreaterThan(240_000);
      expect(hamburg).toBeLessThan(270_000);
      expect(keys(await list('/v1/articles/radar?lat=52.52&lon=13.405&radius=100'))).toEqual(['berlin']);
      expect(keys(await list('/v1/articles/radar?lat=38.72&lon=-9.14&radius=1000'))).toEqual(['lisbon']);
      expect(keys(await list('/v1/articles/radar?lat=0&lon=0&radius=1000000'))).toEqual([]);
      const paged = await list('/v1/articles/radar?lat=52.52&lon=13.405&radius=300000&limit=2&page=2');
      expect(keys(paged)).toEqual(['potsdam', 'hamburg']);
      expect(paged.total).toBe(4);
      const beyond = await list('/v1/articles/radar?lat=52.52&lon=13.405&radius=300000&limit=2&page=3');
      expect(beyond).toEqual({ items: [], total: 4, page: 3, limit: 2 });
    });

    it('rejects coordinates and radii out of range naming the field', async () => {
      const cases: [string, RegExp][] = [
        ['lat=91&lon=13', /^querystring\.lat must be <= 90/],
        ['lat=-91&lon=13', /^querystring\.lat must be >= -90/],
        ['lat=52&lon=181', /^querystring\.lon must be <= 180/],
        ['lat=52&lon=-181', /^querystring\.lon must be >= -180/],
        ['lat=abc&lon=13', /^querystring\.lat must be number/],
        ['lat=52&lon=east', /^querystring\.lon must be number/],
        ['lat=52&lon=13&radius=-5', /^querystring\.radius must be >= 1/],
        ['lat=52&lon=13&radius=0', /^querystring\.radius must be >= 1/],
        ['lat=52&lon=13&radius=1000001', /^querystring\.radius must be <= 1000000/],
        ['lat=52&lon=13&radius=wide', /^querystring\.radius must be integer/],
        ['lon=13', /^querystring\.lat is required/],
        ['lat=52', /^querystring\.lon is required/],
      ];
      for (const [query, message] of cases) await expectBadRequest(`/v1/articles/radar?${query}`, message);
    });
  });

  describe('GET /v1/articles/load', () => {
    it('answers articles in the order asked, leaving out unknown and hidden ids', async () => {
      const asked = [f.articles.lisbon, randomUUID(), f.articles.berlin, f.articles.pending, f.articles.scheduled, f.articles.potsdam];
      const body = await list(`/v1/articles/load?ids=${asked.join(',')}`);
      expect(keys(body)).toEqual(['lisbon', 'berlin', 'potsdam']);
      expect(body.total).toBe(3);
    });

    it('accepts upper-case ids, repeats and empty items', async () => {
      const query = [f.articles.global.toUpperCase(), '', f.articles.hamburg, f.articles.global].join(',');
      expect(keys(await list(`/v1/articles/load?ids=${query}`))).toEqual(['global', 'hamburg']);
      // An empty value is left out (SPEC §5), so this is a request without ids.
      const empty = await t.app.inject('/v1/articles/load?ids=');
      expect(empty.json()).toMatchObject({ statusCode: 400, message: 'querystring.ids is required' });
    });

    it('takes up to 150 ids', async () => {
      const ids = [f.articles.hamburg, ...Array.from({ length: 149 }, () => randomUUID())];
      expect(keys(await list(`/v1/articles/load?ids=${ids.join(',')}`))).toEqual(['hamburg']);
    });

    it('rejects a malformed id, more than 150 ids and a missing ids', async () => {
      await expectBadRequest(`/v1/articles/load?ids=${f.articles.berlin},not-an-id`, /^querystring\.ids holds "not-an-id"/);
      const tooMany = Array.from({ length: 151 }, () => randomUUID());
      await expectBadRequest(`/v1/articles/load?ids=${tooMany.join(',')}`, /^querystring\.ids may hold at most 150 ids/);
      await expectBadRequest('/v1/articles/load', /^querystring\.ids is required/);
    });
  });

  describe('GET /v1/articles/category/{id}', () => {
    it("lists a category's public articles, newest first", async () => {
      const politics = await list(`/v1/articles/category/${f.categories.politics}`);
      expect(keys(politics)).toEqual(['berlin', 'lisbon']);
      expect(politics.total).toBe(2);
      expect(keys(await list(`/v1/articles/category/${f.categories.science}?limit=2&page=2`))).toEqual(['global']);
    });

    it('answers 404 for an unknown category and 400 for a malformed id', async () => {
      const unknown = await get(`/v1/articles/category/${randomUUID()}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      await expectBadRequest('/v1/articles/category/politics', /^params\.id must match format "uuid"/);
    });
  });

  describe('GET /v1/articles/playlist/{id}', () => {
    it("lists a playlist's articles in playlist order", async () => {
      const body = await list(`/v1/articles/playlist/${f.playlist}`);
      expect(keys(body)).toEqual(['lisbon', 'potsdam', 'berlin']);
      expect(body.total).toBe(3);
      expect(keys(await list(`/v1/articles/playlist/${f.playlist}?limit=1&page=3`))).toEqual(['berlin']);
      const beyond = await list(`/v1/articles/playlist/${f.playlist}?limit=1&page=4`);
      expect(beyond).toEqual({ items: [], total: 3, page: 4, limit: 1 });
    });

    it('answers 404 for an unknown playlist and 400 for a malformed id', async () => {
      expect((await get(`/v1/articles/playlist/${randomUUID()}`)).statusCode).toBe(404);
      await expectBadRequest('/v1/articles/playlist/morning-briefing', /^params\.id must match format "uuid"/);
    });
  });

  describe('GET /v1/articles/{id}', () => {
    it('answers one article with its summary and every media file, and no transcript unless asked', async () => {
      const res = await get(`/v1/articles/${f.articles.berlin}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        id: f.articles.berlin,
        title: 'Berlin city hall votes on the new budget',
        summary: 'Summary of Berlin city hall votes on the new budget.',
        publisher: { id: f.publishers.spree, name: 'Spree Daily' },
        mediafile: { type: MediaType.VIDEO },
      });
      expect(body.media.map((m: { type: number; fileType: string }) => [m.type, m.fileType])).toEqual([
        [MediaType.VIDEO, 'video/webm'],
        [MediaType.AUDIO, 'audio/mpeg'],
        [MediaType.IMAGE, 'image/jpeg'],
      ]);
      expect(body).not.toHaveProperty('transcript');
      expect((await get(`/v1/articles/${f.articles.berlin}?transcript=false`)).json()).not.toHaveProperty('transcript');

      const potsdam = (await get(`/v1/articles/${f.articles.potsdam}`)).json();
      expect(potsdam.media.map((m: { type: number }) => m.type)).toEqual([MediaType.AUDIO, MediaType.IMAGE]);
      expect(potsdam.mediafile).toMatchObject({ type: MediaType.AUDIO, url: 'https://media.example/fixture-potsdam/audio.mp3' });
    });

    it('finds an article by its upper-case id', async () => {
      const res = await get(`/v1/articles/${f.articles.lisbon.toUpperCase()}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().id).toBe(f.articles.lisbon);
    });

    it('includes the transcript in the article language when asked', async () => {
      const body = (await get(`/v1/articles/${f.articles.hamburg}?transcript=true`)).json();
      expect(body.transcript).toEqual({
        articleId: f.articles.hamburg,
        language: 'en',
        languages: ['de', 'en'],
        cues: englishCues('Hamburg harbour hosts the sailing final'),
      });
    });

    it('picks the language asked when the transcript exists in it, else falls back', async () => {
      const german = (await get(`/v1/articles/${f.articles.hamburg}?transcript=true&language=de`)).json();
      expect(german.transcript).toMatchObject({ language: 'de', cues: GERMAN_CUES });
      const french = (await get(`/v1/articles/${f.articles.hamburg}?transcript=true&language=fr`)).json();
      expect(french.transcript.language).toBe('en');
      const berlin = (await get(`/v1/articles/${f.articles.berlin}?transcript=true&language=de`)).json();
      expect(berlin.transcript).toMatchObject({ language: 'en', languages: ['en'] });
      // A German article with only an English transcript still gets one.
      const mitte = (await get(`/v1/articles/${f.articles.berlinMitte}?transcript=true`)).json();
      expect(mitte.transcript).toMatchObject({ language: 'en', articleId: f.articles.berlinMitte });
    });

    it('answers 404 for unknown, pending and scheduled articles, and 400 for a malformed id', async () => {
      for (const id of [randomUUID(), f.articles.pending, f.articles.scheduled]) {
        const res = await get(`/v1/articles/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no published article with that id.' });
      }
      await expectBadRequest('/v1/articles/not-a-uuid', /^params\.id must match format "uuid"/);
      await expectBadRequest(`/v1/articles/${f.articles.berlin}?transcript=maybe`, /^querystring\.transcript must be boolean/);
    });
  });

  describe('GET /v1/articles/{id}/transcript', () => {
    it('answers JSON cues by default', async () => {
      const res = await get(`/v1/articles/${f.articles.hamburg}/transcript`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-language']).toBe('en');
      expect(res.json()).toEqual({
        articleId: f.articles.hamburg,
        language: 'en',
        languages: ['de', 'en'],
        cues: englishCues('Hamburg harbour hosts the sailing final'),
      });
      const german = await get(`/v1/articles/${f.articles.hamburg}/transcript?language=de`);
      expect(german.json()).toMatchObject({ language: 'de', cues: GERMAN_CUES });
      expect(german.headers['content-language']).toBe('de');
    });

    it('answers WebVTT for Accept: text/vtt and for ?format=vtt', async () => {
      for (const res of [
        await get(`/v1/articles/${f.articles.hamburg}/transcript`, { accept: 'text/vtt' }),
        await get(`/v1/articles/${f.articles.hamburg}/transcript?format=vtt`),
      ]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/vtt/);
        expect(res.body.startsWith('WEBVTT')).toBe(true);
        expect(res.body).toContain('00:00:00.000 --> 00:00:02.500\nGood evening. Hamburg harbour hosts the sailing final.');
        expect(res.body).toContain('00:00:02.500 --> 00:00:06.000\nOur reporter has the details.');
        expect(res.headers.vary).toMatch(/accept/i);
      }
      const german = await get(`/v1/articles/${f.articles.hamburg}/transcript?format=vtt&language=de`);
      expect(german.body).toContain('Guten Abend.');
    });

    it('lets ?format=json win over the Accept header', async () => {
      const res = await get(`/v1/articles/${f.articles.hamburg}/transcript?format=json`, { accept: 'text/vtt' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().language).toBe('en');
    });

    it('answers 404 for hidden or unknown articles and 400 for bad input', async () => {
      for (const id of [randomUUID(), f.articles.pending, f.articles.scheduled]) {
        expect((await get(`/v1/articles/${id}/transcript`)).statusCode, id).toBe(404);
      }
      await expectBadRequest('/v1/articles/abc/transcript', /^params\.id must match format "uuid"/);
      await expectBadRequest(`/v1/articles/${f.articles.berlin}/transcript?format=srt`, /^querystring\.format must be one of: json, vtt/);
    });

    it('answers 404 when the article has no transcript, and null inside the article', async () => {
      const db = t.database.handle.db;
      const saved = await db.selectFrom('transcripts').selectAll().where('article_id', '=', f.articles.global).execute();
      await db.deleteFrom('transcripts').where('article_id', '=', f.articles.global).execute();
      forgetCachedReads(db);
      try {
        const res = await get(`/v1/articles/${f.articles.global}/transcript`);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe('This article has no transcript.');
        const article = (await get(`/v1/articles/${f.articles.global}?transcript=true`)).json();
        expect(article.transcript).toBeNull();
      } finally {
        await db
          .insertInto('transcripts')
          .values(saved.map((row) => ({ ...row, cues: JSON.stringify(row.cues) })))
          .execute();
        forgetCachedReads(db);
      }
    });
  });

  describe('caching', () => {
    it('lets public reads be cached and revalidated with an ETag', async () => {
      const urls = [
        '/v1/articles',
        '/v1/articles/summary',
        '/v1/articles/breaking',
        '/v1/articles/pulse',
        '/v1/articles/trending',
        '/v1/articles/radar?lat=52.52&lon=13.405',
        `/v1/articles/load?ids=${f.articles.berlin}`,
        `/v1/articles/category/${f.categories.politics}`,
        `/v1/articles/playlist/${f.playlist}`,
        `/v1/articles/${f.articles.berlin}`,
        `/v1/articles/${f.articles.berlin}/transcript`,
        `/v1/articles/${f.articles.berlin}/transcript?format=vtt`,
      ];
      for (const url of urls) {
        const first = await get(url);
        expect(first.statusCode, url).toBe(200);
        expect(first.headers['cache-control'], url).toMatch(/^public/);
        const etag = first.headers.etag;
        expect(etag, url).toEqual(expect.any(String));
        const again = await get(url, { 'if-none-match': String(etag) });
        expect(again.statusCode, url).toBe(304);
        expect(again.body, url).toBe('');
      }
    });

    it('answers a changed list with a new ETag', async () => {
      const first = await get('/v1/articles?limit=1');
      const second = await get('/v1/articles?limit=2');
      expect(second.headers.etag).not.toBe(first.headers.etag);
      const stale = await get('/v1/articles?limit=2', { 'if-none-match': String(first.headers.etag) });
      expect(stale.statusCode).toBe(200);
    });

    // Writes straight to the table stand for another process's (a publisher's or a moderator's):
    // this process notices them when its copies expire, which forgetCachedReads stands for.
    const setStatus = async (key: ArticleKey, status: number) => {
      await t.database.handle.db.updateTable('articles').set({ status }).where('id', '=', f.articles[key]).execute();
    };

    it('answers identical public reads from memory for a moment, but never a personal read', async () => {
      const first = await get('/v1/articles');
      const article = await get(`/v1/articles/${f.articles.berlin}`);
      expect(keys(first.json())).toContain('berlin');
      await setStatus('berlin', ArticleStatus.PENDING);
      try {
        const started = Date.now();
        const again = await get('/v1/articles');
        const articleAgain = await get(`/v1/articles/${f.articles.berlin}`);
        // Unknown query fields and the order of the fields do not make another answer.
        const reordered = await get('/v1/articles?utm_source=mail&limit=30');
        const withLimit = await get('/v1/articles?limit=30');
        if (Date.now() - started < ANSWER_TTL_MS / 2) {
          expect(again.body).toBe(first.body);
          expect(again.headers.etag).toBe(first.headers.etag);
          expect(articleAgain.statusCode).toBe(200);
          expect(articleAgain.body).toBe(article.body);
          expect(reordered.body).toBe(withLimit.body);
        }
        // A request that names a reader is answered afresh.
        const signedIn = { authorization: 'Bearer someone' };
        expect(keys((await get('/v1/articles', signedIn)).json())).not.toContain('berlin');
        expect((await get(`/v1/articles/${f.articles.berlin}`, signedIn)).statusCode).toBe(404);
        expect((await get(`/v1/articles/${f.articles.berlin}?visitorId=visitor-alice-0001`)).statusCode).toBe(404);
      } finally {
        await setStatus('berlin', ArticleStatus.ACTIVE);
        forgetCachedReads(t.database.handle.db);
      }
    });

    it('hides an article set to pending everywhere once the copies expire', async () => {
      expect(keys(await list('/v1/articles'))).toContain('berlin');
      expect((await get(`/v1/articles/${f.articles.berlin}`)).statusCode).toBe(200);
      await setStatus('berlin', ArticleStatus.PENDING);
      forgetCachedReads(t.database.handle.db);
      try {
        const body = await list('/v1/articles');
        expect(keys(body)).not.toContain('berlin');
        expect(body.total).toBe(5);
        expect((await get(`/v1/articles/${f.articles.berlin}`)).statusCode).toBe(404);
        expect((await get(`/v1/articles/${f.articles.berlin}/transcript`)).statusCode).toBe(404);
        expect(keys(await list('/v1/articles/breaking'))).toEqual(['lisbon']);
        expect(keys(await list('/v1/articles/radar?lat=52.52&lon=13.405'))).toEqual(['berlinMitte', 'potsdam']);
        expect(keys(await list(`/v1/articles/load?ids=${f.articles.berlin}`))).toEqual([]);
        expect(keys(await list(`/v1/articles/playlist/${f.playlist}`))).toEqual(['lisbon', 'potsdam']);
      } finally {
        await setStatus('berlin', ArticleStatus.ACTIVE);
        forgetCachedReads(t.database.handle.db);
      }
      expect((await get(`/v1/articles/${f.articles.berlin}`)).statusCode).toBe(200);
    });

    it('shows a scheduled article once its time has come', async () => {
      const db = t.database.handle.db;
      await db
        .updateTable('articles')
        .set({ published_at: new Date(Date.now() - 60_000) })
        .where('id', '=', f.articles.scheduled)
        .execute();
      forgetCachedReads(db);
      try {
        expect(keys(await list('/v1/articles'))[0]).toBe('scheduled');
        expect((await get(`/v1/articles/${f.articles.scheduled}`)).statusCode).toBe(200);
      } finally {
        await db
          .updateTable('articles')
          .set({ published_at: new Date(Date.now() + 86_400_000) })
          .where('id', '=', f.articles.scheduled)
          .execute();
        forgetCachedReads(db);
      }
      expect((await get(`/v1/articles/${f.articles.scheduled}`)).statusCode).toBe(404);
    });
  });

  describe('hostile input', () => {
    it('treats SQL- and script-looking input as plain data: 400 where it does not fit, never 500', async () => {
      const evil = [
        `/v1/articles?language=${encodeURIComponent("en';drop table articles;--")}`,
        `/v1/articles?language=${encodeURIComponent('<script>alert(1)</script>')}`,
        `/v1/articles?regionIds=${encodeURIComponent('1);drop table articles;--')}`,
        `/v1/articles?categoryIds=${encodeURIComponent("' or 1=1 --")}`,
        `/v1/articles?publisherId=${encodeURIComponent("' or '1'='1")}`,
        `/v1/articles?territory=${encodeURIComponent('1 or 1=1')}`,
        `/v1/articles/load?ids=${encodeURIComponent("00000000-0000-0000-0000-000000000000');drop table articles;--")}`,
        `/v1/articles/radar?lat=${encodeURIComponent('52;drop table articles')}&lon=13`,
        `/v1/articles/${encodeURIComponent("1' or '1'='1")}`,
        `/v1/articles/${f.articles.hamburg}?transcript=true&language=${encodeURIComponent("de' or 1=1--")}`,
        `/v1/articles/${f.articles.hamburg}/transcript?language=${encodeURIComponent('<script>')}`,
        `/v1/articles/category/${encodeURIComponent('<script>alert(1)</script>')}`,
      ];
      for (const url of evil) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      }
      const count = await t.database.handle.db
        .selectFrom('articles')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(8);
      expect((await list('/v1/articles')).total).toBe(6);
    });

    it('echoes a bad value only as JSON text', async () => {
      const res = await get(`/v1/articles?regionIds=${encodeURIComponent('<script>alert(1)</script>')}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });
});
