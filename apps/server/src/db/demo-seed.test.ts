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

  it('does nothing the second time', async () => {
    expect(await seedDemoCatalogue(t.database.handle.db)).toBe(0);
  });
});
