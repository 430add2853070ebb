import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { CreateStreamCommand, KinesisClient, waitUntilStreamExists } from '@aws-sdk/client-kinesis';
import { jetstreamManager } from '@nats-io/jetstream';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { connect } from '@nats-io/transport-node';
import type { StreamRecord } from '@newsreel/contracts';
import kinesalite from 'kinesalite';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import type { Database } from '../src/db/schema';
import type { StreamLog } from '../src/integrations/stream/event-stream';
import { stampRecord, storedEventOf } from '../src/modules/analytics/event-records';
import type { StoredEventInput } from '../src/modules/analytics/event-store';
import { createTestDatabase, testDatabaseDriver } from './helpers';
import { createTcpRelay, type TcpRelay } from './tcp-relay';

/** The NATS server of this machine (README, "Tests"); TEST_NATS_URL points elsewhere. */
export const TEST_NATS_URL = process.env.TEST_NATS_URL || 'nats://127.0.0.1:4222';

/** A stream name no other test run uses, so runs never share a stream. */
export function uniqueStreamName(prefix = 'test_app_metrics'): string {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

/** A log that keeps quiet (tests look at outcomes, not log lines); DEBUG_STREAMS=1 prints it. */
export const quietLog: StreamLog = process.env.DEBUG_STREAMS
  ? { info: (details, message) => console.info(message, details), warn: (details, message) => console.warn(message, details), error: (details, message) => console.error(message, details) }
  : { info() {}, warn() {}, error() {} };

/** One event as the web app sends it (SPEC §3), with a fresh eventId. */
export function makeRecord(overrides: Partial<StreamRecord['data']> = {}, partitionKey: StreamRecord['partitionKey'] = 'app_events'): StreamRecord {
  const epochSeconds = Math.floor(Date.now() / 1000);
  return {
    partitionKey,
    data: {
      eventId: randomUUID(),
      action: 'Page View',
      timestamp: new Date(epochSeconds * 1000).toISOString(),
      epochSeconds,
      visitorId: 'visitor-test-0001',
      regionId: 0,
      screenWidth: 1280,
      screenHeight: 800,
      ...overrides,
    },
  };
}

/** Events stamped and ready for a stream's put, as the ingest makes them. */
export function makeEvents(count: number, partitionKey: StreamRecord['partitionKey'] = 'app_events'): StoredEventInput[] {
  const receivedAt = new Date();
  return Array.from({ length: count }, () => storedEventOf(stampRecord(makeRecord({}, partitionKey), { receivedAt, addressRegionId: 0 })));
}

/** How many times each of `eventIds` is in the store. */
export async function storedCounts(db: Kysely<Database>, eventIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ event_id: string; count: string }>`
    select event_id, count(*) as count from analytics_events where event_id = any(${eventIds}::uuid[]) group by event_id`.execute(db);
  return new Map(rows.map((row) => [row.event_id, Number(row.count)]));
}

/** Waits until `check` holds, or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 10_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A migrated database that can go down and come back. PostgreSQL: a relay is cut and restored, the
 * handle stays. PGlite lives in this process, so it comes back the only way it can: closed, and
 * opened again from its folder, as a restarted server would (bringBack answers the new handle).
 */
export interface RestartableDatabase {
  handle: DatabaseHandle;
  takeDown(): Promise<void>;
  bringBack(): Promise<DatabaseHandle>;
  dispose(): Promise<void>;
}

export async function createRestartableDatabase(): Promise<RestartableDatabase> {
  if (testDatabaseDriver === 'postgres') {
    const database = await createTestDatabase();
    await migrate(database.handle.db);
    return {
      handle: database.handle,
      takeDown: database.takeDown,
      async bringBack() {
        await database.bringBack!();
        return database.handle;
      },
      dispose: database.dispose,
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-pglite-'));
  const restartable: RestartableDatabase = {
    handle: await openDatabase({ pgliteDir: path.join(dir, 'db') }),
    takeDown: () => restartable.handle.close(),
    async bringBack() {
      restartable.handle = await openDatabase({ pgliteDir: path.join(dir, 'db') });
      return restartable.handle;
    },
    async dispose() {
      await restartable.handle.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await migrate(restartable.handle.db);
  return restartable;
}

/** A NATS JetStream stream of the test's own, deleted afterwards, reached through a relay that can be cut. */
export interface TestNats {
  /** The relay's address, for the stream under test. */
  url: string;
  relay: TcpRelay;
  deleteStream(name: string): Promise<void>;
  close(): Promise<void>;
}

export async function startTestNats(): Promise<TestNats> {
  const target = new URL(TEST_NATS_URL);
  const relay = await createTcpRelay(Number(target.port || 4222), target.hostname);
  return {
    url: `nats://127.0.0.1:${relay.port}`,
    relay,
    async deleteStream(name) {
      const nc = await connect({ servers: TEST_NATS_URL, timeout: 2_000 });
      try {
        await (await jetstreamManager(nc)).streams.delete(name).catch(() => false);
      } finally {
        await nc.close();
      }
    },
    close: relay.close,
  };
}

/** Credentials kinesalite takes (it checks none; the SDK signs with them). */
export const KINESALITE_CREDENTIALS = { accessKeyId: 'newsreel-test', secretAccessKey: 'newsreel-test-secret' };
export const KINESALITE_REGION = 'us-east-1';

/** kinesalite, in this process on a free port, behind a relay that can be cut (as if it stopped). */
export interface TestKinesis {
  /** The relay's address, for the stream under test. */
  endpoint: string;
  relay: TcpRelay;
  createStream(name: string, shards?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestKinesis(): Promise<TestKinesis> {
  const server = kinesalite({ createStreamMs: 0, deleteStreamMs: 0, updateStreamMs: 0, shardLimit: 1_000 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const relay = await createTcpRelay(port);
  // HTTP/1.1, which kinesalite speaks (the client's own default for Kinesis is HTTP/2).
  const direct = new KinesisClient({
    region: KINESALITE_REGION,
    endpoint: `http://127.0.0.1:${port}`,
    credentials: KINESALITE_CREDENTIALS,
    requestHandler: new NodeHttpHandler(),
  });
  return {
    endpoint: `http://127.0.0.1:${relay.port}`,
    relay,
    async createStream(name, shards = 2) {
      await direct.send(new CreateStreamCommand({ StreamName: name, ShardCount: shards }));
      await waitUntilStreamExists({ client: direct, maxWaitTime: 10, minDelay: 0.1, maxDelay: 0.2 }, { StreamName: name });
    },
    async close() {
      direct.destroy();
      await relay.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
