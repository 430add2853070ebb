import { type AdminUserDetail, type AdminUserUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface UpdateAdminUserVariables {
  userId: string;
  body: AdminUserUpdateBody;
}

/** PUT /v1/admin/users/{id}: status or name (suspending ends their sessions; 409: the last active superuser, or yourself). */
export function updateAdminUser(api: ApiClient, { userId, body }: UpdateAdminUserVariables): Promise<AdminUserDetail> {
  return api.put<AdminUserDetail>(adminApiPaths.user(userId), body);
}

export function useUpdateAdminUser() {
  return usePeopleMutation(updateAdminUser);
}
