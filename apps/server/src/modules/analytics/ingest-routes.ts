import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AnalyticsIngestBodySchema,
  AnalyticsIngestResponseSchema,
  INGEST_MAX_CALL_BYTES,
  INGEST_MAX_RECORD_BYTES,
  INGEST_MAX_RECORDS,
  PARTITION_KEYS,
  apiPaths,
} from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { createGeoService } from '../geo/geo-service';
import { callTooLarge, createIngestService, tooManyRecords } from './ingest-service';

/** The call's size as its Content-Length declares it; undefined for a chunked body. */
function declaredBytes(request: FastifyRequest): number | undefined {
  const raw = request.headers['content-length'];
  const size = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(size) ? size : undefined;
}

/** POST /v1/proxy/kinesis (SPEC §7 "Analytics proxy"; DESIGN.md §5; docs/architecture.md, "Analytics stream"). */
export const ingestRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const ingest = createIngestService({
    stream: deps.stream,
    geo: createGeoService({ geoIp: deps.geoIp, onLookupError: (err, ip) => app.log.warn({ err, ip }, 'geo-IP lookup failed') }),
    onStreamUnavailable: (error) => app.log.warn({ err: error, stream: deps.stream.driver }, 'analytics ingest refused: the stream is unavailable'),
  });

  // navigator.sendBeacon sends a string as text/plain: on this route (this plugin's scope only)
  // such a body is read as JSON, with the same guard against __proto__ as application/json.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.post(
    apiPaths.analyticsIngest,
    {
      config: rateLimit('analyticsIngest'),
      // The route's own limit is the call limit; Fastify's default (BODY_LIMIT_BYTES) is far lower.
      bodyLimit: INGEST_MAX_CALL_BYTES,
      // Refused before the body is read, with a message that names the limit.
      onRequest: async (request) => {
        const size = declaredBytes(request);
        if (size !== undefined && size > INGEST_MAX_CALL_BYTES) throw callTooLarge(size);
      },
      // Counted before the records are validated one by one, so the answer names the limit.
      preValidation: async (request) => {
        const events = (request.body as { events?: unknown } | undefined)?.events;
        if (Array.isArray(events) && events.length > INGEST_MAX_RECORDS) throw tooManyRecords(events.length);
      },
      schema: {
        operationId: 'ingestAnalyticsEvents',
        summary: 'A batch of analytics events, written to the data stream',
        description: `The web app sends its queued events once a second, and what is left by \`navigator.sendBeacon\` when the page is hidden (\`application/json\`, or \`text/plain\` holding JSON). Each record is \`{partitionKey, data}\`: \`partitionKey\` one of ${PARTITION_KEYS.join(', ')}; \`data\` the event, with a client-made \`eventId\` (a UUID, the same on every retry), \`action\`, \`timestamp\` and \`epochSeconds\`; the visitor, article, ad and poll fields pass through. The server stamps each event's data with \`receivedAt\` (its clock) and \`addressRegionId\` (the region of the client's address, 0 when unknown). An event's time in the store is its \`epochSeconds\`, unless that is more than a day ahead of the server's clock, when \`receivedAt\` is used.\n\n200 only once the stream holds every event of the call durably: \`stored\` counts the events new to the stream, \`duplicates\` those it already had or that the call named twice (a retried batch is stored once; on Kinesis, which cannot tell, every event counts as stored and the copy into the store drops the repeats). 400: a record is malformed (the message names it), or more than ${INGEST_MAX_RECORDS} records. 413: a record over ${INGEST_MAX_RECORD_BYTES.toLocaleString('en')} bytes with the stamps, or a call over ${INGEST_MAX_CALL_BYTES.toLocaleString('en')} bytes. 503 with Retry-After: the stream is unavailable; keep the batch and send it again. In all three cases nothing of the call is acknowledged.`,
        tags: ['analytics'],
        body: AnalyticsIngestBodySchema,
        response: { 200: AnalyticsIngestResponseSchema, ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const answer = await ingest.ingest(request.body, request.ip, declaredBytes(request));
      return reply.header('cache-control', PRIVATE_NO_STORE).send(answer);
    },
  );
};
