import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite runs in-process. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; without it PGlite keeps everything in memory (tests). */
  pgliteDir?: string | undefined;
}

// Bounded waits so a database that is down turns into a 503, never a hung request.
const CONNECT_TIMEOUT_MS = 3_000;
const STATEMENT_TIMEOUT_MS = 15_000;

/**
 * Opens the database. Both drivers go through node-postgres' Pool: PGlite ships an adapter for it
 * (a pool of one connection, which also keeps PGlite's single session safe for transactions), so
 * every query and migration runs the same way on both.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  let pool: pg.Pool;
  let pglite: PGlite | undefined;
  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      statement_timeout: STATEMENT_TIMEOUT_MS,
      query_timeout: STATEMENT_TIMEOUT_MS + 1_000,
      max: 10,
    });
  } else {
    if (options.pgliteDir) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    pglite = await PGlite.create(options.pgliteDir, {
      extensions: { cube, earthdistance, pg_trgm, unaccent },
    });
    pool = new pg.Pool(createPgConfig(pglite));
  }
  // A client that loses its server emits 'error' (on the pool when idle, on itself when checked
  // out); unheard, it would crash the process. The query in flight or the next one reports it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    driver: options.databaseUrl ? 'postgres' : 'pglite',
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await pglite?.close();
    },
  };
}

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True for errors that mean the database cannot be reached, as opposed to a bad query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) {
    return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|PGlite is closed|driver has already been destroyed/i.test(
    error.message,
  );
}

/** True when a write broke a unique constraint (SQLSTATE 23505), e.g. a value already taken. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}
