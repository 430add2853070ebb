import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** DELETE /v1/admin/polls/{id} (409 while it is live). */
export function deletePoll(api: ApiClient, pollId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.poll(pollId));
}

export function useDeletePoll() {
  return usePollMutation(deletePoll, { conflictKey: 'adminPolls.conflicts.deleteLive' });
}
