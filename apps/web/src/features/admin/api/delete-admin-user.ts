import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminPeopleKeys, usePeopleMutation } from './people-mutation';

/** DELETE /v1/admin/users/{id}: the account and its personal data (409: the last active superuser, or yourself). */
export function deleteAdminUser(api: ApiClient, userId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.user(userId));
}

export function useDeleteAdminUser() {
  return usePeopleMutation(deleteAdminUser, { forget: adminPeopleKeys.user });
}
