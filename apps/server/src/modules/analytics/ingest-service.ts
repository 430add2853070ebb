import {
  INGEST_MAX_CALL_BYTES,
  INGEST_MAX_RECORD_BYTES,
  INGEST_MAX_RECORDS,
  type AnalyticsIngestBody,
  type AnalyticsIngestResponse,
} from '@newsreel/contracts';
import { HttpError, badRequest, serviceUnavailable } from '../../http/errors';
import { waitFor } from '../../http/rate-limits';
import { StreamUnavailableError, type EventStream } from '../../integrations/stream/event-stream';
import type { GeoService } from '../geo/geo-service';
import { stampRecord, storedEventOf } from './event-records';
import type { StoredEventInput } from './event-store';

/** The server's stamps add about this much to a record; a call smaller than the record limit less this holds no record too large. */
const STAMP_BYTES = 128;

const grouped = (count: number) => count.toLocaleString('en');

export const tooManyRecords = (count: number) =>
  badRequest(`A call carries at most ${INGEST_MAX_RECORDS} records (this one has ${grouped(count)}): send the rest in the next call. Nothing was stored.`);

export const callTooLarge = (size: number) =>
  new HttpError(
    413,
    `The call is ${grouped(size)} bytes; a call may be at most ${grouped(INGEST_MAX_CALL_BYTES)} bytes (5 MiB): send fewer records a call. Nothing was stored.`,
  );

const recordTooLarge = (index: number, size: number) =>
  new HttpError(
    413,
    `events[${index}] is ${grouped(size)} bytes with the server's stamps; a record may be at most ${grouped(INGEST_MAX_RECORD_BYTES)} bytes (1 MiB): leave that event out. Nothing was stored.`,
  );

export interface IngestService {
  /**
   * Stamps, checks and writes one call's events to the stream; resolves once the stream holds them.
   * `bodyBytes` is the call's size, when known, which spares measuring every record of a small one.
   */
  ingest(body: AnalyticsIngestBody, clientIp: string, bodyBytes?: number): Promise<AnalyticsIngestResponse>;
}

export interface IngestServiceDeps {
  stream: EventStream;
  geo: GeoService;
  now?: () => Date;
  /** Told why the stream refused, for the log (the caller gets a plain 503). */
  onStreamUnavailable?: (error: StreamUnavailableError) => void;
}

export function createIngestService({ stream, geo, now = () => new Date(), onStreamUnavailable }: IngestServiceDeps): IngestService {
  return {
    async ingest(body, clientIp, bodyBytes) {
      if (body.events.length > INGEST_MAX_RECORDS) throw tooManyRecords(body.events.length);
      const receivedAt = now();
      // SPEC §4: an address whose region is not known reads region 0.
      const { regionId } = geo.detectRegion(clientIp);
      const measure = bodyBytes === undefined || bodyBytes > INGEST_MAX_RECORD_BYTES - STAMP_BYTES;

      const events: StoredEventInput[] = [];
      const seen = new Set<string>();
      body.events.forEach((record, index) => {
        const stamped = stampRecord(record, { receivedAt, addressRegionId: regionId });
        if (measure) {
          const size = Buffer.byteLength(JSON.stringify(stamped.data)) + stamped.partitionKey.length;
          if (size > INGEST_MAX_RECORD_BYTES) throw recordTooLarge(index, size);
        }
        const event = storedEventOf(stamped);
        // An event named twice in one call is one event.
        if (seen.has(event.eventId)) return;
        seen.add(event.eventId);
        events.push(event);
      });

      try {
        const stored = await stream.put(events);
        return { stored, duplicates: body.events.length - stored };
      } catch (error) {
        if (!(error instanceof StreamUnavailableError)) throw error;
        onStreamUnavailable?.(error);
        throw serviceUnavailable(
          `The analytics stream cannot take events right now; none of this call's was acknowledged. Send the same batch again in ${waitFor(error.retryAfterSeconds * 1000)}.`,
          error.retryAfterSeconds,
          'TEMPORARILY_UNAVAILABLE',
        );
      }
    },
  };
}
