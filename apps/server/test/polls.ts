import { AdminRole, PollStatus, type AdminPoll, type PollCreateBody, type PollTargetBody, adminApiPaths } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Database } from '../src/db/schema';
import { adminAuth, makeAccount, signIn } from './accounts';
import { seedContentFixture, type ContentFixture } from './content-fixture';
import { createTestApp, type TestApp } from './helpers';

export interface QuestionSpec {
  label: string;
  answers: string[];
  type?: 0 | 1 | 2;
  field?: 'ageBracket' | 'yob';
}

export interface PollSpec extends Partial<PollCreateBody> {
  questions?: QuestionSpec[];
  targets?: PollTargetBody[];
}

export interface MadePoll {
  id: string;
  questions: { id: string; answers: string[] }[];
}

/** A moderator's admin headers, and polls built through the poll studio's own routes. */
export async function pollStudio(app: FastifyInstance, db: Kysely<Database>, email = 'poll-moderator@example.com') {
  await makeAccount(db, email, { adminRole: AdminRole.MODERATOR });
  const auth = await adminAuth(app, await signIn(app, email));

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
    return app.inject({ method, url, payload, headers: auth });
  }

  async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<T> {
    const res = await call(method, url, payload);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return (res.body ? res.json() : undefined) as T;
  }

  /** A poll with its questions, answers and targets, live unless `status` says otherwise. */
  async function makePoll({ questions = [{ label: 'Should the city run night buses?', answers: ['Yes', 'No'] }], targets = [], status = PollStatus.LIVE, ...fields }: PollSpec = {}): Promise<MadePoll> {
    const poll = await ok<AdminPoll>('POST', adminApiPaths.polls, { name: 'A poll', ...fields });
    const made: MadePoll = { id: poll.id, questions: [] };
    for (const question of questions) {
      const created = await ok<{ id: string }>('POST', adminApiPaths.pollQuestions(poll.id), {
        label: question.label,
        type: question.type ?? 0,
        ...(question.field ? { field: question.field } : {}),
      });
      const answers: string[] = [];
      for (const label of question.answers) answers.push((await ok<{ id: string }>('POST', adminApiPaths.pollAnswers(poll.id, created.id), { label })).id);
      made.questions.push({ id: created.id, answers });
    }
    for (const target of targets) await ok('POST', adminApiPaths.pollTargets(poll.id), target);
    const path: number[] = status === PollStatus.LIVE ? [1, 2] : status === PollStatus.ENDED ? [1, 2, 3] : status === PollStatus.READY ? [1] : [];
    for (const step of path) await ok('PUT', adminApiPaths.poll(poll.id), { status: step });
    return made;
  }

  return { auth, call, ok, makePoll };
}

/** Removes every poll and vote. */
export async function clearPolls(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('poll_votes').execute();
  await db.deleteFrom('polls').execute();
}

export async function voteCount(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM poll_votes`.execute(db);
  return Number(rows[0]!.n);
}

export interface PollTestContext {
  t: TestApp;
  f: ContentFixture;
  studio: Awaited<ReturnType<typeof pollStudio>>;
  db: Kysely<Database>;
}

/**
 * A test file's app (rate limits off: the tests vote far more than a reader could), the content
 * fixture and a moderator's studio; every test starts without polls. Read it inside tests.
 */
export function usePollTestApp(): PollTestContext {
  const context = {} as PollTestContext;
  beforeAll(async () => {
    context.t = await createTestApp({ RATE_LIMITS: 'off' });
    context.db = context.t.database.handle.db;
    context.f = await seedContentFixture(context.db);
    context.studio = await pollStudio(context.t.app, context.db);
  });
  afterAll(() => context.t?.close());
  beforeEach(() => clearPolls(context.db));
  return context;
}
