import { apiPaths, POLL_OFFER_CANDIDATES, type PollList, type PollRequest } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';

/**
 * POST /v1/polls/find: the live polls for what the reader is looking at, by priority. Asked once
 * per article visit by the poll offer (lib/offer-poll.ts), outside React: no query cache, since
 * the poll history, not a cache, decides what is offered.
 */
export function findPolls(api: ApiClient, request: PollRequest, signal?: AbortSignal): Promise<PollList> {
  // The first few are enough: the offer takes the first one not finished (POLL_OFFER_CANDIDATES).
  return api.post<PollList>(`${apiPaths.pollsFind}?limit=${POLL_OFFER_CANDIDATES}`, request, { signal });
}
