import { PollStatus, PollVisibility, apiPaths, type PollCounts, type PollList } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
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
    expect(feed.total).toBe(seeded);
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

  it('does nothing the second time', async () => {
    expect(await seedDemoCatalogue(t.database.handle.db)).toBe(0);
  });
});
