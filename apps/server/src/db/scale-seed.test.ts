import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../test/helpers';
import { SCALE_ANCHOR, seedScale } from './scale-seed';

describe('the scale seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('counts every article it inserts, with batches running at once, and inserts none again', async () => {
    const db = t.database.handle.db;
    // Small batches, on two connections at once where there are two (PGlite has one), with the
    // statistics refreshed along the way.
    const concurrency = testDatabaseDriver === 'postgres' ? 2 : 1;
    const first = await seedScale(db, { articles: 120, batchSize: 10, concurrency, transcripts: false });
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM articles WHERE slug LIKE 'scale-%'`.execute(db);
    expect(Number(rows[0]!.n)).toBe(120);
    expect(first.inserted).toBe(120);
    const again = await seedScale(db, { articles: 120, batchSize: 10, concurrency, transcripts: false });
    expect(again.inserted).toBe(0);
  }, 120_000);

  it('publishes article n after article n - 1, the newest within the last slot before the anchor', async () => {
    const db = t.database.handle.db;
    await seedScale(db, { articles: 120, batchSize: 10, transcripts: false });
    const { rows } = await sql<{ n: number; age: number }>`
      SELECT substr(slug, 7)::int AS n, extract(epoch FROM ${SCALE_ANCHOR}::timestamptz - published_at)::float8 AS age
      FROM articles WHERE slug LIKE 'scale-%' ORDER BY published_at`.execute(db);
    expect(rows.map((row) => row.n)).toEqual(Array.from({ length: 120 }, (_, k) => k + 1));
    const slot = Math.floor((365 * 24 * 3600) / 120);
    expect(rows.at(-1)!.age).toBeGreaterThanOrEqual(0);
    expect(rows.at(-1)!.age).toBeLessThan(slot);
    expect(rows[0]!.age).toBeGreaterThanOrEqual(119 * slot);
  }, 120_000);
});
