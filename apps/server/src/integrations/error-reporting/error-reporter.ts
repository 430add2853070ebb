/**
 * The server's side of the one error reporter (SPEC §7, §8): the server's own unexpected failures
 * (answered 500) and the reports clients send to `POST /v1/client-errors`. With SENTRY_DSN they go
 * to Sentry (@sentry/node, loaded only then, so a server without it does not pay its start-up);
 * either way the route and the error handler log them too.
 */
import type { ClientErrorReport } from '@newsreel/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface RequestSummary {
  method: string;
  url: string;
  requestId: string;
}

export interface ErrorReporter {
  /** An error the server did not expect; the request was answered 500. */
  serverError(error: unknown, request: RequestSummary): void;
  /** A failure a client saw and reported. */
  clientReport(report: ClientErrorReport): void;
  /** Sends what is still on its way (within 2 s) and stops. */
  close(): Promise<void>;
}

/** Without a DSN: the log is the record (route and error handler write it). */
const logOnly: ErrorReporter = {
  serverError: () => {},
  clientReport: () => {},
  close: async () => {},
};

const CLOSE_TIMEOUT_MS = 2_000;

export async function createErrorReporter(
  { dsn, environment, release }: { dsn: string | undefined; environment: string; release: string },
  log: FastifyBaseLogger,
): Promise<ErrorReporter> {
  if (!dsn) return logOnly;
  const Sentry = await import('@sentry/node');
  // A client of our own rather than Sentry.init(): no process-wide handlers or instrumentation of
  // http and the database, and each server (and test) has its own.
  const client = new Sentry.NodeClient({
    dsn,
    environment,
    release,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [Sentry.linkedErrorsIntegration()],
  });
  const scope = new Sentry.Scope();
  scope.setClient(client);
  client.init();
  log.info({ sentry: new URL(dsn).host }, 'errors are reported to Sentry');

  return {
    serverError(error, { method, url, requestId }) {
      scope.captureException(error, { captureContext: { tags: { source: 'server' }, extra: { method, url, requestId } } });
    },
    clientReport({ message, stack, context, url, userAgent, reportedAt, count }) {
      const source = typeof context.source === 'string' ? context.source : 'unknown';
      scope.captureMessage(message, 'error', {
        captureContext: {
          tags: { source: 'web', reportSource: source },
          extra: { context, url, userAgent, reportedAt, count: count ?? 1, ...(stack ? { stack } : {}) },
        },
      });
    },
    async close() {
      await client.close(CLOSE_TIMEOUT_MS);
    },
  };
}
