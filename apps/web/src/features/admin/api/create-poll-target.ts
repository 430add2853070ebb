import { type PollTarget, type PollTargetBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** POST /v1/admin/polls/{id}/targets: who else the poll is for. */
export function createPollTarget(api: ApiClient, { pollId, body }: { pollId: string; body: PollTargetBody }): Promise<PollTarget> {
  return api.post<PollTarget>(adminApiPaths.pollTargets(pollId), body);
}

export function useCreatePollTarget() {
  return usePollMutation(createPollTarget);
}
