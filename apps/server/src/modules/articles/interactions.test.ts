import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { forgetCachedReads } from '../../http/expiring-cache';

const ALICE = 'visitor-alice-0001';
const BOB = 'visitor-bob-000002';
const CAROL = 'visitor_carol-03';

interface Counts {
  articleId: string;
  likes: number;
  dislikes: number;
  saves: number;
  views: number;
  liked: boolean;
  disliked: boolean;
  saved: boolean;
  viewed: boolean;
}

const NONE = { likes: 0, dislikes: 0, saves: 0, views: 0, liked: false, disliked: false, saved: false, viewed: false };

describe('article interactions', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;

  const keys = (body: { items: { id: string }[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);
  const post = (kind: 'like' | 'dislike' | 'save' | 'view', payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/v1/articles/${kind}`, payload });
  const act = async (kind: 'like' | 'dislike' | 'save', key: ArticleKey, action: 'add' | 'remove', visitorId = ALICE) => {
    const res = await post(kind, { articleId: f.articles[key], action, visitorId });
    expect(res.statusCode, `${kind} ${action} ${key}: ${res.body}`).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['cache-control']).toBe('private, no-store');
  };
  const view = async (visitorId: string, ...articles: ArticleKey[]) => {
    const res = await post('view', { articleIds: articles.map((key) => f.articles[key]), action: 'add', visitorId });
    expect(res.statusCode, res.body).toBe(200);
  };
  const counts = async (visitorId: string | undefined, ...articles: ArticleKey[]): Promise<Counts[]> => {
    const query = new URLSearchParams({ ids: articles.map((key) => f.articles[key]).join(',') });
    if (visitorId) query.set('visitorId', visitorId);
    const res = await t.app.inject(`/v1/articles/interactions?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: Counts[] }).items;
  };
  const one = async (visitorId: string | undefined, key: ArticleKey) => (await counts(visitorId, key))[0]!;
  const rowCount = async () => {
    const row = await t.database.handle.db
      .selectFrom('article_interactions')
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  // Writes straight to the table come from outside the app (as another process's would), so the
  // app's short-lived copies of public answers are forgotten as if they had expired.
  const clearInteractions = async () => {
    await t.database.handle.db.deleteFrom('article_interactions').execute();
    forgetCachedReads(t.database.handle.db);
  };

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
  });
  afterAll(() => t.close());

  describe('POST /v1/articles/like, /dislike, /save, /view', () => {
    beforeEach(clearInteractions);

    it('counts a like once however often it is added, and removes it', async () => {
      await act('like', 'berlin', 'add');
      await act('like', 'berlin', 'add');
      expect(await one(ALICE, 'berlin')).toEqual({ articleId: f.articles.berlin, ...NONE, likes: 1, liked: true });
      await act('like', 'berlin', 'remove');
      expect(await one(ALICE, 'berlin')).toEqual({ articleId: f.articles.berlin, ...NONE });
      // Removing what is not there changes nothing.
      await act('like', 'berlin', 'remove');
      expect(await one(ALICE, 'berlin')).toMatchObject({ likes: 0, liked: false });
    });

    it('keeps like and dislike exclusive', async () => {
      await act('like', 'hamburg', 'add');
      await act('dislike', 'hamburg', 'add');
      expect(await one(ALICE, 'hamburg')).toMatchObject({ likes: 0, dislikes: 1, liked: false, disliked: true });
      await act('like', 'hamburg', 'add');
      expect(await one(ALICE, 'hamburg')).toMatchObject({ likes: 1, dislikes: 0, liked: true, disliked: false });
      await act('dislike', 'hamburg', 'remove');
      expect(await one(ALICE, 'hamburg')).toMatchObject({ likes: 1, liked: true });
      await act('dislike', 'hamburg', 'add');
      await act('dislike', 'hamburg', 'add');
      expect(await one(ALICE, 'hamburg')).toMatchObject({ likes: 0, dislikes: 1 });
    });

    it('counts each visitor separately and shows each only their own state', async () => {
      await act('like', 'lisbon', 'add', ALICE);
      await act('like', 'lisbon', 'add', BOB);
      await act('dislike', 'lisbon', 'add', CAROL);
      await act('save', 'lisbon', 'add', BOB);
      const totals = { likes: 2, dislikes: 1, saves: 1, views: 0 };
      expect(await one(ALICE, 'lisbon')).toEqual({ articleId: f.articles.lisbon, ...NONE, ...totals, liked: true });
      expect(await one(BOB, 'lisbon')).toEqual({ articleId: f.articles.lisbon, ...NONE, ...totals, liked: true, saved: true });
      expect(await one(CAROL, 'lisbon')).toEqual({ articleId: f.articles.lisbon, ...NONE, ...totals, disliked: true });
      expect(await one('visitor-nobody-9', 'lisbon')).toEqual({ articleId: f.articles.lisbon, ...NONE, ...totals });
      expect(await one(undefined, 'lisbon')).toEqual({ articleId: f.articles.lisbon, ...NONE, ...totals });
      // Bob taking his like back leaves Alice's.
      await act('like', 'lisbon', 'remove', BOB);
      expect(await one(ALICE, 'lisbon')).toMatchObject({ likes: 1, liked: true });
      expect(await one(BOB, 'lisbon')).toMatchObject({ likes: 1, liked: false, saved: true });
    });

    it('saves and unsaves idempotently', async () => {
      await act('save', 'potsdam', 'add');
      await act('save', 'potsdam', 'add');
      expect(await one(ALICE, 'potsdam')).toMatchObject({ saves: 1, saved: true });
      await act('save', 'potsdam', 'remove');
      expect(await one(ALICE, 'potsdam')).toMatchObject({ saves: 0, saved: false });
    });

    it('records views of several articles at once, idempotently, and forgets them', async () => {
      await view(ALICE, 'berlin', 'potsdam');
      await view(ALICE, 'berlin');
      const upper = await post('view', { articleIds: [f.articles.berlin.toUpperCase(), f.articles.berlin], action: 'add', visitorId: ALICE });
      expect(upper.statusCode).toBe(200);
      await view(BOB, 'berlin');
      expect(await counts(ALICE, 'berlin', 'potsdam', 'hamburg')).toEqual([
        { articleId: f.articles.berlin, ...NONE, views: 2, viewed: true },
        { articleId: f.articles.potsdam, ...NONE, views: 1, viewed: true },
        { articleId: f.articles.hamburg, ...NONE },
      ]);
      const forget = await post('view', { articleIds: [f.articles.berlin], action: 'remove', visitorId: ALICE });
      expect(forget.statusCode).toBe(200);
      expect(await one(ALICE, 'berlin')).toMatchObject({ views: 1, viewed: false });
    });

    it('answers 404 for an unknown, pending or scheduled article and changes nothing', async () => {
      await act('like', 'berlin', 'add');
      const before = await rowCount();
      for (const articleId of [randomUUID(), f.articles.pending, f.articles.scheduled]) {
        for (const kind of ['like', 'dislike', 'save'] as const) {
          const res = await post(kind, { articleId, action: 'add', visitorId: ALICE });
          expect(res.statusCode, `${kind} ${articleId}`).toBe(404);
          expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
        }
        const viewed = await post('view', { articleIds: [f.articles.hamburg, articleId], action: 'add', visitorId: ALICE });
        expect(viewed.statusCode).toBe(404);
        expect(viewed.json().message).toContain(articleId);
      }
      // Disliking an unknown article did not take away the like either.
      expect(await rowCount()).toBe(before);
      expect(await one(ALICE, 'berlin')).toMatchObject({ likes: 1, liked: true });
      expect(await one(ALICE, 'hamburg')).toMatchObject({ views: 0 });
    });

    it('rejects malformed bodies naming the field, and changes nothing', async () => {
      await act('like', 'berlin', 'add');
      const before = await rowCount();
      const articleId = f.articles.potsdam;
      const cases: [string, Record<string, unknown>, RegExp][] = [
        ['like', { articleId, visitorId: ALICE }, /^body\.action is required/],
        ['like', { articleId, action: 'toggle', visitorId: ALICE }, /^body\.action must be one of: add, remove/],
        ['like', { articleId, action: 'add', visitorId: ALICE, extra: 1 }, /^body\.extra is not a known field/],
        ['like', { articleId: 'potsdam', action: 'add', visitorId: ALICE }, /^body\.articleId must match format "uuid"/],
        ['like', { action: 'add', visitorId: ALICE }, /^body\.articleId is required/],
        ['dislike', { articleId, action: 'ADD', visitorId: ALICE }, /^body\.action must be one of/],
        ['dislike', { articleId: f.articles.berlin, action: 'add', visitorId: ALICE, userId: 'admin' }, /^body\.userId is not a known field/],
        ['save', { articleId: 42, action: 'add', visitorId: ALICE }, /^body\.articleId must be string/],
        ['save', { articleId, action: 'add', visitorId: 'short' }, /^body\.visitorId must NOT have fewer than 8 characters/],
        ['save', { articleId, action: 'add', visitorId: '<script>alert(1)</script>' }, /^body\.visitorId must match pattern/],
        ['view', { articleIds: [], action: 'add', visitorId: ALICE }, /^body\.articleIds must NOT have fewer than 1 items/],
        ['view', { articleIds: ['nope'], action: 'add', visitorId: ALICE }, /^body\.articleIds\.0 must match format "uuid"/],
        ['view', { articleId, action: 'add', visitorId: ALICE }, /^body\.articleIds is required|is not a known field/],
        ['view', { articleIds: Array.from({ length: 151 }, () => articleId), action: 'add', visitorId: ALICE }, /^body\.articleIds must NOT have more than 150 items/],
        ['view', { articleIds: [articleId], action: 'toggle', visitorId: ALICE }, /^body\.action must be one of: add, remove/],
      ];
      for (const [kind, payload, message] of cases) {
        const res = await t.app.inject({ method: 'POST', url: `/v1/articles/${kind}`, payload });
        expect(res.statusCode, `${kind} ${JSON.stringify(payload).slice(0, 120)}: ${res.body}`).toBe(400);
        expect(res.json().message, JSON.stringify(payload).slice(0, 120)).toMatch(message);
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/v1/articles/like',
        headers: { 'content-type': 'application/json' },
        payload: '{"articleId":',
      });
      expect(notJson.statusCode).toBe(400);
      const noBody = await t.app.inject({ method: 'POST', url: '/v1/articles/like' });
      expect(noBody.statusCode).toBe(400);
      expect(await rowCount()).toBe(before);
      expect(await one(ALICE, 'berlin')).toMatchObject({ likes: 1, dislikes: 0, liked: true });
    });

    it('requires a visitorId when no one is signed in', async () => {
      for (const kind of ['like', 'dislike', 'save'] as const) {
        const res = await post(kind, { articleId: f.articles.berlin, action: 'add' });
        expect(res.statusCode, kind).toBe(401);
        expect(res.json().message).toMatch(/visitorId is required/);
      }
      const res = await post('view', { articleIds: [f.articles.berlin], action: 'add' });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toMatch(/visitorId is required/);
      expect(await rowCount()).toBe(0);
    });
  });

  describe('GET /v1/articles/interactions', () => {
    beforeAll(async () => {
      await clearInteractions();
      await act('like', 'berlin', 'add', ALICE);
      await act('save', 'berlin', 'add', BOB);
    });

    it('answers counts in the order asked, zeros for articles without interactions', async () => {
      const items = await counts(ALICE, 'global', 'berlin');
      expect(items).toEqual([
        { articleId: f.articles.global, ...NONE },
        { articleId: f.articles.berlin, ...NONE, likes: 1, saves: 1, liked: true },
      ]);
      const upper = await t.app.inject(`/v1/articles/interactions?ids=${f.articles.berlin.toUpperCase()}&visitorId=${BOB}`);
      expect(upper.json().items).toEqual([{ articleId: f.articles.berlin, ...NONE, likes: 1, saves: 1, saved: true }]);
      // An empty value is left out (SPEC §5), so this is a request without ids.
      const empty = await t.app.inject('/v1/articles/interactions?ids=');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('querystring.ids is required');
    });

    it('is private', async () => {
      const res = await t.app.inject(`/v1/articles/interactions?ids=${f.articles.berlin}&visitorId=${ALICE}`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('rejects malformed ids and visitor ids', async () => {
      const cases: [string, RegExp][] = [
        ['ids=berlin', /^querystring\.ids holds "berlin"/],
        [`ids=${f.articles.berlin},1;drop table article_interactions`, /^querystring\.ids holds/],
        ['', /^querystring\.ids is required/],
        [`ids=${Array.from({ length: 151 }, () => randomUUID()).join(',')}`, /^querystring\.ids may hold at most 150 ids/],
        [`ids=${f.articles.berlin}&visitorId=${encodeURIComponent('<script>alert(1)</script>')}`, /^querystring\.visitorId must match pattern/],
        [`ids=${f.articles.berlin}&visitorId=${encodeURIComponent("x' or '1'='1")}`, /^querystring\.visitorId must match pattern/],
      ];
      for (const [query, message] of cases) {
        const res = await t.app.inject(`/v1/articles/interactions?${query}`);
        expect(res.statusCode, query.slice(0, 80)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });
  });

  describe('GET /v1/articles/viewed, /saved and /liked', () => {
    beforeAll(async () => {
      await clearInteractions();
      // Separate requests a few milliseconds apart, so each has its own time: PGlite's clock
      // counts whole milliseconds, and two requests within one would tie.
      const apart = () => new Promise((resolve) => setTimeout(resolve, 3));
      for (const key of ['hamburg', 'lisbon', 'berlin'] as const) {
        await view(ALICE, key);
        await apart();
      }
      await view(BOB, 'global');
      await act('save', 'potsdam', 'add', ALICE);
      await apart();
      await act('save', 'berlinMitte', 'add', ALICE);
      await act('save', 'global', 'add', BOB);
      await act('like', 'hamburg', 'add', ALICE);
      await act('like', 'lisbon', 'add', ALICE);
      await act('dislike', 'hamburg', 'add', ALICE);
    });

    it("lists the visitor's viewed articles, latest first, privately", async () => {
      const res = await t.app.inject(`/v1/articles/viewed?visitorId=${ALICE}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(keys(res.json())).toEqual(['berlin', 'lisbon', 'hamburg']);
      expect(res.json()).toMatchObject({ total: 3, page: 1, limit: 30 });
      const paged = await t.app.inject(`/v1/articles/viewed?visitorId=${ALICE}&limit=1&page=2`);
      expect(keys(paged.json())).toEqual(['lisbon']);
      expect(paged.json().total).toBe(3);
      // Past the last page the list is empty, and the total is still the whole list's.
      const beyond = await t.app.inject(`/v1/articles/viewed?visitorId=${ALICE}&limit=2&page=3`);
      expect(beyond.json()).toEqual({ items: [], total: 3, page: 3, limit: 2 });
      expect(keys((await t.app.inject(`/v1/articles/viewed?visitorId=${BOB}`)).json())).toEqual(['global']);
      expect(keys((await t.app.inject(`/v1/articles/viewed?visitorId=${CAROL}`)).json())).toEqual([]);
    });

    it("lists the visitor's saved articles, latest first, privately", async () => {
      const res = await t.app.inject(`/v1/articles/saved?visitorId=${ALICE}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(keys(res.json())).toEqual(['berlinMitte', 'potsdam']);
      expect(keys((await t.app.inject(`/v1/articles/saved?visitorId=${BOB}`)).json())).toEqual(['global']);
      const beyond = await t.app.inject(`/v1/articles/saved?visitorId=${ALICE}&page=2`);
      expect(beyond.json()).toEqual({ items: [], total: 2, page: 2, limit: 30 });
      expect((await t.app.inject(`/v1/articles/saved?visitorId=${CAROL}&page=2`)).json()).toMatchObject({ items: [], total: 0 });
    });

    it("lists the visitor's liked articles, latest first, privately; a dislike takes a like away", async () => {
      const res = await t.app.inject(`/v1/articles/liked?visitorId=${ALICE}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(keys(res.json())).toEqual(['lisbon']);
      expect(res.json()).toMatchObject({ total: 1, page: 1, limit: 30 });
      expect(keys((await t.app.inject(`/v1/articles/liked?visitorId=${BOB}`)).json())).toEqual([]);
    });

    it('leaves out an article that stopped being public', async () => {
      const db = t.database.handle.db;
      await db.updateTable('articles').set({ status: 0 }).where('id', '=', f.articles.lisbon).execute();
      try {
        expect(keys((await t.app.inject(`/v1/articles/viewed?visitorId=${ALICE}`)).json())).toEqual(['berlin', 'hamburg']);
      } finally {
        await db.updateTable('articles').set({ status: 1 }).where('id', '=', f.articles.lisbon).execute();
      }
    });

    it('answers 401 without a visitorId, and 400 with a malformed one', async () => {
      for (const path of ['/v1/articles/viewed', '/v1/articles/saved', '/v1/articles/liked']) {
        const missing = await t.app.inject(path);
        expect(missing.statusCode, path).toBe(401);
        expect(missing.json().message).toMatch(/visitorId is required/);
        const script = await t.app.inject(`${path}?visitorId=${encodeURIComponent('<script>alert(1)</script>')}`);
        expect(script.statusCode, path).toBe(400);
        expect(script.json().message).toMatch(/^querystring\.visitorId must match pattern/);
        const sqlish = await t.app.inject(`${path}?visitorId=${encodeURIComponent("a';drop table articles;--")}`);
        expect(sqlish.statusCode, path).toBe(400);
        const bad = await t.app.inject(`${path}?visitorId=${ALICE}&limit=0`);
        expect(bad.json().message).toMatch(/^querystring\.limit must be >= 1/);
      }
      const count = await t.database.handle.db
        .selectFrom('articles')
        .select(sql<string>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(8);
    });
  });

  describe('GET /v1/articles/pulse and /trending', () => {
    const list = async (url: string) => {
      const res = await t.app.inject(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public/);
      return res.json() as { items: { id: string }[]; total: number; limit: number };
    };
    /** Writes interactions straight to the table, e.g. old ones or ones on hidden articles. */
    const insert = async (key: ArticleKey, kind: number, actors: number, hoursAgo: number) => {
      await t.database.handle.db
        .insertInto('article_interactions')
        .values(
          Array.from({ length: actors }, (_, i) => ({
            article_id: f.articles[key],
            actor_type: 2,
            actor_id: `direct-${key}-${kind}-${hoursAgo}-${i}`,
            kind,
            created_at: new Date(Date.now() - hoursAgo * 3_600_000),
          })),
        )
        .execute();
      forgetCachedReads(t.database.handle.db);
    };

    beforeEach(clearInteractions);

    it('are empty when nothing was watched or liked', async () => {
      expect(await list('/v1/articles/pulse')).toMatchObject({ items: [], total: 0 });
      expect(await list('/v1/articles/trending')).toMatchObject({ items: [], total: 0 });
    });

    it('pulse ranks by views in the last hour, hidden articles never', async () => {
      await view(ALICE, 'lisbon', 'hamburg', 'potsdam');
      await view(BOB, 'hamburg', 'potsdam');
      await view(CAROL, 'potsdam');
      // Likes and saves are not views; old views do not count; hidden articles never show.
      await act('like', 'global', 'add', ALICE);
      await act('save', 'global', 'add', BOB);
      await insert('berlin', 4, 10, 2);
      await insert('pending', 4, 20, 0);
      await insert('scheduled', 4, 20, 0);
      const body = await list('/v1/articles/pulse');
      expect(keys(body)).toEqual(['potsdam', 'hamburg', 'lisbon']);
      expect(body.total).toBe(3);
      const second = await list('/v1/articles/pulse?limit=1&page=2');
      expect(keys(second)).toEqual(['hamburg']);
      expect(second.total).toBe(3);
      expect(await list('/v1/articles/pulse?limit=2&page=4')).toMatchObject({ items: [], total: 3 });
    });

    it('pulse breaks ties by the newer article', async () => {
      await view(ALICE, 'global', 'berlin', 'hamburg');
      expect(keys(await list('/v1/articles/pulse'))).toEqual(['berlin', 'hamburg', 'global']);
    });

    it('trending ranks by 3 × likes + 2 × saves + views over 48 hours', async () => {
      await act('like', 'global', 'add', ALICE); // 3
      await act('like', 'global', 'add', BOB); // 6
      await act('save', 'hamburg', 'add', ALICE); // 2
      await act('save', 'hamburg', 'add', BOB); // 4
      await view(ALICE, 'hamburg'); // 5
      await view(ALICE, 'lisbon', 'potsdam'); // 1 each; potsdam is newer
      await act('dislike', 'berlin', 'add', ALICE); // 0: not trending
      await insert('berlinMitte', 1, 5, 72); // too old
      await insert('pending', 1, 10, 1);
      await insert('scheduled', 1, 10, 1);
      const body = await list('/v1/articles/trending');
      expect(keys(body)).toEqual(['global', 'hamburg', 'potsdam', 'lisbon']);
      expect(body.total).toBe(4);
      expect(keys(await list('/v1/articles/trending?limit=2&page=2'))).toEqual(['potsdam', 'lisbon']);
      expect(await list('/v1/articles/trending?limit=2&page=3')).toMatchObject({ items: [], total: 4 });

      // A third like lifts hamburg (5 + 3) above global (6).
      await act('like', 'hamburg', 'add', CAROL);
      expect(keys(await list('/v1/articles/trending'))).toEqual(['hamburg', 'global', 'potsdam', 'lisbon']);
      // Taking back the likes of global drops it below the views.
      await act('like', 'global', 'remove', ALICE);
      await act('like', 'global', 'remove', BOB);
      expect(keys(await list('/v1/articles/trending'))).toEqual(['hamburg', 'potsdam', 'lisbon']);
    });

    it('clamp the limit and reject bad paging', async () => {
      expect((await list('/v1/articles/trending?limit=500')).limit).toBe(150);
      expect((await list('/v1/articles/pulse?limit=500')).limit).toBe(150);
      for (const url of ['/v1/articles/trending?limit=0', '/v1/articles/pulse?page=0', '/v1/articles/pulse?limit=x']) {
        const res = await t.app.inject(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().message).toMatch(/^querystring\.(limit|page)/);
      }
    });
  });
});
