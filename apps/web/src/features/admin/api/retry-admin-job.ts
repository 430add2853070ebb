import { type AdminJob, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminPeopleKeys, usePeopleMutation } from './people-mutation';

/** POST /v1/admin/jobs/{id}/retry: a failed job runs again (409: it is not failed). */
export function retryAdminJob(api: ApiClient, jobId: string): Promise<AdminJob> {
  return api.post<AdminJob>(adminApiPaths.jobRetry(jobId));
}

export function useRetryAdminJob() {
  return usePeopleMutation(retryAdminJob, { also: [adminPeopleKeys.jobsAll] });
}
