import { type AdminApiKeyBody, type AdminApiKeyCreated, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** POST /v1/admin/api-keys {vendorId | userId, name}: the answer holds the key, this once. */
export function createApiKey(api: ApiClient, body: AdminApiKeyBody): Promise<AdminApiKeyCreated> {
  return api.post<AdminApiKeyCreated>(adminApiPaths.apiKeys, body);
}

/** The dialog that asks shows a refusal beside itself (409: the user belongs to no vendor). */
export function useCreateApiKey() {
  return usePeopleMutation(createApiKey, { notify: false });
}
