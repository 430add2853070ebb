import { type PollQuestion, type PollQuestionUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

export interface UpdatePollQuestionVariables {
  pollId: string;
  questionId: string;
  body: PollQuestionUpdateBody;
}

/** PUT /v1/admin/polls/{id}/questions/{questionId}: its label, type, field or order. */
export function updatePollQuestion(api: ApiClient, { pollId, questionId, body }: UpdatePollQuestionVariables): Promise<PollQuestion> {
  return api.put<PollQuestion>(adminApiPaths.pollQuestion(pollId, questionId), body);
}

export function useUpdatePollQuestion() {
  return usePollMutation(updatePollQuestion);
}
