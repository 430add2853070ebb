import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: it only has to be the same for every Newsreel process on one database.
const MIGRATION_LOCK_ID = 724_001;

/**
 * Applies the ordered SQL files of ./migrations that have not run yet, each in its own
 * transaction. A failing migration throws, and the caller stops the start.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  const applied: string[] = [];
  await db.connection().execute(async (connection) => {
    // A migration that moves many rows, or the wait for another server's, outlasts the statement
    // timeout meant for requests; the connection gets it back before it returns to the pool.
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      // Servers starting together on one PostgreSQL must not run the same migration twice.
      await sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`.execute(connection);
      await sql`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(connection);
      const done = new Set(
        (await connection.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await connection.transaction().execute(async (trx) => {
          await sql.raw(text).execute(trx);
          await trx.insertInto('schema_migrations').values({ name: file }).execute();
        });
        applied.push(file);
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`.execute(connection);
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
  return applied;
}
