import { QuestionType, type Poll, type PollQuestion, type VisitorMetaField } from '@newsreel/contracts';
import type { PollHistory } from '../../../lib/storage';

/** The visitor field a question's answer fills: its own `field`, else its visitor-meta poll's `config.field`. */
export function metaFieldOf(poll: Pick<Poll, 'config'>, question: Pick<PollQuestion, 'type' | 'field'>): VisitorMetaField | null {
  if (question.field) return question.field;
  return question.type === QuestionType.VISITOR_META ? (poll.config.field ?? null) : null;
}

/**
 * The poll to offer (SPEC §4): of `polls`, the one with the lowest priority value that the reader
 * has not finished, holding only the questions still to ask. A question already answered, or a
 * visitor-meta question whose field is already known, is never asked again; a poll left with no
 * question is passed over. Null when none is left.
 */
export function choosePoll(polls: readonly Poll[], history: PollHistory | undefined, knownFields: readonly VisitorMetaField[] = []): Poll | null {
  const answeredPolls = new Set(history?.pollIds);
  const answeredQuestions = new Set(history?.pollQuestionIds);
  const known = new Set([...(history?.visitorMeta ?? []), ...knownFields]);
  // The server sends them by priority already; sorting again (stable) keeps its order among equals.
  const byPriority = [...polls].sort((a, b) => a.priority - b.priority);
  for (const poll of byPriority) {
    if (answeredPolls.has(poll.id)) continue;
    const questions = poll.questions.filter((question) => {
      if (answeredQuestions.has(question.id) || question.answers.length === 0) return false;
      const field = metaFieldOf(poll, question);
      return !(field && known.has(field));
    });
    if (questions.length > 0) return { ...poll, questions };
  }
  return null;
}
