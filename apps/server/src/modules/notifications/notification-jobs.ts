import type { JobQueue } from '../jobs/job-queue';
import { deliverDueNotifications, type DeliveryDeps } from './delivery';

export const DELIVER_NOTIFICATIONS_JOB = 'notifications.deliver';

/**
 * Delivery on the job queue (pg-boss, in the database, so it survives restarts): the job runs
 * every minute and once more at each queued notification's own time (`deliveryRunAt`, queued when
 * one is created, approved or moved), so a notification arrives within seconds of its time and
 * the minute's run catches any whose own run was lost. A run in which a notification failed fails
 * too, so the queue retries it with backoff; runs that overlap are harmless (delivery claims each
 * notification, and adds and mails each recipient once).
 */
export function registerNotificationJobs(jobs: JobQueue, deps: DeliveryDeps): void {
  jobs.registerJob(
    DELIVER_NOTIFICATIONS_JOB,
    async () => {
      const report = await deliverDueNotifications(deps);
      if (report.retrying.length > 0) {
        const [first] = report.retrying;
        throw new Error(`${report.retrying.length} notification(s) could not be delivered and will be tried again; ${first!.id}: ${first!.reason}`);
      }
      return { delivered: report.delivered.length, failed: report.failed.length };
    },
    { cron: '* * * * *', retryLimit: 3, retryDelaySeconds: 20, retryBackoff: true, timeoutSeconds: 15 * 60 },
  );
}

/** Queues a delivery run at `at` (a notification's send time). */
export function deliveryRunAt(jobs: JobQueue, at: Date): Promise<string> {
  return jobs.sendJob(DELIVER_NOTIFICATIONS_JOB, {}, { startAfter: at });
}
