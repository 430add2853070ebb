import type { AdminJob, AdminJobListQuery } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { FAILED_JOBS_KEPT_SECONDS, type JobQueue } from './job-queue';
import type { JobRepository } from './job-repository';

const FAILED_KEPT_DAYS = FAILED_JOBS_KEPT_SECONDS / 86_400;

/** What a job in each state is doing, for the 409 that refuses to retry it. */
const WHY_NOT: Record<Exclude<AdminJob['state'], 'failed'>, string> = {
  created: 'it has not run yet',
  retry: 'it is already waiting to run again',
  active: 'it is running now',
  completed: 'it completed',
  cancelled: 'it was cancelled',
};

/** The admin's view of background jobs: the list, and a second chance for a failed job. */
export function createJobAdminService(deps: { db: Kysely<Database>; jobs: JobQueue; repository: JobRepository }) {
  const { db, jobs, repository } = deps;

  async function found(id: string): Promise<AdminJob> {
    const job = await repository.find(id);
    if (!job) throw notFound(`There is no job with that id. Failed jobs are kept ${FAILED_KEPT_DAYS} days, completed ones a day.`);
    return job;
  }

  return {
    list: (query: AdminJobListQuery, page: Page) => repository.list({ state: query.state, name: query.name }, page),

    /**
     * Queues a failed job again with one more attempt, recorded in the audit log in the same
     * transaction; it runs as soon as a worker is free.
     */
    async retry(id: string, actor: AuditActor): Promise<AdminJob> {
      const job = await found(id);
      if (job.state !== 'failed') {
        throw conflict(`Only a failed job can be retried, and this one is ${job.state}: ${WHY_NOT[job.state]}.`);
      }
      if (!jobs.isRegistered(job.name)) {
        throw conflict(`This server no longer has a job called ${job.name}, so nothing would run it; it was left as it is.`);
      }
      const retried = await db.transaction().execute(async (trx) => {
        if (!(await jobs.retryFailedJob(job.name, id, trx))) return undefined;
        const after = (await repository.find(id, trx))!;
        await recordAudit(trx, { actor, action: 'retry', resource: 'job', resourceId: id, before: job, after });
        return after;
      });
      if (!retried) {
        const now = await found(id);
        throw conflict(`The job changed while it was being retried and is now ${now.state}; reload the list and try again if it is still failed.`);
      }
      jobs.wake(job.name);
      return retried;
    },
  };
}

export type JobAdminService = ReturnType<typeof createJobAdminService>;
