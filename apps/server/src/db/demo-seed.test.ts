import {
  AdminRole,
  ArticleStatus,
  PollStatus,
  PollVisibility,
  ReviewStatus,
  apiPaths,
  type AdminArticleList,
  type ArticleList,
  type PollCounts,
  type PollList,
  adminApiPaths,
} from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/helpers';
import { DEMO_HELD_BACK, DEMO_MODERATION } from './demo-moderation';
import { readCatalogue, seedDemoCatalogue } from './demo-seed';

describe('the demo catalogue', () => {
  let t: TestApp;
  let seeded: number;
  beforeAll(async () => {
    t = await createTestApp();
    seeded = await seedDemoCatalogue(t.database.handle.db);
  });
  afterAll(() => t.close());

  it('seeds published articles with poster, playable media and a timed transcript', async () => {
    const catalogue = await readCatalogue();
    expect(seeded).toBeGreaterThan(0);
    expect(seeded).toBeLessThanOrEqual(catalogue.articles.length);
    const feed = (await t.app.inject('/v1/articles?limit=5')).json();
    // All but the moderation desk's articles are live.
    expect(feed.total).toBe(seeded - DEMO_HELD_BACK);
    const article = (await t.app.inject(`/v1/articles/${feed.items[0].id}?transcript=true`)).json();
    expect(article.poster).toMatch(/^\/media\/demo\/.+\/poster\.jpg$/);
    expect(article.mediafile.url).toMatch(/\.(mp3|webm)$/);
    expect(article.transcript.cues.length).toBeGreaterThan(2);
    const media = await t.app.inject({ url: article.mediafile.url, headers: { range: 'bytes=0-99' } });
    expect(media.statusCode).toBe(206);
  });

  it('seeds live public polls with every kind of target, and votes near, in and beyond their regions', async () => {
    const db = t.database.handle.db;
    const polls = await db.selectFrom('polls').selectAll().orderBy('priority').execute();
    expect(polls.length).toBeGreaterThanOrEqual(6);
    expect(polls.every((poll) => poll.status === PollStatus.LIVE && poll.visibility === PollVisibility.PUBLIC)).toBe(true);
    expect(new Set(polls.map((poll) => poll.type))).toEqual(new Set([0, 1]));
    expect(new Set(polls.map((poll) => poll.priority)).size).toBe(polls.length);
    const targets = await db.selectFrom('poll_targets').selectAll().execute();
    expect(targets.some((target) => target.region_ids.length > 0)).toBe(true);
    expect(targets.some((target) => target.category_ids.length > 0)).toBe(true);
    expect(targets.some((target) => target.publisher_id !== null)).toBe(true);
    expect(targets.some((target) => target.story_id !== null)).toBe(true);
    expect(targets.some((target) => target.radius !== null && target.radius >= 50_000 && target.radius <= 100_000)).toBe(true);
    const global = polls.filter((poll) => !targets.some((target) => target.poll_id === poll.id));
    expect(global).toHaveLength(1);
    expect(await db.selectFrom('poll_questions').select('field').where('type', '=', 2).execute()).toEqual([{ field: 'ageBracket' }]);

    // A reader opening any demo article is offered at least the global poll.
    const feed = (await t.app.inject('/v1/articles?limit=150')).json() as { items: { id: string }[] };
    for (const article of feed.items) {
      const found = (await t.app.inject({ method: 'POST', url: apiPaths.pollsFind, payload: { articleId: article.id } })).json() as PollList;
      expect(found.items.map((poll) => poll.id)).toContain(global[0]!.id);
    }
    // Near Berlin: the Berlin poll first.
    const berlin = (await t.app.inject({ method: 'POST', url: apiPaths.pollsFind, payload: { lat: 52.5, lon: 13.4, regionIds: [4, 11] } })).json() as PollList;
    expect(berlin.items[0]!.name).toMatch(/Berlin/);

    const counts = (await t.app.inject(`${apiPaths.pollCounts(global[0]!.id)}?lat=51.5074&lon=-0.1278&regionId=3`)).json() as PollCounts;
    const everyone = counts.everyone[0]!.total;
    expect(everyone).toBeGreaterThan(counts.region!.questions[0]!.total);
    expect(counts.region!.questions[0]!.total).toBeGreaterThan(0);
    expect(counts.nearby!.questions[0]!.total).toBeGreaterThan(0);
    expect(counts.nearby!.questions[0]!.total).toBeLessThan(everyone);
  });

  it('seeds a moderation queue, one with an AI-written summary, and an article scheduled a few hours ahead', async () => {
    await makeAccount(t.database.handle.db, 'demo-desk@example.com', { adminRole: AdminRole.MODERATOR });
    const auth = await adminAuth(t.app, await signIn(t.app, 'demo-desk@example.com'));
    const list = async (query: string) => {
      const res = await t.app.inject({ url: `${adminApiPaths.articles}?${query}`, headers: auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as AdminArticleList;
    };
    const queue = await list('reviewStatus=1&sort=reviewRequestedAt&order=asc');
    expect(queue.items.map((article) => article.slug)).toEqual(DEMO_MODERATION.awaitingReview.map((entry) => entry.slug));
    expect(queue.items.every((article) => article.status === ArticleStatus.REVIEW && article.publishedAt === null && article.media.length > 0)).toBe(true);
    expect(queue.items.filter((article) => article.summaryByAi).map((article) => article.slug)).toEqual(['delhi-air-quality-best-autumn']);
    const scheduled = await list(`status=${ArticleStatus.SCHEDULED}`);
    expect(scheduled.items).toMatchObject([{ slug: DEMO_MODERATION.scheduled[0].slug, reviewStatus: ReviewStatus.APPROVED, live: false }]);
    expect(Date.parse(scheduled.items[0]!.scheduledAt!)).toBeGreaterThan(Date.now());
    const live = ((await t.app.inject('/v1/articles?limit=150')).json() as ArticleList).items.map((article) => article.id);
    for (const held of [...queue.items, ...scheduled.items]) expect(live).not.toContain(held.id);
  });

  it('does nothing the second time', async () => {
    expect(await seedDemoCatalogue(t.database.handle.db)).toBe(0);
  });
});
