import { apiPaths, type AdminApiKeyBody, type AdminApiKeyCreated } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** POST /v1/admin/api-keys {vendorId | userId, name}: the answer holds the key, this once. */
export function createApiKey(api: ApiClient, body: AdminApiKeyBody): Promise<AdminApiKeyCreated> {
  return api.post<AdminApiKeyCreated>(apiPaths.adminApiKeys, body);
}

/** The dialog that asks shows a refusal beside itself (409: the user belongs to no vendor). */
export function useCreateApiKey() {
  return usePeopleMutation(createApiKey, { notify: false });
}
