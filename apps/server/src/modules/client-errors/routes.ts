import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientErrorBatchSchema, ClientErrorReceiptSchema, apiPaths } from '@newsreel/contracts';
import { errorResponses } from '../../http/errors';
import { rateLimit } from '../../http/rate-limits';
import type { ErrorReporter } from '../../integrations/error-reporting/error-reporter';

/** Twenty reports at their largest fit several times over; anything bigger is not a report. */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * `POST /v1/client-errors` (SPEC §7, §8): what went wrong in a reader's app, when the app has no
 * Sentry DSN of its own. Anyone may send it, so a report is small and bounded (the schema), each
 * address may send a few a minute, and each is logged at warn, and passed to Sentry when
 * SENTRY_DSN is set.
 */
export const clientErrorRoutes: FastifyPluginAsyncTypebox<{ errorReporter: ErrorReporter }> = async (app, { errorReporter }) => {
  app.post(
    apiPaths.clientErrors,
    {
      config: rateLimit('clientErrors'),
      bodyLimit: BODY_LIMIT_BYTES,
      schema: {
        operationId: 'reportClientErrors',
        summary: 'Report failures a client saw',
        description:
          'Up to 20 reports, each a message, a flat context of at most 20 short values, the page, the browser, when it happened and how often. They are logged (and sent to Sentry when the server has SENTRY_DSN); nothing is stored.',
        tags: ['errors'],
        body: ClientErrorBatchSchema,
        response: { 202: ClientErrorReceiptSchema, ...errorResponses(400, 413, 429) },
      },
    },
    async (request, reply) => {
      const { reports } = request.body;
      for (const report of reports) {
        request.log.warn({ clientError: report }, `client error: ${report.message}`);
        errorReporter.clientReport(report);
      }
      return reply.status(202).header('cache-control', 'no-store').send({ received: reports.length });
    },
  );
};
