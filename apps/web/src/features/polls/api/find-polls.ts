import { apiPaths, type PollList, type PollRequest } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';

/**
 * POST /v1/polls/find: the live polls for what the reader is looking at, by priority. Asked once
 * per article visit by the poll offer (lib/offer-poll.ts), outside React: no query cache, since
 * the poll history, not a cache, decides what is offered.
 */
export function findPolls(api: ApiClient, request: PollRequest, signal?: AbortSignal): Promise<PollList> {
  return api.post<PollList>(apiPaths.pollsFind, request, { signal });
}
