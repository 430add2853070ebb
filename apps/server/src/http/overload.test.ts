import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../test/helpers';
import { seedDemoCatalogue } from '../db/demo-seed';
import { DATABASE_BUSY_MESSAGE } from './errors';

const POOL_WAIT_MS = 100;
/** Connections of the test pool: PGlite always has one. */
const CONNECTIONS = testDatabaseDriver === 'postgres' ? 2 : 1;

/**
 * Takes every connection of the pool, as requests running slow queries would, until `release`.
 * Resolves once they are all taken.
 */
async function occupyConnections(t: TestApp): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken = 0;
  const holders = Array.from({ length: CONNECTIONS }, () =>
    t.database.handle.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      taken += 1;
      await released;
    }),
  );
  while (taken < CONNECTIONS) await new Promise((resolve) => setTimeout(resolve, 5));
  return {
    async release() {
      release();
      await Promise.all(holders);
    },
  };
}

/** A read that always goes to the database: a visitor's feed is never answered from the micro-cache. */
const uncachedRead = (n: number) => `/v1/articles?limit=5&visitorId=overload-visitor-${n}`;

describe('a database with every connection busy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DATABASE_POOL_SIZE: String(CONNECTIONS),
      DATABASE_POOL_WAIT_MS: String(POOL_WAIT_MS),
      RATE_LIMITS: 'off',
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and a code within about the pool wait, and changes nothing', async () => {
    const { release } = await occupyConnections(t);
    const started = performance.now();
    const timed = async <T>(request: Promise<T>) => {
      const response = await request;
      return { response, ms: performance.now() - started };
    };
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, (_, n) => timed(t.app.inject(uncachedRead(n)))),
      timed(
        t.app.inject({
          method: 'POST',
          url: '/v1/locations',
          payload: { label: 'Overload', countryName: 'Norway', city: 'Oslo', lat: 59.91, lon: 10.75 },
        }),
      ),
    ]);
    await release();

    for (const { response, ms } of answers) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ statusCode: 503, code: 'TEMPORARILY_UNAVAILABLE', message: DATABASE_BUSY_MESSAGE });
      // node-postgres' old 3 s connection timeout was the wait before; now it is the pool wait.
      expect(ms).toBeGreaterThanOrEqual(POOL_WAIT_MS - 5);
      expect(ms).toBeLessThan(1_500);
    }
    const written = await t.database.handle.db.selectFrom('locations').select('id').where('label', '=', 'Overload').execute();
    expect(written).toEqual([]);
  });

  it('serves every request that gets a connection within the wait, and recovers once the connections are free', async () => {
    const { release } = await occupyConnections(t);
    const waiting = Promise.all(Array.from({ length: 10 }, (_, n) => t.app.inject(uncachedRead(100 + n))));
    // Freed well within the pool wait of each waiting request: none of them is turned away.
    await new Promise((resolve) => setTimeout(resolve, POOL_WAIT_MS / 5));
    await release();
    expect((await waiting).map((response) => response.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));

    // Once free, every request is served: one after another, so that how many reads this machine
    // does within the pool wait (20 at once outlast it on PGlite's one connection) does not count.
    const after: number[] = [];
    for (let n = 0; n < 20; n++) after.push((await t.app.inject(uncachedRead(200 + n))).statusCode);
    expect(after).toEqual(Array.from({ length: 20 }, () => 200));
  });
});

describe('a full queue for the database connections', () => {
  const MAX_WAITING = 5;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      DATABASE_POOL_SIZE: String(CONNECTIONS),
      DATABASE_POOL_WAIT_MS: '10000',
      DATABASE_POOL_MAX_WAITING: String(MAX_WAITING),
    });
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('turns the requests beyond it away at once, and serves those in it once a connection is free', async () => {
    const { release } = await occupyConnections(t);
    const answeredEarly: number[] = [];
    const requests = Array.from({ length: 15 }, (_, n) =>
      t.app.inject(uncachedRead(n)).then((response) => {
        answeredEarly.push(response.statusCode);
        return response;
      }),
    );
    // A small part of the 10 s wait: only a full queue can have answered by then.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const refused = [...answeredEarly];
    await release();
    const answers = await Promise.all(requests);

    expect(refused.length).toBeGreaterThanOrEqual(15 - MAX_WAITING);
    expect(refused.every((status) => status === 503)).toBe(true);
    for (const response of answers.filter((answer) => answer.statusCode === 503)) {
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE' });
    }
    // Nothing in the queue was lost: every request still waiting then was served.
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(15 - refused.length);
    expect(15 - refused.length).toBeGreaterThan(0);
  });
});

describe.skipIf(testDatabaseDriver !== 'pglite')('a backlog of queries on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_POOL_WAIT_MS: '20' });
    await seedDemoCatalogue(t.database.handle.db);
    await t.app.ready();
  });
  afterAll(() => t.close());

  it('refuses the queries that got the connection after the wait, though they run back to back on this thread', async () => {
    // Uncached article searches over the demo catalogue (one query each, milliseconds long).
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => t.app.inject(`/v1/search?q=harbour&type=articles&visitorId=backlog-visitor-${n}`)),
    );
    const ms = performance.now() - started;
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(10);
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    // Refused without running: the whole burst takes far less than 30 searches would.
    expect(ms).toBeLessThan(2_000);
  });
});

describe.skipIf(testDatabaseDriver !== 'postgres')('the app sessions on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ DATABASE_POOL_SIZE: '1', DATABASE_STATEMENT_TIMEOUT_MS: '300' });
    t.app.get('/test/slow-statement', async () => {
      await sql`select pg_sleep(5)`.execute(t.database.handle.db);
      return { finished: true };
    });
  });
  afterAll(() => t.close());

  it('cancels a statement at the statement timeout and answers 503 with Retry-After', async () => {
    const started = performance.now();
    const response = await t.app.inject('/test/slow-statement');
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE' });
    expect(performance.now() - started).toBeLessThan(3_000);
    // The connection is not lost with the statement: the next request is answered.
    expect((await t.app.inject(uncachedRead(1))).statusCode).toBe(200);
  });

  it('runs without parallel workers, and keeps the statement timeout after the migrations lifted theirs', async () => {
    const setting = async (name: string) =>
      (await sql<{ value: string }>`select current_setting(${name}) as value`.execute(t.database.handle.db)).rows[0]?.value;
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
    expect(await setting('statement_timeout')).toBe('300ms');
  });
});
