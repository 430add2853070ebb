import { PollStatus, QuestionType } from '@newsreel/contracts';

/**
 * The statuses a poll may move to from each status, its own first (so the picker shows it), as
 * the API allows them (apps/server/src/modules/polls/poll-admin-service.ts): pending → ready;
 * ready → pending, live or ended; live → ready (paused) or ended; ended is final.
 */
export const POLL_STATUS_TRANSITIONS: Readonly<Record<PollStatus, readonly PollStatus[]>> = {
  [PollStatus.PENDING]: [PollStatus.PENDING, PollStatus.READY],
  [PollStatus.READY]: [PollStatus.READY, PollStatus.PENDING, PollStatus.LIVE, PollStatus.ENDED],
  [PollStatus.LIVE]: [PollStatus.LIVE, PollStatus.READY, PollStatus.ENDED],
  [PollStatus.ENDED]: [PollStatus.ENDED],
};

/** The statuses a new poll may start in (it has no questions yet, so it cannot be live). */
export const NEW_POLL_STATUSES: readonly PollStatus[] = [PollStatus.PENDING, PollStatus.READY];

/** A visitor-meta question can go live with one answer (the field's value); any other needs two. */
export const minimumAnswers = (type: QuestionType) => (type === QuestionType.VISITOR_META ? 1 : 2);

/** Why a poll cannot go live yet: no question, or a question with too few answers. */
export function liveProblems(questions: readonly { type: QuestionType; answers: readonly unknown[] }[]): 'noQuestions' | 'fewAnswers' | undefined {
  if (questions.length === 0) return 'noQuestions';
  if (questions.some((question) => question.answers.length < minimumAnswers(question.type))) return 'fewAnswers';
  return undefined;
}
