import type { Kysely } from 'kysely';
import type { StreamConfig } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import type { Database } from '../../db/schema';
import type { EventStream, StreamLog, StreamReader } from './event-stream';
import { createPostgresStream } from './postgres-stream';

/** An event stream, and for NATS and Kinesis the way to copy it into the event store. */
export type OpenedEventStream = EventStream & {
  startReader?: (db: Kysely<Database>) => StreamReader;
};

/**
 * The stream STREAM names (README, "Settings"): the events table (postgres, the default), NATS
 * JetStream or Kinesis. Rejects with StreamConfigError when a setting cannot work.
 */
export async function openEventStream(config: StreamConfig, database: DatabaseHandle, log: StreamLog): Promise<OpenedEventStream> {
  switch (config.driver) {
    case 'postgres':
      return createPostgresStream(database, config.name);
    // Loaded only when chosen: the default start pays for neither client.
    case 'nats': {
      const { openNatsStream } = await import('./nats-stream');
      return openNatsStream({ url: config.natsUrl, name: config.name, log });
    }
    case 'kinesis': {
      const { openKinesisStream } = await import('./kinesis-stream');
      return openKinesisStream({
        name: config.name,
        region: config.kinesisRegion,
        endpoint: config.kinesisEndpoint,
        credentials: config.kinesisCredentials,
        log,
      });
    }
  }
}
