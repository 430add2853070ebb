import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePollMutation } from './poll-mutation';

/** DELETE /v1/admin/polls/{id}/asset {fileName}. */
export function deletePollAsset(api: ApiClient, { pollId, fileName }: { pollId: string; fileName: string }): Promise<void> {
  return api.delete<void>(adminApiPaths.pollAsset(pollId), { body: { fileName } });
}

export function useDeletePollAsset() {
  return usePollMutation(deletePollAsset);
}
