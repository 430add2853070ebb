import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** DELETE /v1/admin/api-keys/{id}: the key stops working at once and stays listed as revoked. */
export function revokeApiKey(api: ApiClient, apiKeyId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.apiKey(apiKeyId));
}

export function useRevokeApiKey() {
  return usePeopleMutation(revokeApiKey);
}
