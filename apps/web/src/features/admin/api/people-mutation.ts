import type {
  AdminApiKeyListQuery,
  AdminJobListQuery,
  AdminRoleListQuery,
  AdminUserListQuery,
  AdminVendorListQuery,
  AdminVendorUserListQuery,
  AuditListQuery,
} from '@newsreel/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useErrorHandlers } from '../../../app/state';
import { isApiError, type ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';

const people = ['admin', 'people'] as const;

/**
 * The superusers' query keys. A change to a person, a role, a vendor or a key can show in every
 * people list (a vendor's counts, a user's keys), so each change reads `people` again; every
 * change is in the audit log, and a job's retry too.
 */
export const adminPeopleKeys = {
  people,
  users: (query: AdminUserListQuery) => [...people, 'users', query] as const,
  user: (userId: string) => [...people, 'user', userId] as const,
  roles: (query: AdminRoleListQuery) => [...people, 'admin-roles', query] as const,
  vendors: (query: AdminVendorListQuery) => [...people, 'vendors', query] as const,
  vendor: (vendorId: string) => [...people, 'vendor', vendorId] as const,
  vendorUsers: (vendorId: string, query: AdminVendorUserListQuery) => [...people, 'vendor-users', vendorId, query] as const,
  apiKeys: (query: AdminApiKeyListQuery) => [...people, 'api-keys', query] as const,
  jobsAll: ['admin', 'jobs'] as const,
  jobs: (query: AdminJobListQuery) => ['admin', 'jobs', query] as const,
  auditAll: ['admin', 'audit'] as const,
  audit: (query: AuditListQuery) => ['admin', 'audit', query] as const,
};

export interface PeopleMutationOptions<V> {
  /**
   * true (the default): a refusal is shown in the notification bar, in the server's words (which
   * name the person and what to do, as the last superuser's 409 does). false: the caller shows
   * `error` where the change was asked for (a form).
   */
  notify?: boolean;
  /** What else the change shows in: the jobs for a retry. */
  also?: readonly (readonly unknown[])[];
  /** What a deletion leaves nothing to read again for (the deleted user's own page): forgotten, not read again. */
  forget?: (variables: V) => readonly unknown[];
}

/** A superuser's change: sent with the admin token; afterwards the lists it shows in are read again. */
export function usePeopleMutation<V, R = unknown>(mutate: (api: ApiClient, variables: V) => Promise<R>, { notify = true, also = [people], forget }: PeopleMutationOptions<V> = {}) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const { handleError, handleErrorWithoutReport } = useErrorHandlers();
  // A refusal (4xx: the last superuser, a name taken) is the API doing its job, not a fault to report.
  const showError = (error: unknown) => (isApiError(error) && error.status < 500 ? handleErrorWithoutReport(error) : handleError(error));
  return useMutation({
    mutationFn: (variables: V) => mutate(api, variables),
    onError: notify ? showError : undefined,
    onSuccess: (_answer, variables) => {
      if (forget) queryClient.removeQueries({ queryKey: forget(variables) });
    },
    onSettled: () => Promise.all([...also, adminPeopleKeys.auditAll].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
