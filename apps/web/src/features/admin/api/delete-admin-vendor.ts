import { adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminPeopleKeys, usePeopleMutation } from './people-mutation';

/** DELETE /v1/admin/vendors/{id}: the vendor, its memberships and its keys. */
export function deleteAdminVendor(api: ApiClient, vendorId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.vendor(vendorId));
}

export function useDeleteAdminVendor() {
  return usePeopleMutation(deleteAdminVendor, { forget: adminPeopleKeys.vendor });
}
