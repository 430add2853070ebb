import { createRequire } from 'node:module';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import { isDatabaseBusy, isDatabaseUnavailable } from '../../db/client';
import type { Database } from '../../db/schema';
import { serviceUnavailable } from '../../http/errors';

/**
 * Background jobs (docs/architecture.md, "Background jobs"): a PostgreSQL job queue, pg-boss, on
 * the app's own database, PGlite or PostgreSQL alike. A domain registers its jobs from its own
 * plugin, e.g. in modules/devices/routes.ts:
 *
 *   deps.jobs.registerJob('devices.expired-invites-cleanup', handler, { cron: '7 * * * *', retryLimit: 3 });
 *
 * and queues one-off work with `deps.jobs.sendJob(name, data, { startAfter })`. JOBS=in-process
 * (the default) runs the handlers, the schedules and pg-boss's upkeep in this process;
 * JOBS=off only queues, for servers whose jobs run in `npm run worker`.
 */

/** How often a queue whose database could not be reached at start tries again. */
const START_RETRY_MS = 5_000;

/** The schema pg-boss keeps its tables in; pg-boss creates and migrates it itself on start. */
export const JOB_SCHEMA = 'pgboss';
/** Job names: lower-case words with '-', a domain first and a dot, e.g. `devices.expired-invites-cleanup`. */
export const JOB_NAME_PATTERN = /^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/;
const JOB_NAME_MAX = 100;
/** pg-boss's own queues (the schedules' sender); never a domain's, never in the admin's list. */
export const INTERNAL_JOB_PREFIX = '__pgboss__';

/** Completed jobs stay listed (GET /v1/admin/jobs) this long, then move to pg-boss's archive. */
export const COMPLETED_JOBS_KEPT_SECONDS = 24 * 60 * 60;
/** Failed jobs stay listed, and can be retried by an admin, this long. */
export const FAILED_JOBS_KEPT_SECONDS = 14 * 24 * 60 * 60;
/** The archive is emptied of jobs older than this. */
const ARCHIVE_KEPT_DAYS = 7;

export const JOB_DEFAULTS = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  timeoutSeconds: 15 * 60,
} as const;

/** How often an idle worker looks for jobs; work queued in this process wakes it at once. */
const POLLING_SECONDS = 2;
/** Attempts at recording a job's end (completed or failed) before leaving it to time out. */
const SETTLE_ATTEMPTS = 5;

export type JobMode = 'in-process' | 'off';

export interface RunningJob<T> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first run, 2 on the first retry … */
  attempt: number;
}

/** JSON kept as the job's output (listed by GET /v1/admin/jobs), e.g. `{ removed: 3 }`. */
export type JobOutput = Record<string, string | number | boolean | null>;

/** Does the job's work; a throw fails this attempt (retried while retries are left). */
export type JobHandler<T> = (job: RunningJob<T>) => Promise<JobOutput | void>;

export interface JobOptions {
  /** Retries after a failed run; once used up the job stays failed until an admin retries it. Default 3. */
  retryLimit?: number;
  /** Seconds before the first retry. Default 30. */
  retryDelaySeconds?: number;
  /** Each retry waits about twice as long as the one before (with jitter). Default true. */
  retryBackoff?: boolean;
  /** A run that takes longer fails (and is retried). Default 15 minutes; at most 23 hours. */
  timeoutSeconds?: number;
  /**
   * Runs the job on this schedule: cron's five fields, in UTC, to the minute (e.g. `*\/5 * * * *`).
   * However many processes run jobs, each scheduled time queues one job.
   */
  cron?: string;
}

export interface SendOptions {
  /** Not before this time (e.g. an article's publication time). */
  startAfter?: Date;
}

interface JobLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

const silentLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface JobQueueOptions {
  db: Kysely<Database>;
  /** in-process: run handlers, schedules and upkeep here; off: only queue. */
  mode: JobMode;
  log?: JobLog;
  /** How long stop() waits for running jobs before failing them (they are retried). Default 10 s. */
  stopTimeoutMs?: number;
  /** How often an idle worker looks for due jobs; at least 0.5 s. Default 2 s. */
  pollingSeconds?: number;
}

export interface JobQueue {
  readonly mode: JobMode;
  /**
   * Registers a job: its handler, its retries and, with `cron`, its schedule. Call it while the app
   * is built (from a domain's plugin), before start().
   */
  registerJob<T extends object = Record<string, never>>(name: string, handler: JobHandler<T>, options?: JobOptions): void;
  /** Queues one run of a registered job; its id. */
  sendJob(name: string, data?: object, options?: SendOptions): Promise<string>;
  /**
   * Queues a failed job again, with one more attempt; false when the job is not (or no longer)
   * failed. Inside `trx` when given, so the caller can record it in the same transaction, and then
   * calls wake(name) once it commits.
   */
  retryFailedJob(name: string, id: string, trx?: Transaction<Database>): Promise<boolean>;
  /** Wakes this process's worker of `name`, so work queued here starts without waiting for a poll. */
  wake(name: string): void;
  /** Whether `name` is registered in this process. */
  isRegistered(name: string): boolean;
  /** Creates (or migrates) pg-boss's schema, the queues and schedules; with JOBS=in-process, starts working. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish (up to stopTimeoutMs) and records their ends. */
  stop(): Promise<void>;
}

interface Registration {
  handler: JobHandler<object>;
  options: Required<Omit<JobOptions, 'cron'>> & Pick<JobOptions, 'cron'>;
}

// pg-boss records a job's end without awaiting it (manager.js, watch → onFetch): a failure there
// would be an unhandled rejection, which ends the process. These two statements are retried
// instead and, failing that, left to pg-boss's timeout, which retries the job.
const plans = createRequire(import.meta.url)('pg-boss/src/plans.js') as {
  completeJobs(schema: string): string;
  failJobsById(schema: string): string;
};
const UNAWAITED_STATEMENTS = new Set([plans.completeJobs(JOB_SCHEMA), plans.failJobsById(JOB_SCHEMA)]);

/** The message of an error pg-boss stored as a job's output (an Error, or `{ value }`). */
export function errorMessageOf(output: unknown): string | null {
  if (output === null || typeof output !== 'object') return typeof output === 'string' ? output : null;
  const { message, value } = output as { message?: unknown; value?: unknown };
  if (typeof message === 'string') return message;
  return value === undefined ? null : errorMessageOf(value);
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, mode } = options;
  const log = options.log ?? silentLog;
  const stopTimeoutMs = Math.max(1_000, options.stopTimeoutMs ?? 10_000);
  const pollingSeconds = Math.max(0.5, options.pollingSeconds ?? POLLING_SECONDS);
  const registry = new Map<string, Registration>();
  const workerIds = new Map<string, string>();
  let state: 'new' | 'starting' | 'started' | 'stopped' = 'new';
  let inFlight = 0;
  let running = 0;

  const execute = (runner: Kysely<Database>, text: string, values: unknown[] | undefined) =>
    runner.executeQuery(CompiledQuery.raw(text, values ?? [])) as Promise<{ rows: unknown[] }>;

  async function settle(text: string, values: unknown[] | undefined) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await execute(db, text, values);
      } catch (error) {
        if (attempt === SETTLE_ATTEMPTS) {
          log.warn({ err: error }, 'could not record a job’s end; it runs again once its timeout passes');
          return { rows: [{ count: '0' }] };
        }
        await sleep(200 * 2 ** attempt);
      }
    }
  }

  // Every statement pg-boss runs goes through the app's pool (one connection on PGlite), counted
  // so that stop() can wait for the last ones.
  const adapter = {
    async executeSql(text: string, values: unknown[]) {
      inFlight += 1;
      try {
        return await (UNAWAITED_STATEMENTS.has(text) ? settle(text, values) : execute(db, text, values));
      } finally {
        inFlight -= 1;
      }
    },
  };

  // A pg-boss whose start failed cannot start again, so each attempt has a fresh one.
  const newBoss = () => {
    const made = new PgBoss({
      db: adapter,
      schema: JOB_SCHEMA,
      migrate: true,
      // Upkeep (timeouts, archiving) and the schedules run where the jobs run.
      supervise: mode === 'in-process',
      schedule: mode === 'in-process',
      archiveCompletedAfterSeconds: COMPLETED_JOBS_KEPT_SECONDS,
      archiveFailedAfterSeconds: FAILED_JOBS_KEPT_SECONDS,
      deleteAfterDays: ARCHIVE_KEPT_DAYS,
    });
    made.on('error', (error: Error & { queue?: string }) => log.warn({ err: error, job: error.queue }, 'background jobs: a queue operation failed; retrying'));
    return made;
  };
  let boss = newBoss();
  let startRetry: NodeJS.Timeout | undefined;
  let starting: Promise<void> | undefined;
  let stopRequested = false;

  function toRun(name: string, registration: Registration) {
    return async ([job]: PgBoss.JobWithMetadata<object>[]) => {
      if (!job) return;
      const attempt = job.retryCount + 1;
      running += 1;
      try {
        return (await registration.handler({ id: job.id, name, data: job.data, attempt })) ?? undefined;
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        if (last) log.error({ err: error, job: name, jobId: job.id, attempt }, 'job failed with no retries left; an admin can retry it (GET /v1/admin/jobs?state=failed)');
        else log.warn({ err: error, job: name, jobId: job.id, attempt }, 'job failed; it will be retried');
        throw error;
      } finally {
        running -= 1;
      }
    };
  }

  /** Wakes this process's worker of `name`, so work queued here starts without a poll's wait. */
  function wake(name: string) {
    const id = workerIds.get(name);
    if (id) boss.notifyWorker(id);
  }

  /** Until no job runs and no statement is in flight (the end of a job is recorded a turn after it returns). */
  async function idle(deadline: number) {
    while (Date.now() < deadline) {
      if (running === 0 && inFlight === 0) {
        await nextTurn();
        if (running === 0 && inFlight === 0) return;
      }
      await sleep(20);
    }
  }

  /** Whether a start under way when stop() is called ends with the queue running (which then stops). */
  async function startedWhileStopping(): Promise<boolean> {
    await starting?.catch(() => undefined);
    return (state as string) === 'started';
  }

  async function startBoss(): Promise<void> {
    await boss.start();
    for (const [name, { options: o }] of registry) {
      const queue = { name, retryLimit: o.retryLimit, retryDelay: o.retryDelaySeconds, retryBackoff: o.retryBackoff, expireInSeconds: o.timeoutSeconds };
      // createQueue leaves an existing queue as it is; the code's settings replace the stored ones.
      await boss.createQueue(name, queue);
      await boss.updateQueue(name, queue);
      if (o.cron) {
        try {
          await boss.schedule(name, o.cron, {}, { tz: 'UTC' });
        } catch (error) {
          if (isDatabaseUnavailable(error) || isDatabaseBusy(error)) throw error;
          throw new Error(`Job ${name}: its cron "${o.cron}" is not valid (${(error as Error).message})`, { cause: error });
        }
      }
    }
    if (mode === 'in-process') {
      // A schedule the code no longer has (a job removed or made unscheduled) stops here.
      for (const schedule of await boss.getSchedules()) {
        if (!registry.get(schedule.name)?.options.cron) await boss.unschedule(schedule.name);
      }
      for (const [name, registration] of registry) {
        const workOptions = { pollingIntervalSeconds: pollingSeconds, batchSize: 1, includeMetadata: true as const };
        workerIds.set(name, await boss.work(name, workOptions, toRun(name, registration)));
      }
      log.info({ jobs: [...registry.keys()] }, 'background jobs started');
    }
  }

  return {
    mode,

    registerJob(name, handler, jobOptions = {}) {
      if (!JOB_NAME_PATTERN.test(name) || name.length > JOB_NAME_MAX) {
        throw new Error(`Job name "${name}" must be its domain and lower-case words with '-', e.g. devices.expired-invites-cleanup (at most ${JOB_NAME_MAX} characters)`);
      }
      if (registry.has(name)) throw new Error(`Job ${name} is registered twice`);
      if (state !== 'new') throw new Error(`Job ${name} is registered after the job queue started; register jobs while the app is built`);
      const timeoutSeconds = jobOptions.timeoutSeconds ?? JOB_DEFAULTS.timeoutSeconds;
      if (timeoutSeconds < 1 || timeoutSeconds > 23 * 60 * 60) throw new Error(`Job ${name}: timeoutSeconds must be from 1 to ${23 * 60 * 60}`);
      registry.set(name, {
        handler: handler as JobHandler<object>,
        options: {
          retryLimit: jobOptions.retryLimit ?? JOB_DEFAULTS.retryLimit,
          retryDelaySeconds: jobOptions.retryDelaySeconds ?? JOB_DEFAULTS.retryDelaySeconds,
          retryBackoff: jobOptions.retryBackoff ?? JOB_DEFAULTS.retryBackoff,
          timeoutSeconds,
          cron: jobOptions.cron,
        },
      });
    },

    async sendJob(name, data = {}, sendOptions = {}) {
      if (!registry.has(name)) throw new Error(`Job ${name} is not registered`);
      if (state === 'starting') {
        throw serviceUnavailable(`Background jobs are starting (their database was unreachable); try again in ${START_RETRY_MS / 1000} seconds.`, START_RETRY_MS / 1000);
      }
      if (state !== 'started') throw new Error(`Job ${name} was queued before the job queue started (or after it stopped)`);
      const id = await boss.send(name, data, sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {});
      if (!id) throw new Error(`Job ${name} was not queued`);
      if (!sendOptions.startAfter || sendOptions.startAfter.getTime() <= Date.now()) wake(name);
      return id;
    },

    async retryFailedJob(name, id, trx) {
      const viaTransaction = trx && { executeSql: (text: string, values: unknown[]) => execute(trx, text, values) };
      // pg-boss's types say void; it answers how many jobs it changed.
      const { affected } = (await boss.retry(name, id, viaTransaction ? { db: viaTransaction } : {})) as unknown as { affected: number };
      if (affected > 0 && !trx) wake(name);
      return affected > 0;
    },

    wake,

    isRegistered: (name) => registry.has(name),

    /**
     * Resolves once the queue runs, or, when the database cannot be reached, at once: the app
     * serves what needs no database meanwhile (its routes answer 503), and the queue starts as
     * soon as the database answers again, retried every START_RETRY_MS.
     */
    async start() {
      if (state !== 'new') return starting;
      state = 'starting';
      const attempt = async (): Promise<void> => {
        try {
          await startBoss();
          state = 'started';
        } catch (error) {
          if (!isDatabaseUnavailable(error) && !isDatabaseBusy(error)) throw error;
          if (stopRequested) return;
          log.warn({ err: error }, `background jobs: the database cannot be reached; starting again in ${START_RETRY_MS / 1000} s`);
          boss = newBoss();
          startRetry = setTimeout(() => {
            starting = attempt().catch((failure: unknown) => log.error({ err: failure }, 'background jobs could not start'));
          }, START_RETRY_MS);
          startRetry.unref();
        }
      };
      starting = attempt();
      return starting;
    },

    async stop() {
      stopRequested = true;
      clearTimeout(startRetry);
      if (state === 'new' || state === 'stopped' || (state === 'starting' && !(await startedWhileStopping()))) {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      const deadline = Date.now() + stopTimeoutMs + 2_000;
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
      workerIds.clear();
      await idle(deadline);
    },
  };
}
