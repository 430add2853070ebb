import { type AdminVendor, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { usePeopleMutation } from './people-mutation';

/** POST /v1/admin/vendors {name} (409: a vendor of that name exists, whatever its case). */
export function createAdminVendor(api: ApiClient, name: string): Promise<AdminVendor> {
  return api.post<AdminVendor>(adminApiPaths.vendors, { name });
}

/** The form that asks shows a refusal beside itself. */
export function useCreateAdminVendor() {
  return usePeopleMutation(createAdminVendor, { notify: false });
}
