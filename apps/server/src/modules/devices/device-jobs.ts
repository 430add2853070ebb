import type { JobQueue } from '../jobs/job-queue';
import type { DeviceRepository } from './device-repository';

export const EXPIRED_INVITES_CLEANUP_JOB = 'devices.expired-invites-cleanup';
/**
 * How long an expired invite is kept: its screen, polling every few seconds, learns from a 410
 * that its code expired (and registers again) long before.
 */
export const EXPIRED_INVITE_GRACE_SECONDS = 60 * 60;
/** Invites deleted per statement: each batch holds PGlite's one connection only briefly. */
const BATCH = 1_000;

/**
 * Background jobs of the devices: every ten minutes, invites that expired an hour ago unpaired are
 * deleted, and counted where the admin's device-invites count (GET /v1/admin/statistics/device-invites)
 * finds them, so that count stays what it was.
 */
export function registerDeviceJobs(jobs: JobQueue, devices: DeviceRepository): void {
  jobs.registerJob(
    EXPIRED_INVITES_CLEANUP_JOB,
    async () => {
      let removed = 0;
      for (;;) {
        const deleted = await devices.deleteExpiredInvites(EXPIRED_INVITE_GRACE_SECONDS, BATCH);
        removed += deleted;
        if (deleted < BATCH) return { removed };
      }
    },
    { cron: '*/10 * * * *', retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true, timeoutSeconds: 5 * 60 },
  );
}
