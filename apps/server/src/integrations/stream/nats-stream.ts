import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type StreamConfig,
} from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseStreamRecord, storedEventOf } from '../../modules/analytics/event-records';
import { storeEvents, type StoredEventInput } from '../../modules/analytics/event-store';
import { PARTITION_KEYS } from '@newsreel/contracts';
import { StreamUnavailableError, withinDeadline, type EventStream, type StreamLog, type StreamReader } from './event-stream';

/**
 * NATS JetStream (STREAM=nats). One JetStream stream named like the Kinesis one, a subject per
 * partition key (`<stream>.app_events`, ...). Each event is published with its eventId as
 * Nats-Msg-Id, so the server drops a retried event within the duplicate window, and put resolves
 * once every event's PubAck (stored, on the stream's storage) has come back. A durable pull
 * consumer shared by every server process copies the stream into the event store, acknowledging a
 * batch only once the store has committed it; a batch delivered twice is stored once.
 */

export interface NatsStreamOptions {
  /** nats:// server(s), comma-separated. */
  url: string;
  name: string;
  log: StreamLog;
  /** How long a retried event is recognised by its id in the stream itself (the store recognises it for ever). */
  duplicateWindowMs?: number;
  /** How long the stream keeps events, so a reader that was down for this long loses nothing. */
  maxAgeMs?: number;
  /** How long put waits for the stream's acknowledgements before it answers that the stream is unavailable. */
  publishTimeoutMs?: number;
}

const DEFAULT_DUPLICATE_WINDOW_MS = 2 * 60_000;
const DEFAULT_MAX_AGE_MS = 7 * 24 * 3_600_000;
const DEFAULT_PUBLISH_TIMEOUT_MS = 5_000;
/** Between attempts to reach a NATS that was not there. */
const RECONNECT_WAIT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 2_000;
const HEALTH_TIMEOUT_MS = 2_000;

export interface NatsEventStream extends EventStream {
  /** Starts copying the stream into the store with the durable consumer `consumer`. */
  startReader(db: Kysely<Database>, options?: NatsReaderOptions): StreamReader;
}

export interface NatsReaderOptions {
  /** The durable consumer's name; every process that reads the stream shares it, so each event goes to one of them. */
  consumer?: string;
  /** Events stored in one statement at most. */
  batchSize?: number;
}

export const DEFAULT_NATS_CONSUMER = 'newsreel-event-store';

/** Opens the stream: connects (or keeps trying in the background) and makes or updates the JetStream stream. */
export async function openNatsStream(options: NatsStreamOptions): Promise<NatsEventStream> {
  const { name, log } = options;
  const publishTimeoutMs = options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  const streamConfig: Partial<StreamConfig> = {
    subjects: PARTITION_KEYS.map((key) => `${name}.${key}`),
    duplicate_window: nanos(options.duplicateWindowMs ?? DEFAULT_DUPLICATE_WINDOW_MS),
    max_age: nanos(options.maxAgeMs ?? DEFAULT_MAX_AGE_MS),
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
  };

  let connection: NatsConnection | undefined;
  let js: JetStreamClient | undefined;
  let jsm: JetStreamManager | undefined;
  /** Connected, and the stream exists as configured: a publish can be acknowledged. */
  let ready = false;
  let lastProblem = 'not connected to NATS yet';
  let closed = false;
  let wake: (() => void) | undefined;
  const readers = new Set<StreamReader>();

  async function ensureStream(manager: JetStreamManager): Promise<void> {
    try {
      await manager.streams.info(name);
      await manager.streams.update(name, streamConfig);
    } catch (error) {
      if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound)) throw error;
      await manager.streams.add({ name, ...streamConfig });
    }
  }

  async function connectOnce(): Promise<boolean> {
    let nc: NatsConnection | undefined;
    try {
      nc = await connect({
        servers: options.url.split(','),
        name: 'newsreel',
        timeout: CONNECT_TIMEOUT_MS,
        // Once connected, the client reconnects by itself for ever; put refuses while it does.
        reconnect: true,
        maxReconnectAttempts: -1,
        reconnectTimeWait: RECONNECT_WAIT_MS,
        pingInterval: 10_000,
        maxPingOut: 2,
      });
      // Closed while this attempt was under way: the connection is not wanted any more.
      if (closed) {
        await nc.close();
        return true;
      }
      const manager = await jetstreamManager(nc, { timeout: publishTimeoutMs });
      await ensureStream(manager);
      connection = nc;
      jsm = manager;
      js = jetstream(nc, { timeout: publishTimeoutMs });
      ready = true;
      log.info({ stream: name }, 'analytics stream: connected to NATS JetStream');
      void followStatus(nc);
      return true;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
      // Connected, but the stream could not be made (no JetStream, a clashing stream): try anew later.
      await nc?.close().catch(() => undefined);
      return false;
    }
  }

  async function followStatus(nc: NatsConnection): Promise<void> {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect') {
        ready = false;
        lastProblem = 'disconnected from NATS; reconnecting';
        log.warn({ stream: name }, 'analytics stream: NATS connection lost; ingest answers 503 until it is back');
      } else if (status.type === 'reconnect') {
        ready = true;
        log.info({ stream: name }, 'analytics stream: NATS connection is back');
      }
    }
  }

  async function keepConnecting(): Promise<void> {
    let told = false;
    while (!closed && !(await connectOnce())) {
      if (!told) log.warn({ stream: name, problem: lastProblem }, 'analytics stream: NATS is unreachable; ingest answers 503 until it is reachable');
      told = true;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, RECONNECT_WAIT_MS).unref();
      });
    }
  }

  // The start waits for the first attempt only; a NATS that is down does not stop the server.
  if (!(await connectOnce())) {
    log.warn({ stream: name, problem: lastProblem }, 'analytics stream: NATS is unreachable; ingest answers 503 until it is reachable');
    void keepConnecting();
  }

  function unavailable(cause?: unknown): StreamUnavailableError {
    return new StreamUnavailableError(`The analytics stream (NATS) is unavailable: ${lastProblem}.`, 5, { cause });
  }

  return {
    driver: 'nats',
    name,

    async put(events: readonly StoredEventInput[]) {
      if (events.length === 0) return 0;
      const client = js;
      if (!ready || !client) throw unavailable();
      try {
        const acks = await Promise.all(
          events.map((event) =>
            client.publish(`${name}.${event.partitionKey}`, JSON.stringify(event.data), { msgID: event.eventId, timeout: publishTimeoutMs }),
          ),
        );
        return acks.filter((ack) => !ack.duplicate).length;
      } catch (error) {
        // Some events may be in the stream: the client's retry carries the same ids, which the
        // stream (within its window) and the store (always) recognise.
        lastProblem = error instanceof Error ? error.message : String(error);
        throw unavailable(error);
      }
    },

    async health() {
      if (!ready || !jsm) return { status: 'down', message: lastProblem };
      try {
        await withinDeadline(jsm.streams.info(name), HEALTH_TIMEOUT_MS, 'NATS');
        return { status: 'up' };
      } catch (error) {
        return { status: 'down', message: error instanceof Error ? error.message : String(error) };
      }
    },

    startReader(db, readerOptions = {}) {
      const reader = startNatsReader({
        db,
        name,
        log,
        consumer: readerOptions.consumer ?? DEFAULT_NATS_CONSUMER,
        batchSize: readerOptions.batchSize ?? 500,
        connection: () => (ready ? { js, jsm } : undefined),
      });
      readers.add(reader);
      return {
        async stop() {
          readers.delete(reader);
          await reader.stop();
        },
      };
    },

    async close() {
      closed = true;
      ready = false;
      wake?.();
      await Promise.all([...readers].map((reader) => reader.stop()));
      await connection?.drain().catch(() => connection?.close());
    },
  };
}

interface NatsReaderContext {
  db: Kysely<Database>;
  name: string;
  log: StreamLog;
  consumer: string;
  batchSize: number;
  connection: () => { js?: JetStreamClient; jsm?: JetStreamManager } | undefined;
}

const READER_RETRY_MS = 1_000;
/** A message given to a reader that dies unacknowledged goes to another after this long. */
const ACK_WAIT_MS = 10_000;

function startNatsReader(context: NatsReaderContext): StreamReader {
  const { db, name, log, consumer, batchSize } = context;
  let stopped = false;
  let current: { close(): Promise<void | Error> } | undefined;
  let sleeping: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  let lastProblem = '';

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      sleeping = setTimeout(resolve, ms);
    });

  async function ensureConsumer(jsm: JetStreamManager): Promise<void> {
    const config = {
      durable_name: consumer,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ack_wait: nanos(ACK_WAIT_MS),
      max_ack_pending: 20_000,
    };
    try {
      await jsm.consumers.info(name, consumer);
    } catch (error) {
      if (!(error instanceof JetStreamApiError && error.code === JetStreamApiCodes.ConsumerNotFound)) throw error;
      await jsm.consumers.add(name, config);
    }
  }

  /**
   * Stores a batch, then acknowledges it. While the store refuses it (the database is down or
   * busy), the batch is kept and tried again, its acknowledgement deadline pushed back each time;
   * if this process stops first, JetStream gives the batch to another once that deadline passes.
   */
  async function copy(messages: JsMsg[]): Promise<void> {
    const events: StoredEventInput[] = [];
    for (const message of messages) {
      const partitionKey = message.subject.slice(name.length + 1);
      const record = parseStreamRecord(partitionKey, message.data);
      if (record) events.push(storedEventOf(record, message.time));
      else log.warn({ stream: name, seq: message.seq, subject: message.subject }, 'analytics stream: a message that is not an event was skipped');
    }
    for (;;) {
      try {
        await storeEvents(db, events);
        lastProblem = '';
        break;
      } catch (error) {
        if (stopped) throw error;
        report(error);
        for (const message of messages) message.working();
        await pause(READER_RETRY_MS);
      }
    }
    for (const message of messages) message.ack();
  }

  function report(error: unknown): void {
    const problem = error instanceof Error ? error.message : String(error);
    if (problem !== lastProblem) log.warn({ stream: name, consumer, problem }, 'analytics stream: copying from NATS paused; trying again');
    lastProblem = problem;
  }

  async function run(): Promise<void> {
    while (!stopped) {
      const link = context.connection();
      if (!link?.js || !link.jsm) {
        await pause(READER_RETRY_MS);
        continue;
      }
      try {
        await ensureConsumer(link.jsm);
        // Messages are gathered as they come and stored in batches: whatever has come while the
        // previous batch was being stored goes in the next one (one statement, one commit).
        const waiting: JsMsg[] = [];
        let storing: Promise<void> | undefined;
        const storeWaiting = (): void => {
          if (storing) return;
          storing = (async () => {
            await new Promise((resolve) => setImmediate(resolve));
            while (waiting.length > 0 && !stopped) await copy(waiting.splice(0, batchSize));
          })()
            .catch((error: unknown) => report(error))
            .finally(() => {
              storing = undefined;
              if (waiting.length > 0 && !stopped) storeWaiting();
            });
        };
        const messages = await (await link.js.consumers.get(name, consumer)).consume({
          max_messages: batchSize * 2,
          callback: (message) => {
            waiting.push(message);
            storeWaiting();
          },
        });
        current = messages;
        // Ends when the connection closes or the reader stops.
        const ended = await messages.closed();
        await storing;
        if (ended instanceof Error) throw ended;
      } catch (error) {
        if (stopped) break;
        report(error);
        await pause(READER_RETRY_MS);
      } finally {
        current = undefined;
      }
    }
  }

  const running = run();
  return {
    async stop() {
      stopped = true;
      clearTimeout(sleeping);
      wake?.();
      await current?.close();
      await running;
    },
  };
}
