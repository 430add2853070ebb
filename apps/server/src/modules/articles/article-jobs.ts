import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../jobs/job-queue';
import { publishDueArticles } from './scheduled-publishing';

export const PUBLISH_SCHEDULED_JOB = 'articles.publish-scheduled';

/**
 * Background jobs of the articles: scheduled articles go live by themselves. The job runs every
 * minute, and once more at each approved article's own time (`wakeAt`, queued when the article is
 * approved onto the schedule or moved to another time), so an article goes live within seconds of
 * its time; the minute's run catches any whose own run was lost. Runs that overlap are harmless
 * (publishDueArticles takes each article once).
 */
export function registerArticleJobs(jobs: JobQueue, db: Kysely<Database>): void {
  jobs.registerJob(PUBLISH_SCHEDULED_JOB, async () => ({ published: (await publishDueArticles(db)).length }), {
    cron: '* * * * *',
    retryLimit: 3,
    retryDelaySeconds: 10,
    retryBackoff: true,
    timeoutSeconds: 5 * 60,
  });
}

/** Queues a run of the publishing job at `at` (an article's scheduled time). */
export function publishingRunAt(jobs: JobQueue, at: Date): Promise<string> {
  return jobs.sendJob(PUBLISH_SCHEDULED_JOB, {}, { startAfter: at });
}
