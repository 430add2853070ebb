/**
 * Where failures go to be looked at later (SPEC §7, §8). Until a Sentry DSN is configured the
 * reports stay in memory, bounded, and are logged as warnings.
 */

export interface ErrorReport {
  error: unknown;
  message: string;
  context: Readonly<Record<string, unknown>>;
  reportedAt: string;
}

const MAX_KEPT_REPORTS = 100;
const reports: ErrorReport[] = [];

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  const report: ErrorReport = {
    error,
    message: messageOf(error),
    context,
    reportedAt: new Date().toISOString(),
  };
  reports.push(report);
  if (reports.length > MAX_KEPT_REPORTS) reports.splice(0, reports.length - MAX_KEPT_REPORTS);
  console.warn('[newsreel] error reported:', report.message, context);
}

/** The reports kept so far, oldest first. */
export function getErrorReports(): readonly ErrorReport[] {
  return reports;
}

export function clearErrorReports(): void {
  reports.length = 0;
}
