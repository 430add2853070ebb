import { type AdminUserConfigBody, type ReaderSettings, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface SetAdminUserConfigVariables {
  userId: string;
  body: AdminUserConfigBody;
}

/** PUT /v1/admin/users/{id}/config: one of the user's settings, the subscription exemption among them. */
export function setAdminUserConfig(api: ApiClient, { userId, body }: SetAdminUserConfigVariables): Promise<ReaderSettings> {
  return api.put<ReaderSettings>(adminApiPaths.userConfig(userId), body);
}

export function useSetAdminUserConfig() {
  return usePeopleMutation(setAdminUserConfig);
}
