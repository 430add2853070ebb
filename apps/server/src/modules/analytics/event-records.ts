import { DAY_MS, StreamRecordSchema, type PartitionKey, type StreamRecord } from '@newsreel/contracts';
import { Value } from 'typebox/value';
import type { StoredEventInput } from './event-store';

/**
 * An event as it travels through a stream: the client's record with the server's stamps in its
 * data (`receivedAt`, `addressRegionId`), so that the record alone says everything the store
 * keeps. The ingest makes one; the postgres stream and the readers of NATS and Kinesis turn it into
 * a stored event with the same function, so an event copied twice is the same row twice.
 */

/** How far ahead of the server's clock an event's own time may be and still be taken as its time. */
export const EVENT_TIME_MAX_AHEAD_MS = DAY_MS;

export interface ServerStamps {
  /** When the server received the call. */
  receivedAt: Date;
  /** The region of the client's address (0 when unknown). */
  addressRegionId: number;
}

/**
 * Writes the server's stamps into the record's data, over any the client sent under those names,
 * and answers the record. In place: the record is the ingest's own, parsed from the call, and at
 * tens of thousands of events a second a copy of each event is a good part of the garbage made.
 */
export function stampRecord(record: StreamRecord, stamps: ServerStamps): StreamRecord {
  record.data.receivedAt = stamps.receivedAt.toISOString();
  record.data.addressRegionId = stamps.addressRegionId;
  return record;
}

/**
 * The event's time in the store, which is also half of its key: the client's epochSeconds, which a
 * retry carries unchanged. A time more than a day ahead of when the server received it is a clock
 * set wrong; the receive time stands in for it (docs/architecture.md, "Analytics stream").
 */
export function eventTimeOf(epochSeconds: number, receivedAt: Date): Date {
  const claimed = epochSeconds * 1000;
  return claimed > receivedAt.getTime() + EVENT_TIME_MAX_AHEAD_MS ? receivedAt : new Date(claimed);
}

/**
 * The stored form of a stamped record. `arrivedAt` stands in for a missing `receivedAt` (a record
 * put into the stream by something other than this server, e.g. SPEC §7's direct put-records).
 */
export function storedEventOf(record: StreamRecord, arrivedAt?: Date): StoredEventInput {
  const { data } = record;
  const stampedAt = typeof data.receivedAt === 'string' ? new Date(data.receivedAt) : undefined;
  const receivedAt = stampedAt && !Number.isNaN(stampedAt.getTime()) ? stampedAt : (arrivedAt ?? new Date());
  const regionId = data.addressRegionId;
  return {
    eventId: data.eventId.toLowerCase(),
    eventTime: eventTimeOf(data.epochSeconds, receivedAt),
    partitionKey: record.partitionKey as PartitionKey,
    action: data.action,
    visitorId: typeof data.visitorId === 'string' ? data.visitorId : null,
    regionId: typeof regionId === 'number' && Number.isInteger(regionId) && regionId >= 0 && regionId < 32_768 ? regionId : 0,
    data,
  };
}

/**
 * A record read back from a stream, parsed and checked the way the ingest checks a client's; undefined
 * for anything else (not JSON, not an event), which a reader skips rather than stall on.
 */
export function parseStreamRecord(partitionKey: string, payload: Uint8Array | string): StreamRecord | undefined {
  let data: unknown;
  try {
    data = JSON.parse(typeof payload === 'string' ? payload : Buffer.from(payload).toString('utf8'));
  } catch {
    return undefined;
  }
  const record = { partitionKey, data };
  return Value.Check(StreamRecordSchema, record) ? (record as StreamRecord) : undefined;
}
