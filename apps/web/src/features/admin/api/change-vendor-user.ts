import { apiPaths, type AccountRole, type MemberUser } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface ChangeVendorUserVariables {
  vendorId: string;
  userId: string;
  role: AccountRole;
}

/** PUT /v1/admin/vendors/{id}/users/{userId} {role}. */
export function changeVendorUser(api: ApiClient, { vendorId, userId, role }: ChangeVendorUserVariables): Promise<MemberUser> {
  return api.put<MemberUser>(apiPaths.adminVendorUser(vendorId, userId), { role });
}

export function useChangeVendorUser() {
  return usePeopleMutation(changeVendorUser);
}
