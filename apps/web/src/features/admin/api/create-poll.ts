import { type AdminPoll, type PollCreateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** POST /v1/admin/polls: a new poll (pending until it is set live). */
export function createPoll(api: ApiClient, body: PollCreateBody): Promise<AdminPoll> {
  return api.post<AdminPoll>(adminApiPaths.polls, body);
}

export function useCreatePoll() {
  return usePollMutation(createPoll);
}
