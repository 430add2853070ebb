import { STREAM_EXCEPTION_NAMES } from '@newsreel/contracts';
import { GetRecordsCommand, GetShardIteratorCommand, KinesisClient, ListShardsCommand } from '@aws-sdk/client-kinesis';
import * as kinesisExceptions from '@aws-sdk/client-kinesis';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { loadConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { createTestDatabase } from '../../../test/helpers';
import {
  KINESALITE_CREDENTIALS,
  KINESALITE_REGION,
  eventually,
  makeEvents,
  quietLog,
  startTestKinesis,
  storedCounts,
  uniqueStreamName,
  type TestKinesis,
} from '../../../test/streams';
import { StreamConfigError, StreamUnavailableError } from './event-stream';
import { kinesisErrorName, recogniseKinesisError } from './kinesis-errors';
import { checkpointKeyOf, hashKeyOf, openKinesisStream } from './kinesis-stream';

describe('the Kinesis stream', () => {
  let kinesis: TestKinesis;
  const name = uniqueStreamName();
  const open = (overrides: Partial<Parameters<typeof openKinesisStream>[0]> = {}) =>
    openKinesisStream({ name, region: KINESALITE_REGION, endpoint: kinesis.endpoint, credentials: KINESALITE_CREDENTIALS, log: quietLog, ...overrides });

  beforeAll(async () => {
    kinesis = await startTestKinesis();
    await kinesis.createStream(name, 4);
  });
  afterAll(() => kinesis?.close());

  it('stops the start when the region is missing, in the settings and in the stream', async () => {
    expect(() => loadConfig({ STREAM: 'kinesis' })).toThrow(/KINESIS_REGION: Region is missing/);
    expect(loadConfig({ STREAM: 'kinesis', AWS_REGION: 'eu-west-1' }).stream.kinesisRegion).toBe('eu-west-1');
    await expect(open({ region: undefined })).rejects.toThrow(new StreamConfigError('Region is missing: set KINESIS_REGION (or AWS_REGION) to the region of the Kinesis stream.'));
  });

  it('stops the start when no credentials can be found, saying where to set them', async () => {
    // The AWS SDK's default chain, with nothing for it to find (and no instance metadata to ask).
    const saved = { ...process.env };
    for (const key of Object.keys(process.env)) if (key.startsWith('AWS_')) delete process.env[key];
    Object.assign(process.env, { AWS_EC2_METADATA_DISABLED: 'true', AWS_SHARED_CREDENTIALS_FILE: '/nonexistent/credentials', AWS_CONFIG_FILE: '/nonexistent/config' });
    try {
      await expect(open({ credentials: undefined })).rejects.toThrow(/Kinesis credentials are missing: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY/);
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
    expect(() => loadConfig({ AWS_ACCESS_KEY_ID: 'only-the-id' })).toThrow(/AWS_SECRET_ACCESS_KEY/);
  });

  it('stops the start when the stream does not exist', async () => {
    await expect(open({ name: 'no_such_stream' })).rejects.toThrow(/The Kinesis stream no_such_stream does not exist in us-east-1/);
  });

  it('puts each event as a record of its partition key, its JSON and a hash key from its id, spread over the shards', async () => {
    const stream = await open();
    const events = [...makeEvents(30, 'article_events'), ...makeEvents(30, 'app_events')];
    try {
      expect(await stream.put(events)).toBe(60);
    } finally {
      await stream.close();
    }
    const direct = new KinesisClient({ region: KINESALITE_REGION, endpoint: kinesis.endpoint, credentials: KINESALITE_CREDENTIALS, requestHandler: new NodeHttpHandler() });
    try {
      const shards = (await direct.send(new ListShardsCommand({ StreamName: name }))).Shards ?? [];
      const perShard: number[] = [];
      const seen = new Map<string, { PartitionKey?: string; Data?: Uint8Array }>();
      for (const shard of shards) {
        const { ShardIterator } = await direct.send(new GetShardIteratorCommand({ StreamName: name, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
        const records = (await direct.send(new GetRecordsCommand({ ShardIterator }))).Records ?? [];
        perShard.push(records.length);
        for (const record of records) seen.set(JSON.parse(Buffer.from(record.Data!).toString()).eventId, record);
      }
      // Three partition keys alone would use three shards at most; the event ids use all four.
      expect(perShard.filter((count) => count > 0).length).toBe(4);
      for (const event of events) {
        const record = seen.get(event.eventId)!;
        expect(record.PartitionKey).toBe(event.partitionKey);
        expect(JSON.parse(Buffer.from(record.Data!).toString())).toEqual(event.data);
      }
    } finally {
      direct.destroy();
    }
    expect(hashKeyOf('ffffffff-ffff-ffff-ffff-ffffffffffff')).toBe((2n ** 128n - 1n).toString());
  });

  it('copies every shard into the store and keeps each shard’s checkpoint at its last stored record', async () => {
    const database = await createTestDatabase();
    const stream = await open();
    try {
      await migrate(database.handle.db);
      const events = makeEvents(40);
      await stream.put(events);
      const reader = stream.startReader(database.handle.db, { pollMs: 50 });
      const ids = events.map((event) => event.eventId);
      try {
        await eventually(async () => (await storedCounts(database.handle.db, ids)).size === ids.length, 15_000, 'the copy');
      } finally {
        await reader.stop();
      }
      // The checkpoints of the four shards, each the sequence number of the shard's newest record.
      const direct = new KinesisClient({ region: KINESALITE_REGION, endpoint: kinesis.endpoint, credentials: KINESALITE_CREDENTIALS, requestHandler: new NodeHttpHandler() });
      try {
        const shards = (await direct.send(new ListShardsCommand({ StreamName: name }))).Shards ?? [];
        expect(shards).toHaveLength(4);
        for (const shard of shards) {
          const { ShardIterator } = await direct.send(new GetShardIteratorCommand({ StreamName: name, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }));
          const records = (await direct.send(new GetRecordsCommand({ ShardIterator }))).Records ?? [];
          const { rows } = await sql<{ stream_position: string }>`
            select stream_position from analytics_cursors where consumer = ${checkpointKeyOf(name, shard.ShardId!)}`.execute(database.handle.db);
          expect(rows[0]?.stream_position).toBe(records[records.length - 1]!.SequenceNumber);
        }
      } finally {
        direct.destroy();
      }
    } finally {
      await stream.close();
      await database.dispose();
    }
  });

  it('shares the shards between the servers reading, each shard read by one, and takes over the shards of one that stops', async () => {
    const database = await createTestDatabase();
    const stream = await open();
    const options = { pollMs: 50, leaseMs: 600 };
    try {
      await migrate(database.handle.db);
      const first = makeEvents(40);
      await stream.put(first);
      const one = stream.startReader(database.handle.db, options);
      let two: ReturnType<typeof stream.startReader> | undefined;
      try {
        // Alone, a server reads all four shards.
        await eventually(async () => one.shards().length === 4, 10_000, 'the first server to read every shard');
        // A second server gets its share: two shards each, never one shard read by both.
        two = stream.startReader(database.handle.db, options);
        await eventually(async () => one.shards().length === 2 && two!.shards().length === 2, 10_000, 'the shards to be shared');
        expect([...one.shards(), ...two.shards()].sort()).toEqual(['shardId-000000000000', 'shardId-000000000001', 'shardId-000000000002', 'shardId-000000000003']);
        const ids = first.map((event) => event.eventId);
        await eventually(async () => (await storedCounts(database.handle.db, ids)).size === ids.length, 15_000, 'the copy');

        // The first stops and gives its leases back: the second reads every shard, and what comes next is stored, once.
        await one.stop();
        await eventually(async () => two!.shards().length === 4, 10_000, 'the second server to take over');
        const next = makeEvents(40);
        await stream.put(next);
        const nextIds = next.map((event) => event.eventId);
        await eventually(async () => (await storedCounts(database.handle.db, nextIds)).size === nextIds.length, 15_000, 'the copy after the hand-over');
        const counts = await storedCounts(database.handle.db, [...ids, ...nextIds]);
        expect([...counts.values()].every((count) => count === 1)).toBe(true);
        const { rows } = await sql<{ owner: string; shards: number }>`
          select owner, count(*)::int as shards from stream_shard_leases where stream = ${name} and expires_at > now() group by owner`.execute(database.handle.db);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.shards).toBe(4);
      } finally {
        await one.stop();
        await two?.stop();
      }
    } finally {
      await stream.close();
      await database.dispose();
    }
  });

  it('tries a call three times in all before answering that the stream is unavailable', async () => {
    const stream = await open({ retryDelayMs: 150 });
    try {
      await kinesis.relay.cut();
      const started = Date.now();
      const refused = await stream.put(makeEvents(2)).catch((error: unknown) => error);
      const took = Date.now() - started;
      expect(refused).toBeInstanceOf(StreamUnavailableError);
      expect((refused as Error).message).toMatch(/Kinesis cannot be reached/);
      // Waits of 150 and 300 ms between the three attempts, and no fourth.
      expect(took).toBeGreaterThanOrEqual(450);
      expect(took).toBeLessThan(1_500);

      // Back before the second attempt: the call goes through.
      const retried = stream.put(makeEvents(2));
      setTimeout(() => void kinesis.relay.restore(), 50);
      expect(await retried).toBe(2);
    } finally {
      await kinesis.relay.restore();
      await stream.close();
    }
  });

  it('recognises every exception name of SPEC §8, and turns any other into a generic error', () => {
    for (const name of STREAM_EXCEPTION_NAMES) {
      const className = name === 'KMSOptInRequired' ? name : `${name}Exception`;
      const Exception = (kinesisExceptions as unknown as Record<string, new (options: object) => Error>)[className];
      expect(Exception, className).toBeDefined();
      const recognised = recogniseKinesisError(new Exception!({ message: 'from Kinesis', $metadata: {} }));
      expect(recognised.name).toBe(name);
      expect(recognised.message).toMatch(new RegExp(`^Kinesis ${name}: `));
      // A record's ErrorCode and the error-type header carry the same names.
      expect(kinesisErrorName(`${name}Exception`)).toBe(name);
      expect(kinesisErrorName(`com.amazonaws.kinesis.v20131202#${className}`)).toBe(name);
    }
    expect(recogniseKinesisError({ name: 'ProvisionedThroughputExceededException' })).toMatchObject({ retryable: true });
    expect(recogniseKinesisError({ name: 'AccessDeniedException' })).toMatchObject({ retryable: false });
    expect(recogniseKinesisError(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toMatchObject({ name: 'Unreachable', retryable: true });
    expect(recogniseKinesisError(Object.assign(new Error('odd'), { name: 'SomethingNewException' }))).toEqual({
      name: 'Unknown',
      retryable: false,
      message: 'The Kinesis stream answered with an error (SomethingNewException)',
    });
  });
});
