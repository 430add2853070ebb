import { type AdminPoll, type PollUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** PUT /v1/admin/polls/{id}: the poll's details and status (409 when it cannot go live yet). */
export function updatePoll(api: ApiClient, { pollId, body }: { pollId: string; body: PollUpdateBody }): Promise<AdminPoll> {
  return api.put<AdminPoll>(adminApiPaths.poll(pollId), body);
}

export function useUpdatePoll() {
  return usePollMutation(updatePoll);
}
