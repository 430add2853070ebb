/**
 * The error reporter's delivery to Sentry (VITE_SENTRY_DSN): loaded by lib/error-reporting.ts with
 * the first report, so the SDK is never part of the first screen. Sentry's own handlers then catch
 * what nobody reported too (uncaught errors, unhandled rejections).
 */
import { captureException, init } from '@sentry/react';
import type { ReportDelivery } from './error-reporting';

export function sentryDelivery(dsn: string): ReportDelivery {
  init({ dsn, environment: import.meta.env.MODE });
  return (report) => {
    const source = report.context.source;
    captureException(report.error, {
      extra: { ...report.context },
      ...(typeof source === 'string' && { tags: { source } }),
    });
  };
}
