import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/db/client';
import { readRollups, recountRollups } from '../apps/server/test/rollups';
import { createAnalyticsSender, type AnalyticsRecord, type QueueStorage } from '../apps/web/src/lib/analytics-sender';
import { startOwnServer } from './helpers';
import { startServer, type RunningServer } from './server-process';

/**
 * Exactly once through a crash (issue 12, "Reliability"): the reader's own sender code (the web
 * app's lib/analytics-sender.ts, run here in Node) sends a steady stream of events while the
 * server process is SIGKILLed mid-stream and started again on the same address and data. Every
 * event whose batch got a 200 must be in the store once; every batch that did not is sent again
 * by the sender and then stored once; and the roll-ups must equal a recount from the store.
 * On PGlite (the embedded default, its files in the data folder) and on PostgreSQL.
 */

const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const PRODUCE_MS = 6_000;
const KILL_AT_MS = 2_500;
const DOWN_MS = 800;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

function memoryStorage(): QueueStorage {
  let kept: AnalyticsRecord[] | undefined;
  return { get: () => kept, set: (records) => void (kept = records) };
}

function event(sequence: number): AnalyticsRecord {
  const now = Date.now();
  const articleId = randomUUID();
  return {
    partitionKey: 'article_events',
    data: {
      eventId: randomUUID(),
      action: sequence % 3 === 0 ? 'Play' : 'Watch Time',
      timestamp: new Date(now).toISOString(),
      epochSeconds: Math.floor(now / 1000),
      visitorId: `crash-visitor-${sequence % 17}`,
      regionId: 0,
      screenWidth: 1280,
      screenHeight: 800,
      articleId,
      articleTitle: 'A crash-test article',
      articleTerritory: 'national',
      articleBreaking: false,
      publisherName: 'Crash Test Publisher',
      publisherId: randomUUID(),
      watchSeconds: 1 + (sequence % 9),
    },
  };
}

async function createPostgresDatabase(): Promise<string> {
  const name = `newsreel_crash_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3_000 });
  await admin.connect().catch((error: Error) => {
    throw new Error(`PostgreSQL at ${POSTGRES_URL} cannot be reached (${error.message}): this test needs it (set TEST_DATABASE_URL to another server).`);
  });
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
  });
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function pendingRollups(baseUrl: string): Promise<number | undefined> {
  const response = await fetch(`${baseUrl}/status`).catch(() => undefined);
  if (!response?.ok) return undefined;
  return ((await response.json()) as { analytics?: { pendingEvents: number } }).analytics?.pendingEvents;
}

async function runThroughACrash(env: Record<string, string>) {
  // The roll-ups run in the server, as by default outside tests.
  const serverEnv = { DEMO_CONTENT: 'off', ROLLUPS: 'in-process', ...env };
  let server: RunningServer = await startOwnServer({ env: serverEnv });
  const { port, dataDir } = server;
  cleanups.push(() => server.stop());

  const sent = new Set<string>();
  const acknowledged = new Set<string>();
  let failedCalls = 0;
  const recordingFetch: typeof fetch = async (input, init) => {
    const ids = (JSON.parse(String(init?.body)) as { events: AnalyticsRecord[] }).events.map((record) => record.data.eventId);
    try {
      const response = await fetch(input, init);
      if (response.status === 200) for (const id of ids) acknowledged.add(id);
      else failedCalls++;
      return response;
    } catch (error) {
      failedCalls++;
      throw error;
    }
  };
  const reported: unknown[] = [];
  const sender = createAnalyticsSender({
    url: `${server.baseUrl}/v1/proxy/kinesis`,
    fetch: recordingFetch,
    sendBeacon: null,
    storage: memoryStorage(),
    isPageHidden: () => false,
    reportError: (error) => reported.push(error),
    // The server is down for seconds (its restart included) while 400 events a second keep
    // coming: more than a browser's bound keeps, which its own tests cover.
    maxQueued: 100_000,
    // Retries come quickly here so the test is short; the backoff itself is the sender's unit tests'.
    firstRetryDelayMs: 200,
    maxRetryDelayMs: 1_000,
  });

  const started = Date.now();
  let sequence = 0;
  const producing = setInterval(() => {
    const batch = Array.from({ length: 20 }, () => event(sequence++));
    for (const record of batch) sent.add(record.data.eventId);
    sender.enqueue(...batch);
  }, 50);

  await new Promise((resolve) => setTimeout(resolve, KILL_AT_MS));
  const acknowledgedBeforeKill = acknowledged.size;
  await server.kill();
  await new Promise((resolve) => setTimeout(resolve, DOWN_MS));
  server = await startServer({ port, dataDir, env: serverEnv });
  cleanups.push(() => server.stop());

  await new Promise((resolve) => setTimeout(resolve, Math.max(0, PRODUCE_MS - (Date.now() - started))));
  clearInterval(producing);
  await Promise.race([sender.drained(), new Promise((_, reject) => setTimeout(() => reject(new Error(`${sender.queued().length} events still queued after 60 s`)), 60_000))]);
  sender.stop();

  // The roll-ups catch up with everything that arrived.
  const deadline = Date.now() + 60_000;
  while ((await pendingRollups(server.baseUrl)) !== 0) {
    if (Date.now() > deadline) throw new Error('The roll-ups did not catch up within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: `${dataDir}/db` });
  try {
    const ids = [...sent];
    const { rows } = await sql<{ event_id: string; copies: string }>`
      select event_id, count(*) as copies from analytics_events where event_id = any(${ids}::uuid[]) group by event_id`.execute(database.db);
    return {
      sent: ids.length,
      acknowledgedBeforeKill,
      acknowledged: acknowledged.size,
      failedCalls,
      stored: rows.length,
      storedTwice: rows.filter((row) => Number(row.copies) !== 1).length,
      missingAcknowledged: [...acknowledged].filter((id) => !rows.some((row) => row.event_id === id)).length,
      rollups: await readRollups(database.db),
      recount: await recountRollups(database.db),
    };
  } finally {
    await database.close();
  }
}

describe('analytics through a server crash', () => {
  for (const driver of ['pglite', 'postgres'] as const) {
    it(`stores every event exactly once, and the roll-ups equal a recount (${driver})`, async () => {
      const env: Record<string, string> = driver === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {};
      const outcome = await runThroughACrash(env);
      // The crash happened mid-stream: batches were acknowledged before it, and some calls failed.
      expect(outcome.acknowledgedBeforeKill).toBeGreaterThan(0);
      expect(outcome.failedCalls).toBeGreaterThan(0);
      expect(outcome.acknowledged).toBeGreaterThan(outcome.acknowledgedBeforeKill);
      // Everything sent got in, acknowledged or not; nothing twice.
      expect(outcome.missingAcknowledged).toBe(0);
      expect(outcome.stored).toBe(outcome.sent);
      expect(outcome.storedTwice).toBe(0);
      expect(outcome.rollups.length).toBeGreaterThan(0);
      expect(outcome.rollups).toEqual(outcome.recount);
    }, 240_000);
  }
});
