import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers';
import { keptPlan } from './client';

/** The statements this connection has prepared, by their text. */
const prepared = sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`;

describe('statements with their plan kept', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.dispose());

  it('are prepared once on a connection and answer for every value; other statements are not prepared', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      const doubled = (n: number) => keptPlan(sql<{ twice: number }>`SELECT ${n}::int * 2 AS twice`).execute(connection);
      for (const n of [1, 2, 3, 4, 5, 6, 7]) expect((await doubled(n)).rows).toEqual([{ twice: n * 2 }]);
      await sql`SELECT ${1}::int + 1 AS plain`.execute(connection);

      const statements = (await prepared.execute(connection)).rows.map((row) => row.statement);
      expect(statements.filter((text) => text.includes('* 2 AS twice'))).toHaveLength(1);
      expect(statements.some((text) => text.includes('AS plain'))).toBe(false);
    });
  });

  it('survive a value the statement refuses: the error is the query’s, and the next run answers', async () => {
    await database.handle.db.connection().execute(async (connection) => {
      const byId = (id: string) => keptPlan(sql<{ id: string }>`SELECT ${id}::uuid AS id`).execute(connection);
      await expect(byId('not-a-uuid')).rejects.toThrow(/invalid input syntax for type uuid/);
      const id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
      expect((await byId(id)).rows).toEqual([{ id }]);
      expect((await byId(id)).rows).toEqual([{ id }]);
    });
  });
});
