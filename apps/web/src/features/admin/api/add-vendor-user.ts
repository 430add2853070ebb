import { apiPaths, type MemberUser, type VendorUserBody } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface AddVendorUserVariables {
  vendorId: string;
  body: VendorUserBody;
}

/** POST /v1/admin/vendors/{id}/users {email, role} (404: no account has that email; 409: one of its users already). */
export function addVendorUser(api: ApiClient, { vendorId, body }: AddVendorUserVariables): Promise<MemberUser> {
  return api.post<MemberUser>(apiPaths.adminVendorUsers(vendorId), body);
}

/** The form that asks shows a refusal beside itself. */
export function useAddVendorUser() {
  return usePeopleMutation(addVendorUser, { notify: false });
}
