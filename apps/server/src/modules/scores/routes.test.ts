import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedContentFixture, type ArticleKey, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

const ALICE = 'visitor-alice-0001';
const BOB = 'visitor-bob-000002';

describe('reader preferences: category scores and the personal feed', () => {
  let t: TestApp;
  let f: ContentFixture;
  let keyOf: Map<string, ArticleKey>;

  const keys = (body: { items: { id: string }[] }) => body.items.map((item) => keyOf.get(item.id) ?? item.id);
  const postScores = (payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/scores/user', payload: payload as object });
  const scoresOf = async (visitorId: string) => {
    const res = await t.app.inject(`/v1/scores/user?visitorId=${visitorId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return (res.json() as { userCategoryScores: { categoryId: string; score: number }[] }).userCategoryScores;
  };
  const personalFeed = async (query: string) => {
    const res = await t.app.inject(`/v1/articles/user?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return res.json() as { items: { id: string }[]; total: number; page: number; limit: number };
  };
  const block = (visitorId: string, key: 'blockedPublishers' | 'blockedCategories', ids: string[]) =>
    t.database.handle.db
      .insertInto('reader_settings')
      .values({ actor_type: 2, actor_id: visitorId, key, value: JSON.stringify(ids) })
      .onConflict((oc) => oc.columns(['actor_type', 'actor_id', 'key']).doUpdateSet({ value: JSON.stringify(ids) }))
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    keyOf = new Map(Object.entries(f.articles).map(([key, id]) => [id, key as ArticleKey]));
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.database.handle.db.deleteFrom('user_category_scores').execute();
    await t.database.handle.db.deleteFrom('reader_settings').execute();
  });

  describe('GET and POST /v1/scores/user', () => {
    it('starts empty, sets scores, changes one, and clears one with 0', async () => {
      expect(await scoresOf(ALICE)).toEqual([]);
      const set = await postScores({
        visitorId: ALICE,
        userCategoryScores: [
          { categoryId: f.categories.sport, score: -50 },
          { categoryId: f.categories.politics, score: 80 },
        ],
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.headers['cache-control']).toBe('private, no-store');
      expect(set.json()).toEqual({
        userCategoryScores: [
          { categoryId: f.categories.politics, score: 80 },
          { categoryId: f.categories.sport, score: -50 },
        ],
      });
      // Only the categories given change.
      await postScores({ visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.science, score: 12.5 }] });
      await postScores({ visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.politics.toUpperCase(), score: 0 }] });
      expect(await scoresOf(ALICE)).toEqual([
        { categoryId: f.categories.science, score: 12.5 },
        { categoryId: f.categories.sport, score: -50 },
      ]);
      // Each reader has their own.
      expect(await scoresOf(BOB)).toEqual([]);
    });

    it('refuses bad input with a message naming the problem, and changes nothing', async () => {
      await postScores({ visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.sport, score: 30 }] });
      const cases: [unknown, number, RegExp][] = [
        [{ userCategoryScores: [{ categoryId: f.categories.politics, score: 10 }] }, 401, /visitorId is required/],
        [{ visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.politics, score: 101 }] }, 400, /score/],
        [{ visitorId: ALICE, userCategoryScores: [{ categoryId: 'politics', score: 10 }] }, 400, /categoryId/],
        [{ visitorId: ALICE, userCategoryScores: [] }, 400, /userCategoryScores/],
        [{ visitorId: "<script>alert('x')</script>", userCategoryScores: [{ categoryId: f.categories.politics, score: 1 }] }, 400, /visitorId/],
        [
          {
            visitorId: ALICE,
            userCategoryScores: [
              { categoryId: f.categories.politics, score: 10 },
              { categoryId: f.categories.politics, score: 20 },
            ],
          },
          400,
          /twice/,
        ],
        // All or nothing: a known category beside an unknown one is not set either.
        [
          {
            visitorId: ALICE,
            userCategoryScores: [
              { categoryId: f.categories.politics, score: 10 },
              { categoryId: randomUUID(), score: 20 },
            ],
          },
          404,
          /no category with id/,
        ],
      ];
      for (const [payload, status, message] of cases) {
        const res = await postScores(payload);
        expect(res.statusCode, `${JSON.stringify(payload)}: ${res.body}`).toBe(status);
        expect(res.json().message).toMatch(message);
      }
      expect(await scoresOf(ALICE)).toEqual([{ categoryId: f.categories.sport, score: 30 }]);
      expect((await t.app.inject('/v1/scores/user')).statusCode).toBe(401);
    });
  });

  describe('GET /v1/categories/user', () => {
    it("lists every category with the reader's score, most liked first, then by name", async () => {
      await postScores({ visitorId: ALICE, userCategoryScores: [{ categoryId: f.categories.sport, score: 40 }, { categoryId: f.categories.politics, score: -5 }] });
      const res = await t.app.inject(`/v1/categories/user?visitorId=${ALICE}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      const body = res.json() as { items: { id: string; score: number }[]; total: number };
      expect(body.items.map((item) => [item.id, item.score])).toEqual([
        [f.categories.sport, 40],
        [f.categories.science, 0],
        [f.categories.politics, -5],
      ]);
      expect(body.total).toBe(3);
      expect((await t.app.inject('/v1/categories/user')).statusCode).toBe(401);
    });
  });

  describe('GET /v1/articles/user', () => {
    it('is newest first for a reader without scores', async () => {
      expect(keys(await personalFeed(`visitorId=${ALICE}`))).toEqual(['berlin', 'potsdam', 'hamburg', 'lisbon', 'berlinMitte', 'global']);
    });

    it("orders by the reader's interest in the article's categories, then newest first", async () => {
      await postScores({
        visitorId: ALICE,
        userCategoryScores: [
          { categoryId: f.categories.science, score: 50 },
          { categoryId: f.categories.politics, score: -20 },
        ],
      });
      // science 50: potsdam, global; politics + science 30: lisbon; no score: hamburg, berlinMitte; politics -20: berlin.
      expect(keys(await personalFeed(`visitorId=${ALICE}`))).toEqual(['potsdam', 'global', 'lisbon', 'hamburg', 'berlinMitte', 'berlin']);
      // Someone else's scores change nothing for Bob.
      expect(keys(await personalFeed(`visitorId=${BOB}`))).toEqual(['berlin', 'potsdam', 'hamburg', 'lisbon', 'berlinMitte', 'global']);
      const page2 = await personalFeed(`visitorId=${ALICE}&limit=2&page=2`);
      expect(keys(page2)).toEqual(['lisbon', 'hamburg']);
      expect(page2).toMatchObject({ total: 6, page: 2, limit: 2 });
    });

    it("keeps to the reader's regions and leaves out the publishers and categories they blocked", async () => {
      expect(keys(await personalFeed(`visitorId=${ALICE}&regionIds=18`))).toEqual(['lisbon']);
      expect(keys(await personalFeed(`visitorId=${ALICE}&regionIds=11`))).toEqual(['berlin', 'potsdam', 'hamburg', 'berlinMitte']);
      await block(ALICE, 'blockedPublishers', [f.publishers.spree]);
      expect(keys(await personalFeed(`visitorId=${ALICE}`))).toEqual(['hamburg', 'lisbon', 'berlinMitte']);
      await block(ALICE, 'blockedCategories', [f.categories.sport, 'not-an-id']);
      expect(keys(await personalFeed(`visitorId=${ALICE}`))).toEqual(['lisbon']);
      expect(keys(await personalFeed(`visitorId=${BOB}&regionIds=11`))).toEqual(['berlin', 'potsdam', 'hamburg', 'berlinMitte']);
    });

    it('answers 400 naming the field for bad input', async () => {
      const cases: [string, RegExp][] = [
        ['', /visitorId is required/],
        [`visitorId=${ALICE}&regionIds=99`, /regionIds/],
        [`visitorId=${ALICE}&limit=0`, /limit/],
        [`visitorId=${ALICE}' OR 1=1 --`, /visitorId/],
      ];
      for (const [query, message] of cases) {
        const res = await t.app.inject(`/v1/articles/user?${query}`);
        expect(res.statusCode, `${query}: ${res.body}`).toBe(query === '' ? 401 : 400);
        expect(res.json().message).toMatch(message);
      }
    });
  });
});

describe('reader preferences while the database is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After to reads and writes', async () => {
    const write = await t.app.inject({
      method: 'POST',
      url: '/v1/scores/user',
      payload: { visitorId: ALICE, userCategoryScores: [{ categoryId: randomUUID(), score: 10 }] },
    });
    expect(write.statusCode).toBe(503);
    expect(write.headers['retry-after']).toBe('5');
    for (const url of [`/v1/scores/user?visitorId=${ALICE}`, `/v1/articles/user?visitorId=${ALICE}`, `/v1/categories/user?visitorId=${ALICE}`]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(503);
    }
  });
});
