import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KINESALITE_CREDENTIALS,
  KINESALITE_REGION,
  createRestartableDatabase,
  eventually,
  makeEvents,
  quietLog,
  startTestKinesis,
  startTestNats,
  storedCounts,
  uniqueStreamName,
  type RestartableDatabase,
  type TestKinesis,
  type TestNats,
} from '../../../test/streams';
import type { StoredEventInput } from '../../modules/analytics/event-store';
import type { OpenedEventStream } from './create-event-stream';
import { StreamUnavailableError, type StreamReader } from './event-stream';
import { openKinesisStream, type KinesisEventStream } from './kinesis-stream';
import { openNatsStream } from './nats-stream';
import { createPostgresStream } from './postgres-stream';

/**
 * One contract, three streams: what put resolves is in the event store exactly once (for NATS and
 * Kinesis once their reader has copied it); a batch put again is still there once; with the
 * stream's server down put refuses promptly with StreamUnavailableError, and once it is back the
 * client's retry of that batch lands, once. Outside servers are real: PostgreSQL or PGlite, the
 * NATS server of this machine, kinesalite.
 */
interface Harness {
  /** The stream under test, over the store `database`; opened again after a restart of PGlite. */
  open(): Promise<OpenedEventStream>;
  takeDown(): Promise<void>;
  /** Answers true when the stream had to be opened again (the store itself restarted). */
  bringBack(): Promise<boolean>;
  close(): Promise<void>;
}

type Driver = 'postgres' | 'nats' | 'kinesis';

async function createHarness(driver: Driver, database: RestartableDatabase): Promise<Harness> {
  const name = uniqueStreamName();
  if (driver === 'postgres') {
    return {
      open: async () => createPostgresStream(database.handle, name),
      takeDown: () => database.takeDown(),
      async bringBack() {
        const before = database.handle;
        return (await database.bringBack()) !== before;
      },
      close: async () => {},
    };
  }
  if (driver === 'nats') {
    const nats: TestNats = await startTestNats();
    return {
      open: () => openNatsStream({ url: nats.url, name, log: quietLog }),
      takeDown: () => nats.relay.cut(),
      async bringBack() {
        await nats.relay.restore();
        return false;
      },
      async close() {
        await nats.deleteStream(name);
        await nats.close();
      },
    };
  }
  const kinesis: TestKinesis = await startTestKinesis();
  await kinesis.createStream(name);
  return {
    open: () =>
      openKinesisStream({ name, region: KINESALITE_REGION, endpoint: kinesis.endpoint, credentials: KINESALITE_CREDENTIALS, log: quietLog, retryDelayMs: 20 }),
    takeDown: () => kinesis.relay.cut(),
    async bringBack() {
      await kinesis.relay.restore();
      return false;
    },
    close: () => kinesis.close(),
  };
}

describe.each<Driver>(['postgres', 'nats', 'kinesis'])('the %s stream', (driver) => {
  let database: RestartableDatabase;
  let harness: Harness;
  let stream: OpenedEventStream;
  let reader: StreamReader | undefined;

  async function openStream() {
    stream = await harness.open();
    // Kinesis shards are polled quickly here; in the server an idle shard waits a second.
    reader =
      driver === 'kinesis' ? (stream as KinesisEventStream).startReader(database.handle.db, { pollMs: 50 }) : stream.startReader?.(database.handle.db);
  }

  /** Waits until every event is in the store, then answers how many times each is there. */
  async function inStore(events: readonly StoredEventInput[]): Promise<number[]> {
    const ids = events.map((event) => event.eventId);
    await eventually(async () => (await storedCounts(database.handle.db, ids)).size === ids.length, 15_000, 'the copy into the store');
    // Long enough for a second copy of any of them to arrive, if one were coming.
    if (driver !== 'postgres') await new Promise((resolve) => setTimeout(resolve, 300));
    const counts = await storedCounts(database.handle.db, ids);
    return ids.map((id) => counts.get(id) ?? 0);
  }

  beforeAll(async () => {
    database = await createRestartableDatabase();
    harness = await createHarness(driver, database);
    await openStream();
  });
  afterAll(async () => {
    await reader?.stop();
    await stream?.close();
    await harness?.close();
    await database?.dispose();
  });

  it('stores what put resolved, each event once', async () => {
    const events = [...makeEvents(40, 'app_events'), ...makeEvents(30, 'article_events'), ...makeEvents(30, 'ad_events')];
    expect(await stream.put(events)).toBe(100);
    expect(await inStore(events)).toEqual(events.map(() => 1));
    expect(await stream.health()).toEqual({ status: 'up' });
  });

  it('stores a batch put twice once', async () => {
    const events = makeEvents(25);
    expect(await stream.put(events)).toBe(25);
    // PostgreSQL and NATS (within its duplicate window) recognise the retry; Kinesis cannot, and
    // the copy into the store drops it.
    expect(await stream.put(events)).toBe(driver === 'kinesis' ? 25 : 0);
    expect(await inStore(events)).toEqual(events.map(() => 1));
  });

  it.skipIf(driver === 'postgres')('stores each event once while two servers copy the stream at once', async () => {
    // A second server: its own connection and its own reader (for NATS, of the same durable consumer).
    const second = await harness.open();
    const secondReader =
      driver === 'kinesis' ? (second as KinesisEventStream).startReader(database.handle.db, { pollMs: 50 }) : second.startReader?.(database.handle.db);
    try {
      const events = makeEvents(200);
      await Promise.all([stream.put(events.slice(0, 100)), second.put(events.slice(100))]);
      expect(await inStore(events)).toEqual(events.map(() => 1));
    } finally {
      await secondReader?.stop();
      await second.close();
    }
  });

  it('refuses promptly while the stream is down, and takes the retried batch once it is back', async () => {
    const events = makeEvents(50);
    await harness.takeDown();
    if (driver === 'nats') await eventually(async () => (await stream.health()).status === 'down', 5_000, 'NATS seen as down');

    const started = Date.now();
    const refused = await stream.put(events).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamUnavailableError);
    expect((refused as StreamUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((await stream.health()).status).toBe('down');

    if (await harness.bringBack()) {
      // PGlite came back as a restarted server does: its stream is opened anew.
      await reader?.stop();
      await stream.close();
      await openStream();
    }
    // The client's retry: the same batch, until it is taken.
    await eventually(
      async () => {
        try {
          await stream.put(events);
          return true;
        } catch (error) {
          if (error instanceof StreamUnavailableError) return false;
          throw error;
        }
      },
      15_000,
      'the retried batch taken',
    );
    expect(await inStore(events)).toEqual(events.map(() => 1));
  });
});
