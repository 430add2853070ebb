import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** DELETE …/questions/{questionId}/answers/{answerId} (409 once it has votes). */
export function deletePollAnswer(api: ApiClient, { pollId, questionId, answerId }: { pollId: string; questionId: string; answerId: string }): Promise<void> {
  return api.delete<void>(adminApiPaths.pollAnswer(pollId, questionId, answerId));
}

export function useDeletePollAnswer() {
  return usePollMutation(deletePollAnswer, { conflictKey: 'adminPolls.conflicts.deleteAnswer' });
}
