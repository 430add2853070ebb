import { apiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface RemoveVendorUserVariables {
  vendorId: string;
  userId: string;
}

/** DELETE /v1/admin/vendors/{id}/users/{userId}: their account stays. */
export function removeVendorUser(api: ApiClient, { vendorId, userId }: RemoveVendorUserVariables): Promise<void> {
  return api.delete<void>(apiPaths.adminVendorUser(vendorId, userId));
}

export function useRemoveVendorUser() {
  return usePeopleMutation(removeVendorUser);
}
