import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../test/helpers';
import { seedScale } from './scale-seed';

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
});
