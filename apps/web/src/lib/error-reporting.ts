/**
 * Where failures go to be looked at later (SPEC §7, §8): the one reporter of the web app. With
 * VITE_SENTRY_DSN, to Sentry (its SDK loads with the first report); otherwise to the API's
 * `POST /v1/client-errors` (lib/error-report-sender.ts: batched, repeats merged, rate-limited),
 * which logs them. Either way the code loads only when something is reported, never on the first
 * screen. The reports of this page stay in memory too, bounded, and are logged as warnings.
 */
export interface ErrorReport {
  error: unknown;
  message: string;
  context: Readonly<Record<string, unknown>>;
  reportedAt: string;
}

/** Takes each report to where it is kept. */
export type ReportDelivery = (report: ErrorReport) => void;

const MAX_KEPT_REPORTS = 100;
const reports: ErrorReport[] = [];

/** Unit tests keep reports in memory only (getErrorReports), unless a test turns sending on. */
export const errorReportingSettings = { send: import.meta.env.MODE !== 'test' };

let delivery: Promise<ReportDelivery> | undefined;

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
  if (!errorReportingSettings.send) return;
  delivery ??= import('./error-report-sender').then((senderModule) => senderModule.chosenDelivery());
  delivery.then(
    (deliver) => deliver(report),
    () => {
      // The reporter's code did not load (offline, a newer release): this report stays in the log
      // above, and the next one tries again. Reporting this failure would only fail the same way.
      delivery = undefined;
    },
  );
}

/** The reports kept so far, oldest first. */
export function getErrorReports(): readonly ErrorReport[] {
  return reports;
}

export function clearErrorReports(): void {
  reports.length = 0;
}
