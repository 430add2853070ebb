import { apiPaths, type PollVoteBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { serverErrorOf } from '../../../lib/errors';

export interface PollVoteResult {
  /** The visitor had already answered this question (409 ALREADY_VOTED): answered all the same. */
  alreadyVoted: boolean;
}

/** POST /v1/polls/{id}/vote. A question this visitor already answered counts as answered, not as a failure. */
export async function votePoll(api: ApiClient, pollId: string, body: PollVoteBody): Promise<PollVoteResult> {
  try {
    await api.post(apiPaths.pollVote(pollId), body);
    return { alreadyVoted: false };
  } catch (error) {
    if (serverErrorOf(error)?.code === 'ALREADY_VOTED') return { alreadyVoted: true };
    throw error;
  }
}

export function useVotePoll() {
  const api = useApi();
  return useMutation({
    mutationFn: ({ pollId, body }: { pollId: string; body: PollVoteBody }) => votePoll(api, pollId, body),
  });
}
