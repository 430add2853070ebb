import { type AdminVendor, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

export interface RenameAdminVendorVariables {
  vendorId: string;
  name: string;
}

/** PUT /v1/admin/vendors/{id} {name} (409: another vendor has that name). */
export function renameAdminVendor(api: ApiClient, { vendorId, name }: RenameAdminVendorVariables): Promise<AdminVendor> {
  return api.put<AdminVendor>(adminApiPaths.vendor(vendorId), { name });
}

export function useRenameAdminVendor() {
  return usePeopleMutation(renameAdminVendor);
}
