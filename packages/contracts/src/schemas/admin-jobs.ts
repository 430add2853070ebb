import { Type, type Static } from 'typebox';
import { ListSchema, LiteralUnion, PaginationQuerySchema } from './common';

/**
 * Background jobs (issue 15; docs/architecture.md, "Background jobs"): scheduled and one-off work
 * the server queues on its database (pg-boss). Superusers list them and retry the failed ones.
 */

/**
 * created: waiting for its time; retry: failed, waiting for its next attempt; active: running;
 * completed: done; cancelled: withdrawn; failed: every attempt failed, until an admin retries it.
 */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A job's name: its domain, a dot, and lower-case words with '-'. */
export const JOB_NAME_PATTERN = '^[a-z][a-z0-9-]*(\\.[a-z][a-z0-9-]*)+$';

const DateTime = Type.String({ format: 'date-time' });

export const AdminJobSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String({ description: 'What the job does, e.g. devices.expired-invites-cleanup', examples: ['devices.expired-invites-cleanup'] }),
  state: LiteralUnion(JOB_STATES, { description: 'created, retry (waiting to run again), active, completed, cancelled, or failed (no retries left)' }),
  data: Type.Unknown({ description: 'What the job was given' }),
  attempts: Type.Integer({ minimum: 0, description: 'Runs started so far' }),
  retryLimit: Type.Integer({ minimum: 0, description: 'Retries allowed after the first run (an admin’s retry adds one)' }),
  error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last run failed, for a job waiting to retry or failed; null otherwise' }),
  output: Type.Unknown({ description: 'What a completed run reported, e.g. { "removed": 3 }; null otherwise' }),
  createdAt: DateTime,
  runAfter: Type.String({ format: 'date-time', description: 'Not run before this time: its scheduled time, or the next retry after a failure' }),
  startedAt: Type.Union([DateTime, Type.Null()], { description: 'When its latest run started' }),
  completedAt: Type.Union([DateTime, Type.Null()], { description: 'When it completed, was cancelled or failed for good' }),
});
export type AdminJob = Static<typeof AdminJobSchema>;

export const AdminJobListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  state: Type.Optional(LiteralUnion(JOB_STATES, { description: 'Jobs in this state' })),
  name: Type.Optional(Type.String({ pattern: JOB_NAME_PATTERN, maxLength: 100, description: 'Jobs of this name (exact)' })),
});
export type AdminJobListQuery = Static<typeof AdminJobListQuerySchema>;
export const AdminJobListSchema = ListSchema(AdminJobSchema);
export type AdminJobList = Static<typeof AdminJobListSchema>;

export const AdminJobParamsSchema = Type.Object({ id: Type.String({ format: 'uuid', description: 'The job’s id' }) });
export type AdminJobParams = Static<typeof AdminJobParamsSchema>;
