import { Type, type Static } from 'typebox';
import { LiteralUnion } from './common';

/**
 * First-party analytics: the stream record (SPEC §3 "Stream record"), the ingest call
 * `POST /v1/proxy/kinesis` (SPEC §7 "Analytics proxy", DESIGN.md §5) and its limits.
 */

/** SPEC §3: ad fields → ad_events; article fields → article_events; anything else → app_events. */
export const PARTITION_KEYS = ['app_events', 'article_events', 'ad_events'] as const;
export type PartitionKey = (typeof PARTITION_KEYS)[number];

/** The actions the web app sends (the shared vocabulary); the ingest takes any action up to ANALYTICS_ACTION_MAX characters. */
export const ANALYTICS_ACTIONS = [
  'New Visitor',
  'Page View',
  'Play',
  'Pause',
  'Seek',
  'Quartile',
  'Complete',
  'Watch Time',
  'Like',
  'Dislike',
  'Save',
  'Share',
  'Search',
  'Region Change',
  'Language Change',
  'Poll Vote',
  'Ad Impression',
  'Ad Skip',
  'Ad Complete',
  'Ad Click',
] as const;
export type AnalyticsAction = (typeof ANALYTICS_ACTIONS)[number];
export const ANALYTICS_ACTION_MAX = 100;

/**
 * Kinesis's own limits for one PutRecords call, which every stream keeps so that a batch accepted
 * here fits any of them: records a call, bytes of one record (its data as JSON plus its partition
 * key, after the server's stamps) and bytes of a whole call.
 */
export const INGEST_MAX_RECORDS = 500;
export const INGEST_MAX_RECORD_BYTES = 1_048_576;
export const INGEST_MAX_CALL_BYTES = 5 * 1_048_576;

/** SPEC §3: the stream's name, by environment (STREAM_NAME overrides it). */
export const STREAM_NAME_PRODUCTION = 'prod_app_metrics';
export const STREAM_NAME_DEVELOPMENT = 'dev_app_metrics';
export function defaultStreamName(nodeEnv: string): string {
  return nodeEnv === 'production' ? STREAM_NAME_PRODUCTION : STREAM_NAME_DEVELOPMENT;
}

/** The latest epochSeconds accepted (the end of 9999, the last year an ISO 8601 date holds). */
export const EVENT_EPOCH_SECONDS_MAX = 253_402_300_799;

export const PartitionKeySchema = LiteralUnion(PARTITION_KEYS, { description: 'SPEC §3: app_events, article_events or ad_events' });

/**
 * One event (SPEC §3 "Analytics event"). The fields every event has are checked; the rest (the
 * visitor, article, ad and poll fields) pass through as the client sent them.
 */
export const AnalyticsEventDataSchema = Type.Object(
  {
    eventId: Type.String({
      format: 'uuid',
      description: 'Made by the client once per event and sent unchanged on every retry: the event is stored once whatever is retried',
    }),
    action: Type.String({ minLength: 1, maxLength: ANALYTICS_ACTION_MAX, description: "What happened, e.g. 'Page View', 'Play', 'Watch Time'" }),
    epochSeconds: Type.Integer({
      minimum: 0,
      maximum: EVENT_EPOCH_SECONDS_MAX,
      description:
        "When it happened on the client, in seconds since 1970: the event's time in the store, unless it is more than a day ahead of the server's clock, when the time the server received it is used instead",
    }),
    timestamp: Type.String({ maxLength: 64, description: 'When it happened on the client, ISO 8601' }),
    visitorId: Type.Optional(Type.String({ maxLength: 64 })),
    userId: Type.Optional(Type.String({ maxLength: 64 })),
    regionId: Type.Optional(Type.Integer({ minimum: 0, description: "The region the reader chose (the server stamps the address's region apart)" })),
  },
  { additionalProperties: true },
);
/** The checked fields, and whatever else the client sent. */
export type AnalyticsEventData = Static<typeof AnalyticsEventDataSchema> & Record<string, unknown>;

/** SPEC §3 "Stream record": where the event goes and the event itself. */
export const StreamRecordSchema = Type.Object(
  {
    partitionKey: PartitionKeySchema,
    data: AnalyticsEventDataSchema,
  },
  { additionalProperties: false },
);
export interface StreamRecord {
  partitionKey: PartitionKey;
  data: AnalyticsEventData;
}

export const AnalyticsIngestBodySchema = Type.Object(
  {
    events: Type.Array(StreamRecordSchema, { maxItems: INGEST_MAX_RECORDS, description: `At most ${INGEST_MAX_RECORDS} records a call` }),
  },
  { additionalProperties: false },
);
export interface AnalyticsIngestBody {
  events: StreamRecord[];
}

export const AnalyticsIngestResponseSchema = Type.Object({
  stored: Type.Integer({ minimum: 0, description: 'Events of the call that the stream took as new' }),
  duplicates: Type.Integer({
    minimum: 0,
    description: 'Events the stream already had (a retried batch), or that the call named twice; none of them is stored again',
  }),
});
export type AnalyticsIngestResponse = Static<typeof AnalyticsIngestResponseSchema>;
