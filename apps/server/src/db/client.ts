import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, sql, type PostgresPool, type RawBuilder } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as an uncompressed tarball (see `pgliteTemplate`). */
  snapshot?(): Promise<Blob>;
}

/** How the app shares its database connections among requests (README, "Settings"). */
export interface DatabasePoolSettings {
  /** Connections to PostgreSQL at most; PGlite always has exactly one. */
  size: number;
  /**
   * How long a query may wait for a free connection (or for a new one to open) before it fails as
   * busy, so that overload turns into quick 503s instead of an ever longer queue.
   */
  waitMs: number;
  /** How many queries may wait for a connection at once; one more fails as busy without waiting. */
  maxWaiting: number;
  /** PostgreSQL cancels a statement that runs longer; PGlite cannot (it runs on this thread). */
  statementTimeoutMs: number;
  /** PostgreSQL's max_parallel_workers_per_gather in the app's sessions. */
  parallelWorkersPerGather: number;
}

/**
 * Defaults for a 2-core machine. PostgreSQL: about two connections per core plus one (more only
 * queue inside the database), and no parallel workers, which cost more to start than the short
 * queries of a request take. PGlite: its one connection serves every request in turn, so a
 * request waits longer there before it counts as overload.
 */
export function defaultPoolSettings(driver: DatabaseDriver): DatabasePoolSettings {
  return {
    size: 5,
    waitMs: driver === 'pglite' ? 1_000 : 500,
    maxWaiting: 100,
    statementTimeoutMs: 5_000,
    parallelWorkersPerGather: 0,
  };
}

/**
 * PGlite's shared buffers. PostgreSQL's default, 128 MB, is a server's; in PGlite it is resident
 * from the start (measured: about 100 MB more than with 32 MB, idle) and on a first start it adds
 * to initdb's peak (about 120 MB). Pages it does not hold are read from the files, which the
 * operating system caches anyway.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** How a statement marked by `keptPlan` begins (an SQL comment, so it runs as it is anywhere). */
const KEPT_PLAN_MARK = '/* plan kept */ ';

/**
 * Marks a statement whose plan each connection keeps: it is sent as a prepared statement named
 * after its text, so the database parses and plans it once per connection, not at every run, and
 * after five runs keeps one plan for all values when that costs no more. For lookups by key, whose
 * plan is the same whatever the values: planning was most of their cost (article by id at
 * 1,000,000 articles: 0.5 ms of PostgreSQL CPU a read as plain text, 0.13 ms with the plan kept).
 * And for lists whose plan is one index range whatever the values (the feed's). Not for statements
 * whose best plan depends on their values; a partial index's condition must be written as a literal
 * (`sql.lit`), or the kept plan cannot use the index. The text must be fixed (values as
 * parameters): each distinct text is kept on every connection.
 */
export function keptPlan<T>(statement: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(KEPT_PLAN_MARK)}${statement}`;
}

type QueryOf = pg.PoolClient['query'];

/** Sends the client's statements marked by `keptPlan` as named prepared statements. */
function keepMarkedPlans(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text !== 'string' || !text.startsWith(KEPT_PLAN_MARK)) return query(text, values, callback);
    const name = `kept_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    return query({ name, text, values }, callback);
  }) as QueryOf;
}

/** node-postgres' Pool's, when no connection came free within connectionTimeoutMillis; ours for one that came later. */
const POOL_WAIT_EXCEEDED = 'timeout exceeded when trying to connect';
/** Ours, when maxWaiting queries already wait for a connection. */
const POOL_QUEUE_FULL = 'too many queries are waiting for a database connection';
const QUERY_CANCELED = '57014'; // SQLSTATE of a statement cancelled at statement_timeout

export interface DatabaseOptions {
  /** PostgreSQL connection string; without it PGlite runs in-process. */
  databaseUrl?: string | undefined;
  /** Folder for PGlite's files; without it PGlite keeps everything in memory (tests). */
  pgliteDir?: string | undefined;
  /** Settings left out take defaultPoolSettings. */
  pool?: Partial<DatabasePoolSettings> | undefined;
  /**
   * PGlite only: a data folder to start from (a tarball from `snapshot()`) instead of an empty
   * database made by initdb; the tests start each database from one made once after the migrations.
   */
  pgliteTemplate?: Blob | undefined;
}

/**
 * Opens the database. Both drivers go through node-postgres' Pool: PGlite ships an adapter for it
 * (a pool of one connection, which also keeps PGlite's single session safe for transactions), so
 * every query and migration runs the same way on both. The pool's connectionTimeoutMillis bounds
 * both the wait for a free connection and the opening of a new one.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const driver: DatabaseDriver = options.databaseUrl ? 'postgres' : 'pglite';
  const settings = { ...defaultPoolSettings(driver), ...options.pool };
  let pool: pg.Pool;
  let pglite: PGlite | undefined;
  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: settings.size,
      connectionTimeoutMillis: settings.waitMs,
      statement_timeout: settings.statementTimeoutMs,
      options: `-c max_parallel_workers_per_gather=${settings.parallelWorkersPerGather}`,
      // Finds connections whose server went away without closing them.
      keepAlive: true,
    });
  } else {
    if (options.pgliteDir) await mkdir(path.dirname(options.pgliteDir), { recursive: true });
    const sharedBuffers = ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    pglite = await PGlite.create(options.pgliteDir, {
      extensions: { cube, earthdistance, pg_trgm, unaccent, vector },
      // initdb runs with it and writes it into postgresql.conf; the start parameter holds it for
      // databases made before too.
      initDbStartParams: sharedBuffers,
      startParams: [...PGlite.defaultStartParams, ...sharedBuffers],
      loadDataDir: options.pgliteTemplate,
    });
    pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, connectionTimeoutMillis: settings.waitMs });
  }
  // A client that loses its server emits 'error' (on the pool when idle, on itself when checked
  // out); unheard, it would crash the process. The query in flight or the next one reports it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    keepMarkedPlans(client);
  });

  // Kysely takes any pool with connect and end: node-postgres' own, refusing when the queue is
  // full, and refusing a connection that came after the wait. node-postgres' timer cannot say so
  // on PGlite: its queries run on this thread and the connection passes from one to the next in
  // microtasks, so a backlog runs to its end before any timer fires.
  const boundedPool: PostgresPool = {
    async connect() {
      if (pool.waitingCount >= settings.maxWaiting) throw new Error(POOL_QUEUE_FULL);
      const asked = performance.now();
      const client = await pool.connect();
      if (performance.now() - asked > settings.waitMs) {
        client.release();
        throw new Error(POOL_WAIT_EXCEEDED);
      }
      return client;
    },
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: boundedPool }) });
  let closed = false;
  const pgliteInstance = pglite;
  return {
    db,
    driver,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
      await pglite?.close();
    },
    ...(pgliteInstance && { snapshot: () => pgliteInstance.dumpDataDir('none') }),
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
  return /Connection terminated|Cannot use a pool after calling end|PGlite is closed|driver has already been destroyed/i.test(
    error.message,
  );
}

/**
 * True when the database is up but could not take or finish a query in time: too many queries
 * were waiting for a connection, none came free within the pool wait, or PostgreSQL cancelled a
 * statement at the statement timeout.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.message === POOL_QUEUE_FULL || error.message === POOL_WAIT_EXCEEDED || (error as { code?: unknown }).code === QUERY_CANCELED;
}

/** True when a write broke a unique constraint (SQLSTATE 23505), e.g. a value already taken. */
export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '23505';
}
