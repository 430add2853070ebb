import type { StreamDriver } from '../../config';
import type { StoredEventInput } from '../../modules/analytics/event-store';

/**
 * Where acknowledged analytics events go first (DESIGN.md §5; docs/architecture.md, "Analytics
 * stream"): the events table itself (postgres), NATS JetStream or Kinesis. For the last two a
 * StreamReader copies the stream into the event store.
 */
export interface EventStream {
  readonly driver: StreamDriver;
  /** prod_app_metrics, dev_app_metrics or STREAM_NAME. */
  readonly name: string;
  /**
   * Writes the events and resolves only once the stream holds them durably, with how many of them
   * were new to it (a stream that cannot tell counts every one). Throws StreamUnavailableError,
   * promptly, when the stream cannot take them now; writing the same events again later is safe.
   */
  put(events: readonly StoredEventInput[]): Promise<number>;
  /** Whether a write would reach the stream now. */
  health(): Promise<StreamHealth>;
  close(): Promise<void>;
}

export interface StreamHealth {
  status: 'up' | 'down';
  message?: string;
}

/** Copies a stream into the event store, in the server process (or a worker), until stopped. */
export interface StreamReader {
  stop(): Promise<void>;
}

/** Where adapters report what went wrong in the background; the app's pino logger fits. */
export interface StreamLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The stream cannot take events now (down, unreachable, refusing or throttling). The ingest answers
 * 503 with Retry-After, and the client sends the same batch again later.
 */
export class StreamUnavailableError extends Error {
  constructor(
    message: string,
    /** How long the caller should wait before trying again. */
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StreamUnavailableError';
  }
}

/** A setting of the stream that cannot work (no region, no credentials, no such stream): the start stops. */
export class StreamConfigError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StreamConfigError';
  }
}

/** Runs `task` with a deadline; a late answer is a StreamUnavailableError. */
export async function withinDeadline<T>(task: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StreamUnavailableError(`${what} did not answer within ${ms} ms`, 5)), ms);
  });
  try {
    return await Promise.race([task, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
