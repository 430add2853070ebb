import { type AdminRole, type AdminRoleHolder, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface ChangeAdminRoleVariables {
  userId: string;
  role: AdminRole;
}

/** PUT /v1/admin/admin-roles/{userId} {role} (409: the last active superuser cannot be demoted). */
export function changeAdminRole(api: ApiClient, { userId, role }: ChangeAdminRoleVariables): Promise<AdminRoleHolder> {
  return api.put<AdminRoleHolder>(adminApiPaths.role(userId), { role });
}

export function useChangeAdminRole() {
  return usePeopleMutation(changeAdminRole);
}
