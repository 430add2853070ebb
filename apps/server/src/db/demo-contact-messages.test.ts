import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { seedDemoContactMessages } from './demo-contact-messages';
import { migrate } from './migrate';

describe('the demo’s contact messages', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    // PGlite's test database comes migrated; a PostgreSQL one is empty.
    await migrate(database.handle.db);
  });
  afterAll(() => database?.dispose());

  it('puts one waiting and one handled message into an empty table, and nothing into one that has messages', async () => {
    const db = database.handle.db;
    expect(await seedDemoContactMessages(db, new Date('2026-11-27T08:00:00.000Z'))).toBe(2);
    const rows = await db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').execute();
    expect(rows.map((row) => [row.subject, row.handled_at === null])).toEqual([
      ['Subtitles in Portuguese?', true],
      ['Video stops on my TV', false],
    ]);
    expect(rows.every((row) => row.mailed_at !== null)).toBe(true);
    expect(await seedDemoContactMessages(db)).toBe(0);
    expect(await db.selectFrom('contact_messages').select('id').execute()).toHaveLength(2);
  });
});
