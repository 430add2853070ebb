import {
  POLL_ANSWERS_MAX,
  POLL_QUESTIONS_MAX,
  PollStatus,
  QuestionType,
  pollStatusLabels,
  type AdminPoll,
  type AdminPollListQuery,
  type PollAnswer,
  type PollAnswerBody,
  type PollAnswerUpdateBody,
  type PollCreateBody,
  type PollQuestion,
  type PollQuestionBody,
  type PollQuestionUpdateBody,
  type PollResults,
  type PollTarget,
  type PollTargetBody,
  type PollUpdateBody,
} from '@newsreel/contracts';
import { badRequest, conflict, notFound } from '../../http/errors';
import { discardMediaFile, type MediaStore } from '../../integrations/storage/media-store';
import type { Page } from '../articles/article-repository';
import type { AuditActor } from '../audit/audit-log';
import { questionCountsOf } from './poll-counts';
import type { PollQueries } from './poll-queries';
import type { PollQuestionRepository } from './poll-question-repository';
import type { PollRepository } from './poll-repository';
import { pollWithUrls } from './poll-service';

/**
 * Status rules (docs/architecture.md, "Polls"): pending → ready → live → ended; a live poll may go
 * back to ready (paused) and a ready one back to pending; a ready poll may be ended without going
 * live. Ended is final: its votes and results stand.
 */
const NEXT: Record<PollStatus, PollStatus[]> = {
  [PollStatus.PENDING]: [PollStatus.READY],
  [PollStatus.READY]: [PollStatus.PENDING, PollStatus.LIVE, PollStatus.ENDED],
  [PollStatus.LIVE]: [PollStatus.READY, PollStatus.ENDED],
  [PollStatus.ENDED]: [],
};

const NO_POLL = 'There is no poll with that id.';
const NO_QUESTION = 'This poll has no question with that id.';
const NO_ANSWER = 'This question has no answer with that id.';
const NO_TARGET = 'This poll has no target with that id.';
const LIVE_STRUCTURE =
  'This poll is live: its questions and answers can be relabelled and reordered, not added, removed or retyped. Pause it (status ready) first.';

/**
 * Audit log names (docs/architecture.md, "The audit log"): a target's, question's and answer's id
 * is the path to it from its poll, e.g. `pollId/questionId/answerId`; before and after are the
 * resource as the admin API answers it. A move (`order`) is an update of what was moved.
 */
const RESOURCE = { poll: 'poll', target: 'poll-target', question: 'poll-question', answer: 'poll-answer' } as const;
const targetPath = (pollId: string, targetId: string) => `${pollId}/${targetId}`;
const questionPath = (pollId: string, questionId: string) => `${pollId}/${questionId}`;
const answerPath = (pollId: string, questionId: string, answerId: string) => `${pollId}/${questionId}/${answerId}`;

const label = (status: PollStatus) => pollStatusLabels[status].toLowerCase();
const minimumAnswers = (type: number) => (type === QuestionType.VISITOR_META ? 1 : 2);

export interface PollAdminServiceDeps {
  polls: PollRepository;
  queries: PollQueries;
  media: MediaStore;
}

/**
 * The poll studio (SPEC §7 "Admin" polls): polls, targets, questions, answers, results; assets are
 * poll-asset-service.ts. Every write runs in one transaction with its audit entry; a refusal
 * changes nothing and records nothing.
 */
export function createPollAdminService({ polls, queries, media }: PollAdminServiceDeps) {
  const { questions } = polls;

  /** The poll as the API shows it, read on `repo`'s connection (inside a transaction: as it is there). */
  async function pollIn(repo: PollRepository, id: string): Promise<AdminPoll> {
    const found = await repo.get(id);
    if (!found) throw notFound(NO_POLL);
    return pollWithUrls(media, found);
  }

  const poll = (id: string) => pollIn(polls, id);

  /** Inside a transaction, with the poll locked (404 without it). */
  async function editingPoll<T>(pollId: string, work: (polls: PollRepository) => Promise<T>): Promise<T> {
    return polls.transaction(async (trx) => {
      if (!(await trx.lock(pollId))) throw notFound(NO_POLL);
      return work(trx);
    });
  }

  /** Why the poll cannot go live, or null when it can (SPEC §4's offering needs answerable questions). */
  async function notReady(repo: PollQuestionRepository, pollId: string): Promise<string | null> {
    const all = await repo.readiness(pollId);
    if (all.length === 0) return 'A poll needs at least one question to go live.';
    const short = all.find((question) => question.answers < minimumAnswers(question.type));
    if (short) {
      return `Question "${short.label}" has ${short.answers} answer${short.answers === 1 ? '' : 's'}; it needs at least ${minimumAnswers(short.type)} to go live.`;
    }
    return null;
  }

  function checkTimes(startsAt: string | null | undefined, endsAt: string | null | undefined): void {
    if (startsAt && endsAt && Date.parse(endsAt) <= Date.parse(startsAt)) throw badRequest('body.endsAt must be after body.startsAt');
  }

  /** The question the path names, in the poll the path names (404 for either). */
  async function questionOf(pollId: string, questionId: string): Promise<PollQuestion> {
    const question = await questions.question(pollId, questionId);
    if (question) return question;
    if (!(await polls.exists(pollId))) throw notFound(NO_POLL);
    throw notFound(NO_QUESTION);
  }

  /** Inside a transaction, with the poll locked: refuses a change of structure while it is live. */
  async function editingStructure<T>(pollId: string, work: (polls: PollRepository, questions: PollQuestionRepository) => Promise<T>): Promise<T> {
    return polls.transaction(async (trx) => {
      const locked = await trx.lock(pollId);
      if (!locked) throw notFound(NO_POLL);
      if (locked.status === PollStatus.LIVE) throw conflict(LIVE_STRUCTURE);
      const result = await work(trx, trx.questions);
      await trx.touch(pollId);
      return result;
    });
  }

  async function checkTarget(repo: PollRepository, target: PollTargetBody): Promise<void> {
    const circle = [target.lat, target.lon, target.radius];
    if (circle.some((value) => value === null || value === undefined) && circle.some((value) => value !== null && value !== undefined)) {
      throw badRequest('body.lat, body.lon and body.radius make a circle together: set all three or none');
    }
    const set =
      (target.regionIds?.length ?? 0) > 0 ||
      (target.categoryIds?.length ?? 0) > 0 ||
      [target.publisherId, target.storyId, target.articleId, target.lat].some((value) => value !== null && value !== undefined);
    if (!set) throw badRequest('A target must set at least one of regionIds, categoryIds, publisherId, storyId, articleId or a circle; a poll without targets is for everyone.');
    const refs = [
      ['publishers', 'publisherId', target.publisherId],
      ['stories', 'storyId', target.storyId],
      ['articles', 'articleId', target.articleId],
    ] as const;
    for (const [table, field, id] of refs) {
      if (id && (await repo.targets.missing(table, [id])).length > 0) throw badRequest(`body.${field} names no ${table.slice(0, -1)}`);
    }
    const categories = await repo.targets.missing('categories', target.categoryIds ?? []);
    if (categories.length > 0) throw badRequest(`body.categoryIds holds ${categories[0]}, which names no category`);
  }

  function checkField(type: number, field: string | null | undefined): void {
    if (type === QuestionType.VISITOR_META && !field) throw badRequest('body.field is required for a visitor-meta question: name the visitor field its answer fills');
    if (type !== QuestionType.VISITOR_META && field) throw badRequest('body.field is only for visitor-meta questions (type 2)');
  }

  return {
    async list(query: AdminPollListQuery, page: Page) {
      const found = await polls.list(query, page);
      return { items: found.items.map((item) => pollWithUrls(media, item)), total: found.total };
    },

    get: poll,

    async create(actor: AuditActor, body: PollCreateBody): Promise<AdminPoll> {
      const status = body.status ?? PollStatus.PENDING;
      if (status !== PollStatus.PENDING && status !== PollStatus.READY) {
        throw conflict(`A new poll starts pending or ready; it can go live once it has questions with their answers.`);
      }
      checkTimes(body.startsAt, body.endsAt);
      return polls.transaction(async (trx) => {
        const created = await pollIn(trx, await trx.create(body));
        await trx.audit({ actor, action: 'create', resource: RESOURCE.poll, resourceId: created.id, before: null, after: created });
        return created;
      });
    },

    async update(actor: AuditActor, id: string, body: PollUpdateBody): Promise<AdminPoll> {
      return polls.transaction(async (trx) => {
        const current = await trx.lock(id);
        if (!current) throw notFound(NO_POLL);
        checkTimes(
          body.startsAt === undefined ? current.starts_at?.toISOString() : body.startsAt,
          body.endsAt === undefined ? current.ends_at?.toISOString() : body.endsAt,
        );
        const from = current.status as PollStatus;
        const to = body.status;
        if (to !== undefined && to !== from) {
          if (!NEXT[from].includes(to)) {
            const allowed = NEXT[from].map(label);
            throw conflict(
              `A ${label(from)} poll cannot become ${label(to)}${allowed.length > 0 ? `; it can become ${allowed.join(' or ')}` : '; ended is final'}.`,
            );
          }
          if (to === PollStatus.LIVE) {
            const why = await notReady(trx.questions, id);
            if (why) throw conflict(why);
          }
        }
        const before = await pollIn(trx, id);
        await trx.update(id, body);
        const after = await pollIn(trx, id);
        await trx.audit({ actor, action: 'update', resource: RESOURCE.poll, resourceId: id, before, after });
        return after;
      });
    },

    /** Deletes the poll with its votes; refused while it is live and has votes (end it first). */
    async remove(actor: AuditActor, id: string): Promise<void> {
      const keys = await polls.transaction(async (trx) => {
        const current = await trx.lock(id);
        if (!current) throw notFound(NO_POLL);
        if (current.status === PollStatus.LIVE && (await trx.voteCount({ pollId: id })) > 0) {
          throw conflict('This poll is live and has votes; end it (status ended) before deleting it. Deleting it deletes its votes.');
        }
        const before = await pollIn(trx, id);
        const removed = (await trx.remove(id)) ?? [];
        await trx.audit({ actor, action: 'delete', resource: RESOURCE.poll, resourceId: id, before, after: null });
        return removed;
      });
      await Promise.all(keys.map((key) => discardMediaFile(media, key)));
    },

    // ── Targets ──
    async targets(pollId: string): Promise<PollTarget[]> {
      if (!(await polls.exists(pollId))) throw notFound(NO_POLL);
      return polls.targets.list(pollId);
    },
    async target(pollId: string, targetId: string): Promise<PollTarget> {
      const target = await polls.targets.get(pollId, targetId);
      if (!target) throw notFound((await polls.exists(pollId)) ? NO_TARGET : NO_POLL);
      return target;
    },
    createTarget: (actor: AuditActor, pollId: string, body: PollTargetBody): Promise<PollTarget> =>
      editingPoll(pollId, async (trx) => {
        await checkTarget(trx, body);
        const created = (await trx.targets.get(pollId, await trx.targets.create(pollId, body)))!;
        await trx.touch(pollId);
        await trx.audit({ actor, action: 'create', resource: RESOURCE.target, resourceId: targetPath(pollId, created.id), before: null, after: created });
        return created;
      }),
    updateTarget: (actor: AuditActor, pollId: string, targetId: string, body: PollTargetBody): Promise<PollTarget> =>
      editingPoll(pollId, async (trx) => {
        const before = await trx.targets.get(pollId, targetId);
        if (!before) throw notFound(NO_TARGET);
        await checkTarget(trx, { ...before, ...body });
        await trx.targets.update(pollId, targetId, body);
        await trx.touch(pollId);
        const after = (await trx.targets.get(pollId, targetId))!;
        await trx.audit({ actor, action: 'update', resource: RESOURCE.target, resourceId: targetPath(pollId, targetId), before, after });
        return after;
      }),
    removeTarget: (actor: AuditActor, pollId: string, targetId: string): Promise<void> =>
      editingPoll(pollId, async (trx) => {
        const before = await trx.targets.get(pollId, targetId);
        if (!before || !(await trx.targets.remove(pollId, targetId))) throw notFound(NO_TARGET);
        await trx.touch(pollId);
        await trx.audit({ actor, action: 'delete', resource: RESOURCE.target, resourceId: targetPath(pollId, targetId), before, after: null });
      }),

    // ── Questions ──
    async questions(pollId: string): Promise<PollQuestion[]> {
      if (!(await polls.exists(pollId))) throw notFound(NO_POLL);
      return questions.questions(pollId);
    },
    question: questionOf,
    async createQuestion(actor: AuditActor, pollId: string, body: PollQuestionBody): Promise<PollQuestion> {
      const type = body.type ?? QuestionType.STANDARD;
      checkField(type, body.field);
      return editingStructure(pollId, async (trx, repo) => {
        if ((await repo.readiness(pollId)).length >= POLL_QUESTIONS_MAX) throw conflict(`A poll has at most ${POLL_QUESTIONS_MAX} questions.`);
        const id = await repo.createQuestion(pollId, { label: body.label, type, field: body.field ?? null }, body.order);
        const created = (await repo.question(pollId, id))!;
        await trx.audit({ actor, action: 'create', resource: RESOURCE.question, resourceId: questionPath(pollId, id), before: null, after: created });
        return created;
      });
    },
    async updateQuestion(actor: AuditActor, pollId: string, questionId: string, body: PollQuestionUpdateBody): Promise<PollQuestion> {
      const current = await questionOf(pollId, questionId);
      const type = body.type ?? current.type;
      // A question that stops being visitor-meta lets its field go.
      const field = body.field !== undefined ? body.field : type === QuestionType.VISITOR_META ? current.field : null;
      checkField(type, field);
      const structural = type !== current.type || field !== current.field;
      const values = { ...(body.label !== undefined ? { label: body.label } : {}), ...(structural ? { type, field } : {}) };
      const change = async (trx: PollRepository, repo: PollQuestionRepository) => {
        const before = await repo.question(pollId, questionId);
        if (!before) throw notFound(NO_QUESTION);
        await repo.updateQuestion(pollId, questionId, values, body.order);
        const after = (await repo.question(pollId, questionId))!;
        await trx.audit({ actor, action: 'update', resource: RESOURCE.question, resourceId: questionPath(pollId, questionId), before, after });
        return after;
      };
      return structural
        ? editingStructure(pollId, change)
        : editingPoll(pollId, async (trx) => {
            const after = await change(trx, trx.questions);
            await trx.touch(pollId);
            return after;
          });
    },
    async removeQuestion(actor: AuditActor, pollId: string, questionId: string): Promise<void> {
      await questionOf(pollId, questionId);
      await editingStructure(pollId, async (trx, repo) => {
        const votes = await trx.voteCount({ questionId });
        if (votes > 0) throw conflict(`This question has ${votes} vote${votes === 1 ? '' : 's'}; a question with votes cannot be deleted (its votes would be lost). Relabel it instead.`);
        const before = await repo.question(pollId, questionId);
        if (!before || !(await repo.removeQuestion(pollId, questionId))) throw notFound(NO_QUESTION);
        await trx.audit({ actor, action: 'delete', resource: RESOURCE.question, resourceId: questionPath(pollId, questionId), before, after: null });
      });
    },

    // ── Answers ──
    async answers(pollId: string, questionId: string): Promise<PollAnswer[]> {
      return (await questionOf(pollId, questionId)).answers;
    },
    async answer(pollId: string, questionId: string, answerId: string): Promise<PollAnswer> {
      const answer = (await questionOf(pollId, questionId)).answers.find((item) => item.id === answerId);
      if (!answer) throw notFound(NO_ANSWER);
      return answer;
    },
    async createAnswer(actor: AuditActor, pollId: string, questionId: string, body: PollAnswerBody): Promise<PollAnswer> {
      const question = await questionOf(pollId, questionId);
      if (question.answers.length >= POLL_ANSWERS_MAX) throw conflict(`A question has at most ${POLL_ANSWERS_MAX} answers.`);
      return editingStructure(pollId, async (trx, repo) => {
        const id = await repo.createAnswer(questionId, body.label, body.order);
        const created = (await repo.answer(questionId, id))!;
        await trx.audit({ actor, action: 'create', resource: RESOURCE.answer, resourceId: answerPath(pollId, questionId, id), before: null, after: created });
        return created;
      });
    },
    async updateAnswer(actor: AuditActor, pollId: string, questionId: string, answerId: string, body: PollAnswerUpdateBody): Promise<PollAnswer> {
      await this.answer(pollId, questionId, answerId);
      return editingPoll(pollId, async (trx) => {
        const before = await trx.questions.answer(questionId, answerId);
        if (!before) throw notFound(NO_ANSWER);
        await trx.questions.updateAnswer(questionId, answerId, body.label, body.order);
        await trx.touch(pollId);
        const after = (await trx.questions.answer(questionId, answerId))!;
        await trx.audit({ actor, action: 'update', resource: RESOURCE.answer, resourceId: answerPath(pollId, questionId, answerId), before, after });
        return after;
      });
    },
    async removeAnswer(actor: AuditActor, pollId: string, questionId: string, answerId: string): Promise<void> {
      await this.answer(pollId, questionId, answerId);
      await editingStructure(pollId, async (trx, repo) => {
        const votes = await trx.voteCount({ answerId });
        if (votes > 0) throw conflict(`This answer has ${votes} vote${votes === 1 ? '' : 's'}; an answer with votes cannot be deleted (its votes would be lost). Relabel it instead.`);
        const before = await repo.answer(questionId, answerId);
        if (!before || !(await repo.removeAnswer(questionId, answerId))) throw notFound(NO_ANSWER);
        await trx.audit({ actor, action: 'delete', resource: RESOURCE.answer, resourceId: answerPath(pollId, questionId, answerId), before, after: null });
      });
    },

    // ── Results ──
    async results(pollId: string, regionId: number | undefined): Promise<PollResults> {
      if (!(await polls.exists(pollId))) throw notFound(NO_POLL);
      const rows = await queries.counts(pollId, { regionId: regionId ?? null, nearby: null });
      return {
        pollId,
        regionId: regionId ?? null,
        questions: questionCountsOf(rows, regionId === undefined ? 'everyone' : 'region'),
        byRegion: await queries.votesByRegion(pollId),
      };
    },
  };
}

export type PollAdminService = ReturnType<typeof createPollAdminService>;
