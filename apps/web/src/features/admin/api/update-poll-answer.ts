import { type PollAnswer, type PollAnswerUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

export interface UpdatePollAnswerVariables {
  pollId: string;
  questionId: string;
  answerId: string;
  body: PollAnswerUpdateBody;
}

/** PUT …/questions/{questionId}/answers/{answerId}: its label or order. */
export function updatePollAnswer(api: ApiClient, { pollId, questionId, answerId, body }: UpdatePollAnswerVariables): Promise<PollAnswer> {
  return api.put<PollAnswer>(adminApiPaths.pollAnswer(pollId, questionId, answerId), body);
}

export function useUpdatePollAnswer() {
  return usePollMutation(updatePollAnswer);
}
