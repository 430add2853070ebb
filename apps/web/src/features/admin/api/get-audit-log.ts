import { type AuditList, type AuditListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminPeopleKeys } from './people-mutation';

/** GET /v1/admin/audit: every admin write, newest first, filtered (400: `to` not after `from`). */
export function getAuditLog(api: ApiClient, query: AuditListQuery, signal?: AbortSignal): Promise<AuditList> {
  return api.get<AuditList>(adminApiPaths.audit, { query: { ...query }, signal });
}

export function auditLogQueryOptions(api: ApiClient, query: AuditListQuery) {
  return queryOptions({ queryKey: adminPeopleKeys.audit(query), queryFn: ({ signal }) => getAuditLog(api, query, signal), placeholderData: keepPreviousData });
}

export function useAuditLog(query: AuditListQuery) {
  return useQuery(auditLogQueryOptions(useAdminApi(), query));
}
