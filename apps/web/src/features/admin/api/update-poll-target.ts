import { type PollTarget, type PollTargetBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** PUT /v1/admin/polls/{id}/targets/{targetId}. */
export function updatePollTarget(
  api: ApiClient,
  { pollId, targetId, body }: { pollId: string; targetId: string; body: PollTargetBody },
): Promise<PollTarget> {
  return api.put<PollTarget>(adminApiPaths.pollTarget(pollId, targetId), body);
}

export function useUpdatePollTarget() {
  return usePollMutation(updatePollTarget);
}
