import { type PollQuestion, type PollQuestionBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** POST /v1/admin/polls/{id}/questions. */
export function createPollQuestion(api: ApiClient, { pollId, body }: { pollId: string; body: PollQuestionBody }): Promise<PollQuestion> {
  return api.post<PollQuestion>(adminApiPaths.pollQuestions(pollId), body);
}

export function useCreatePollQuestion() {
  return usePollMutation(createPollQuestion);
}
