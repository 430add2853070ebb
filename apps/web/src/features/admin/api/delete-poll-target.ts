import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** DELETE /v1/admin/polls/{id}/targets/{targetId}. */
export function deletePollTarget(api: ApiClient, { pollId, targetId }: { pollId: string; targetId: string }): Promise<void> {
  return api.delete<void>(adminApiPaths.pollTarget(pollId, targetId));
}

export function useDeletePollTarget() {
  return usePollMutation(deletePollTarget);
}
