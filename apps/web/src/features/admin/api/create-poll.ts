import { apiPaths, type AdminPoll, type PollCreateBody } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** POST /v1/admin/polls: a new poll (pending until it is set live). */
export function createPoll(api: ApiClient, body: PollCreateBody): Promise<AdminPoll> {
  return api.post<AdminPoll>(apiPaths.adminPolls, body);
}

export function useCreatePoll() {
  return usePollMutation(createPoll);
}
