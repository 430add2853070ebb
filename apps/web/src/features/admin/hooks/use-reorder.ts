import type { AdminPoll } from '@newsreel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { adminPollKeys, usePollMutation } from '../api/poll-mutation';
import { updatePollAnswer } from '../api/update-poll-answer';
import { updatePollQuestion } from '../api/update-poll-question';
import { byOrder, reorder } from '../lib/reorder';

/**
 * Moves a question, or an answer of `questionId`, from one place to another: the poll shows the
 * new order at once, and each item whose place changed is saved with PUT {order}, one after the
 * other; afterwards the poll is read again (as it is on a failure, which puts the order back).
 */
export function useReorder(pollId: string, questionId?: string) {
  const queryClient = useQueryClient();
  const key = adminPollKeys.detail(pollId);
  const mutation = usePollMutation(async (api, { from, to }: { from: number; to: number }) => {
    const poll = queryClient.getQueryData<AdminPoll>(key);
    if (!poll) return;
    if (questionId === undefined) {
      const { items, changes } = reorder(byOrder(poll.questions), from, to);
      queryClient.setQueryData<AdminPoll>(key, { ...poll, questions: items });
      for (const change of changes) await updatePollQuestion(api, { pollId, questionId: change.id, body: { order: change.order } });
      return;
    }
    const question = poll.questions.find((candidate) => candidate.id === questionId);
    if (!question) return;
    const { items, changes } = reorder(byOrder(question.answers), from, to);
    queryClient.setQueryData<AdminPoll>(key, {
      ...poll,
      questions: poll.questions.map((candidate) => (candidate.id === questionId ? { ...candidate, answers: items } : candidate)),
    });
    for (const change of changes) await updatePollAnswer(api, { pollId, questionId, answerId: change.id, body: { order: change.order } });
  });
  return (from: number, to: number) => mutation.mutate({ from, to });
}
