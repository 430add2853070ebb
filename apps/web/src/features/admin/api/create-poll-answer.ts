import { type PollAnswer, type PollAnswerBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** POST /v1/admin/polls/{id}/questions/{questionId}/answers. */
export function createPollAnswer(
  api: ApiClient,
  { pollId, questionId, body }: { pollId: string; questionId: string; body: PollAnswerBody },
): Promise<PollAnswer> {
  return api.post<PollAnswer>(adminApiPaths.pollAnswers(pollId, questionId), body);
}

export function useCreatePollAnswer() {
  return usePollMutation(createPollAnswer);
}
