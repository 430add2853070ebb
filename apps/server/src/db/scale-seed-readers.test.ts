import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seedScale } from './scale-seed';
import { scaleVisitorId, seedScaleReaders, type ScaleReadersResult } from './scale-seed-readers';
import type { Database } from './schema';

const ARTICLES = 400;
const VISITORS = 60;

/** One fingerprint of every reader row, so two databases (or two moments) can be compared. */
async function readerRows(db: Kysely<Database>) {
  const { rows } = await sql<{ interactions: string; scores: string; settings: string }>`
    SELECT
      (SELECT md5(string_agg(concat_ws('|', actor_type, actor_id, kind, article_id, created_at), ',' ORDER BY actor_type, actor_id, kind, article_id))
        FROM article_interactions) AS interactions,
      (SELECT md5(string_agg(concat_ws('|', actor_type, actor_id, category_id, score, updated_at), ',' ORDER BY actor_type, actor_id, category_id))
        FROM user_category_scores) AS scores,
      (SELECT md5(string_agg(concat_ws('|', actor_type, actor_id, key, value::text), ',' ORDER BY actor_type, actor_id, key))
        FROM reader_settings) AS settings`.execute(db);
  return rows[0];
}

async function seededDatabase(): Promise<{ t: TestApp; first: ScaleReadersResult }> {
  const t = await createTestApp();
  await seedScale(t.database.handle.db, { articles: ARTICLES, transcripts: false });
  // Small batches, so that the run is several statements, as at scale.
  const first = await seedScaleReaders(t.database.handle.db, { articles: ARTICLES, visitors: VISITORS, batchSize: 25 });
  return { t, first };
}

describe('the scale readers', () => {
  let a: TestApp;
  let b: TestApp;
  let first: ScaleReadersResult;
  beforeAll(async () => {
    ({ t: a, first } = await seededDatabase());
    ({ t: b } = await seededDatabase());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('writes interactions, scores and settings for every visitor', async () => {
    expect(first.seededVisitors).toBe(VISITORS);
    expect(first.interactions).toBeGreaterThan(VISITORS);
    expect(first.scores).toBeGreaterThan(0);
    expect(first.settings).toBeGreaterThan(0);
    const { rows } = await sql<{ visitors: number }>`
      SELECT count(DISTINCT actor_id)::int AS visitors FROM article_interactions WHERE actor_type = 2 AND actor_id LIKE 'scale-visitor-%'`.execute(a.database.handle.db);
    expect(rows[0]?.visitors).toBe(VISITORS);
  });

  it('writes the same rows into two databases, and nothing more the second time', async () => {
    const before = await readerRows(a.database.handle.db);
    expect(before).toEqual(await readerRows(b.database.handle.db));
    const again = await seedScaleReaders(a.database.handle.db, { articles: ARTICLES, visitors: VISITORS, batchSize: 25 });
    expect(again).toMatchObject({ seededVisitors: 0, interactions: 0, scores: 0, settings: 0 });
    expect(await readerRows(a.database.handle.db)).toEqual(before);
  });

  it('never has a visitor both like and dislike an article', async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM article_interactions l
      JOIN article_interactions d USING (actor_type, actor_id, article_id)
      WHERE l.kind = 1 AND d.kind = 2`.execute(a.database.handle.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('is skewed: a few articles get most views, most visitors touch fewer articles than the mean', async () => {
    const db = a.database.handle.db;
    const { rows } = await sql<{ top_share: number; below_mean: number }>`
      WITH per_article AS (SELECT article_id, count(*) AS views FROM article_interactions WHERE kind = 4 GROUP BY article_id),
      per_visitor AS (SELECT actor_id, count(*) AS views FROM article_interactions WHERE kind = 4 GROUP BY actor_id)
      SELECT
        (SELECT sum(views) FROM (SELECT views FROM per_article ORDER BY views DESC LIMIT ${ARTICLES / 10}) top)::float8
          / (SELECT sum(views) FROM per_article) AS top_share,
        (SELECT count(*) FILTER (WHERE views < (SELECT avg(views) FROM per_visitor)) FROM per_visitor)::float8
          / (SELECT count(*) FROM per_visitor) AS below_mean`.execute(db);
    // The top 10% of the articles hold well over 10% of the views.
    expect(rows[0]?.top_share).toBeGreaterThan(0.3);
    expect(rows[0]?.below_mean).toBeGreaterThan(0.5);
  });

  it('gives the personal feed real scores and blocked publishers to read', async () => {
    const db = a.database.handle.db;
    const { rows } = await sql<{ actor_id: string; value: string[] }>`
      SELECT actor_id, value FROM reader_settings WHERE key = 'blockedPublishers' ORDER BY actor_id LIMIT 1`.execute(db);
    const blocker = rows[0];
    expect(blocker?.actor_id).toMatch(/^scale-visitor-\d+$/);
    const feed = await a.app.inject(`/v1/articles/user?visitorId=${blocker!.actor_id}&limit=50`);
    expect(feed.statusCode).toBe(200);
    const items = feed.json<{ items: { publisher: { id: string } }[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(blocker!.value).not.toContain(item.publisher.id);

    const scores = await a.app.inject(`/v1/scores/user?visitorId=${scaleVisitorId(1)}`);
    for (const { score } of scores.json<{ userCategoryScores: { score: number }[] }>().userCategoryScores) {
      expect(Math.abs(score)).toBeLessThanOrEqual(100);
    }
  });
});
