import { type AdminRoleGrantBody, type AdminRoleHolder, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** POST /v1/admin/admin-roles {email, role} (404: no account has that email; 409: they hold a role already). */
export function grantAdminRole(api: ApiClient, body: AdminRoleGrantBody): Promise<AdminRoleHolder> {
  return api.post<AdminRoleHolder>(adminApiPaths.roles, body);
}

/** The form that asks shows a refusal beside itself. */
export function useGrantAdminRole() {
  return usePeopleMutation(grantAdminRole, { notify: false });
}
