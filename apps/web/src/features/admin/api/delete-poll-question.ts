import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** DELETE /v1/admin/polls/{id}/questions/{questionId} (409 once it has votes). */
export function deletePollQuestion(api: ApiClient, { pollId, questionId }: { pollId: string; questionId: string }): Promise<void> {
  return api.delete<void>(adminApiPaths.pollQuestion(pollId, questionId));
}

export function useDeletePollQuestion() {
  return usePollMutation(deletePollQuestion, { conflictKey: 'adminPolls.conflicts.deleteQuestion' });
}
