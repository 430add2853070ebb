import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** DELETE /v1/admin/admin-roles/{userId} (409: the last active superuser). */
export function revokeAdminRole(api: ApiClient, userId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.role(userId));
}

export function useRevokeAdminRole() {
  return usePeopleMutation(revokeAdminRole);
}
