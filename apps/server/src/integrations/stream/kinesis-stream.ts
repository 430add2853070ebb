import {
  DescribeStreamSummaryCommand,
  GetRecordsCommand,
  GetShardIteratorCommand,
  KinesisClient,
  ListShardsCommand,
  PutRecordsCommand,
  type PutRecordsRequestEntry,
  type _Record as KinesisRecord,
} from '@aws-sdk/client-kinesis';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { INGEST_MAX_CALL_BYTES, INGEST_MAX_RECORDS, STREAM_RETRY_ATTEMPTS } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseStreamRecord, storedEventOf } from '../../modules/analytics/event-records';
import { storeEvents, type StoredEventInput } from '../../modules/analytics/event-store';
import { StreamConfigError, StreamUnavailableError, withinDeadline, type EventStream, type StreamLog, type StreamReader } from './event-stream';
import { recogniseKinesisError, type KinesisFailure } from './kinesis-errors';
import { createShardLeases } from './shard-leases';

/**
 * Amazon Kinesis (STREAM=kinesis), through the AWS SDK's PutRecords: SPEC §7's direct put-records
 * call is this wire format (Records of base64 Data, PartitionKey and ExplicitHashKey, and the
 * StreamName). A call is tried up to STREAM_RETRY_ATTEMPTS times (SPEC §9), each retry sending
 * only the records that failed. Kinesis keeps every record it is given, a retried one too, so the
 * reader's copy into the event store is what makes an event count once; the reader moves its
 * checkpoint (per shard, in analytics_cursors) only after the store has committed.
 */

export interface KinesisStreamOptions {
  name: string;
  region: string | undefined;
  /** A Kinesis-compatible service's address (kinesalite in tests); absent: AWS's own for the region. */
  endpoint?: string | undefined;
  /** Absent: the AWS SDK's default chain (environment, profile, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
  log: StreamLog;
  /** Between attempts of one put, doubled each time. */
  retryDelayMs?: number;
}

const CONNECT_TIMEOUT_MS = 2_000;
const REQUEST_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;
const DEFAULT_RETRY_DELAY_MS = 100;

export interface KinesisEventStream extends EventStream {
  /** Starts copying every shard of the stream into the store. */
  startReader(db: Kysely<Database>, options?: KinesisReaderOptions): KinesisStreamReader;
}

export interface KinesisReaderOptions {
  /** How long a shard with nothing new waits before asking again (Kinesis allows 5 reads a second per shard). */
  pollMs?: number;
  /** How often the list of shards is read again (a resharded stream has new ones). */
  shardListMs?: number;
  /**
   * How long a shard's lease lasts unless renewed (shard-leases.ts): a server that dies leaves its
   * shards unread this long at most. Leases are renewed, and shared again, three times as often.
   */
  leaseMs?: number;
}

/** A Kinesis reader, which also tells which shards it reads now (those it holds the lease of). */
export interface KinesisStreamReader extends StreamReader {
  shards(): string[];
}

/**
 * ExplicitHashKey from the event id's 128 bits: the events spread evenly over every shard (three
 * partition keys alone would fill three shards at most), and a retried event goes where it went.
 */
export function hashKeyOf(eventId: string): string {
  return BigInt(`0x${eventId.replaceAll('-', '')}`).toString();
}

/** Opens the stream; stops the start when the region or the credentials are missing, or the stream does not exist. */
export async function openKinesisStream(options: KinesisStreamOptions): Promise<KinesisEventStream> {
  const { name, log } = options;
  // SPEC §5 names this error.
  if (!options.region) throw new StreamConfigError('Region is missing: set KINESIS_REGION (or AWS_REGION) to the region of the Kinesis stream.');
  const client = new KinesisClient({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    // Retries are ours (failed records only, SPEC §9's attempts), not the SDK's whole-call ones.
    maxAttempts: 1,
    // HTTP/1.1: the client's default for Kinesis is HTTP/2 (for SubscribeToShard, unused here),
    // which Kinesis-compatible services such as kinesalite do not all speak.
    requestHandler: new NodeHttpHandler({ connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS }),
  });
  try {
    await client.config.credentials();
  } catch (error) {
    client.destroy();
    throw new StreamConfigError(
      'Kinesis credentials are missing: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or give the server an AWS profile or role.',
      { cause: error },
    );
  }
  try {
    await client.send(new DescribeStreamSummaryCommand({ StreamName: name }));
  } catch (error) {
    const failure = recogniseKinesisError(error);
    if (failure.name === 'ResourceNotFound') {
      client.destroy();
      throw new StreamConfigError(`The Kinesis stream ${name} does not exist in ${options.region}: create it, or set STREAM_NAME to one that does.`, {
        cause: error,
      });
    }
    if (!failure.retryable) {
      client.destroy();
      throw new StreamConfigError(`The Kinesis stream ${name} cannot be used: ${failure.message}.`, { cause: error });
    }
    // Unreachable for now: the server starts, and ingest answers 503 until Kinesis answers.
    log.warn({ stream: name, problem: failure.message }, 'analytics stream: Kinesis is unreachable; ingest answers 503 until it is reachable');
  }

  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
  const readers = new Set<StreamReader>();

  function unavailable(failure: KinesisFailure, cause?: unknown): StreamUnavailableError {
    const retryAfter = failure.name === 'ProvisionedThroughputExceeded' || failure.name === 'KMSThrottling' ? 1 : 5;
    return new StreamUnavailableError(`The analytics stream (Kinesis) did not take the events: ${failure.message}.`, retryAfter, { cause });
  }

  /** One PutRecords call's records, retried by themselves until all are in or the attempts run out. */
  async function putCall(records: PutRecordsRequestEntry[]): Promise<void> {
    let pending = records;
    for (let attempt = 1; ; attempt++) {
      let failure: KinesisFailure;
      let cause: unknown;
      try {
        const answer = await client.send(new PutRecordsCommand({ StreamName: name, Records: pending }));
        const failed = pending.filter((_, index) => answer.Records?.[index]?.ErrorCode);
        if (failed.length === 0 && (answer.Records?.length ?? 0) === pending.length) return;
        const first = answer.Records?.find((entry) => entry.ErrorCode);
        failure = recogniseKinesisError({ name: first?.ErrorCode, message: first?.ErrorMessage });
        cause = first;
        // A record refused for what it is (not throttled) would be refused again.
        if (!failure.retryable) throw unavailable(failure, cause);
        pending = failed.length > 0 ? failed : pending;
      } catch (error) {
        if (error instanceof StreamUnavailableError) throw error;
        failure = recogniseKinesisError(error);
        cause = error;
        if (!failure.retryable) throw unavailable(failure, error);
      }
      if (attempt >= STREAM_RETRY_ATTEMPTS) throw unavailable(failure, cause);
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
    }
  }

  return {
    driver: 'kinesis',
    name,

    async put(events: readonly StoredEventInput[]) {
      if (events.length === 0) return 0;
      // Calls of at most 500 records and 5 MiB (the server's stamps may take a full batch past it).
      const calls: PutRecordsRequestEntry[][] = [[]];
      let callBytes = 0;
      for (const event of events) {
        const record: PutRecordsRequestEntry = {
          PartitionKey: event.partitionKey,
          ExplicitHashKey: hashKeyOf(event.eventId),
          Data: Buffer.from(JSON.stringify(event.data)),
        };
        const bytes = record.Data!.length + record.PartitionKey!.length;
        let call = calls[calls.length - 1]!;
        if (call.length >= INGEST_MAX_RECORDS || (call.length > 0 && callBytes + bytes > INGEST_MAX_CALL_BYTES)) {
          call = [];
          calls.push(call);
          callBytes = 0;
        }
        call.push(record);
        callBytes += bytes;
      }
      await Promise.all(calls.map(putCall));
      // Kinesis cannot tell a retried record: each counts as new here, and once in the store.
      return events.length;
    },

    async health() {
      try {
        await withinDeadline(client.send(new DescribeStreamSummaryCommand({ StreamName: name })), HEALTH_TIMEOUT_MS, 'Kinesis');
        return { status: 'up' };
      } catch (error) {
        return { status: 'down', message: error instanceof StreamUnavailableError ? error.message : recogniseKinesisError(error).message };
      }
    },

    startReader(db, readerOptions = {}) {
      const leaseMs = readerOptions.leaseMs ?? 30_000;
      const reader = startKinesisReader({ client, db, name, log, pollMs: readerOptions.pollMs ?? 1_000, shardListMs: readerOptions.shardListMs ?? 60_000, leaseMs });
      readers.add(reader);
      return {
        shards: () => reader.shards(),
        async stop() {
          readers.delete(reader);
          await reader.stop();
        },
      };
    },

    async close() {
      await Promise.all([...readers].map((reader) => reader.stop()));
      client.destroy();
    },
  };
}

interface KinesisReaderContext {
  client: KinesisClient;
  db: Kysely<Database>;
  name: string;
  log: StreamLog;
  pollMs: number;
  shardListMs: number;
  leaseMs: number;
}

/** The analytics_cursors row of one shard. */
export function checkpointKeyOf(streamName: string, shardId: string): string {
  return `kinesis:${streamName}:${shardId}`;
}

async function readCheckpoint(db: Kysely<Database>, key: string): Promise<string | undefined> {
  const { rows } = await sql<{ stream_position: string | null }>`
    select stream_position from analytics_cursors where consumer = ${key}`.execute(db);
  return rows[0]?.stream_position ?? undefined;
}

/** Moves the shard's checkpoint forward only: several servers may read the same shard. */
async function writeCheckpoint(db: Kysely<Database>, key: string, sequenceNumber: string): Promise<void> {
  await sql`
    insert into analytics_cursors (consumer, stream_position) values (${key}, ${sequenceNumber})
    on conflict (consumer) do update set stream_position = excluded.stream_position, updated_at = now()
    where analytics_cursors.stream_position is null
       or analytics_cursors.stream_position::numeric < excluded.stream_position::numeric`.execute(db);
}

/**
 * Reads the shards it holds the lease of (its share of the stream's shards among the servers
 * reading it) from their checkpoints (or the oldest record kept), stores what it reads, then moves
 * the checkpoint. A crash between the two reads those records again, and so does a lease handed
 * over mid-read; the store keeps them once.
 */
function startKinesisReader(context: KinesisReaderContext): KinesisStreamReader {
  const { client, db, name, log } = context;
  let stopped = false;
  const leases = createShardLeases(db, name, context.leaseMs);
  /** The shards whose lease this reader holds, as of its last balance. */
  const held = new Set<string>();
  /** Closed shards (after resharding) read to their end. */
  const finished = new Set<string>();
  const shards = new Map<string, Promise<void>>();
  const timers = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      const entry = { timer: setTimeout(() => done(), ms), resolve: () => done() };
      const done = () => {
        clearTimeout(entry.timer);
        timers.delete(entry);
        resolve();
      };
      timers.add(entry);
    });

  let lastProblem = '';
  function report(problem: string, details: object = {}) {
    if (problem !== lastProblem) log.warn({ stream: name, problem, ...details }, 'analytics stream: copying from Kinesis paused; trying again');
    lastProblem = problem;
  }

  async function iteratorFor(shardId: string, key: string): Promise<string | undefined> {
    const after = await readCheckpoint(db, key);
    const answer = await client.send(
      new GetShardIteratorCommand(
        after
          ? { StreamName: name, ShardId: shardId, ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', StartingSequenceNumber: after }
          : { StreamName: name, ShardId: shardId, ShardIteratorType: 'TRIM_HORIZON' },
      ),
    );
    return answer.ShardIterator;
  }

  async function copy(records: KinesisRecord[]): Promise<void> {
    const events: StoredEventInput[] = [];
    for (const record of records) {
      const parsed = parseStreamRecord(record.PartitionKey ?? '', record.Data ?? new Uint8Array());
      if (parsed) events.push(storedEventOf(parsed, record.ApproximateArrivalTimestamp));
      else log.warn({ stream: name, sequenceNumber: record.SequenceNumber }, 'analytics stream: a record that is not an event was skipped');
    }
    await storeEvents(db, events);
  }

  async function readShard(shardId: string): Promise<void> {
    const key = checkpointKeyOf(name, shardId);
    let iterator: string | undefined;
    while (!stopped && held.has(shardId)) {
      try {
        iterator ??= await iteratorFor(shardId, key);
        if (!iterator) return;
        const answer = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1_000 }));
        const records = answer.Records ?? [];
        if (records.length > 0) {
          await copy(records);
          await writeCheckpoint(db, key, records[records.length - 1]!.SequenceNumber!);
        }
        lastProblem = '';
        // A closed shard (after resharding) ends with no next iterator.
        if (!answer.NextShardIterator) {
          finished.add(shardId);
          return;
        }
        iterator = answer.NextShardIterator;
        if (records.length === 0 || (answer.MillisBehindLatest ?? 0) === 0) await pause(context.pollMs);
      } catch (error) {
        // Read again from the checkpoint: whatever was read since was not checkpointed.
        iterator = undefined;
        const failure = recogniseKinesisError(error);
        report(failure.name === 'Unknown' && error instanceof Error ? error.message : failure.message, { shardId });
        await pause(failure.name === 'ProvisionedThroughputExceeded' ? 1_000 : context.pollMs * 5);
      }
    }
  }

  async function listShards(): Promise<string[]> {
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const answer = await client.send(new ListShardsCommand(token ? { NextToken: token } : { StreamName: name }));
      for (const shard of answer.Shards ?? []) if (shard.ShardId) ids.push(shard.ShardId);
      token = answer.NextToken;
    } while (token);
    return ids;
  }

  async function run(): Promise<void> {
    let shardIds: string[] = [];
    let listedAt = -Infinity;
    while (!stopped) {
      try {
        if (performance.now() - listedAt >= context.shardListMs) {
          shardIds = await listShards();
          listedAt = performance.now();
        }
        const mine = await leases.balance(shardIds.filter((shardId) => !finished.has(shardId)));
        held.clear();
        for (const shardId of mine) held.add(shardId);
        for (const shardId of mine) {
          if (!shards.has(shardId)) shards.set(shardId, readShard(shardId).finally(() => shards.delete(shardId)));
        }
        await pause(context.leaseMs / 3);
      } catch (error) {
        // The list of shards (Kinesis) or the leases (the database) could not be read.
        const failure = recogniseKinesisError(error);
        report(failure.name === 'Unknown' && error instanceof Error ? error.message : failure.message);
        await pause(context.pollMs * 5);
      }
    }
  }

  const running = run();
  return {
    shards: () => [...shards.keys()].filter((shardId) => held.has(shardId)).sort(),
    async stop() {
      stopped = true;
      for (const entry of [...timers]) entry.resolve();
      await running;
      await Promise.all(shards.values());
      await leases.leave().catch((error: unknown) => log.warn({ stream: name, error: String(error) }, 'analytics stream: the shard leases could not be given back; they expire by themselves'));
    },
  };
}
