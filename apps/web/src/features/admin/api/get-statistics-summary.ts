import { type StatisticsSummary, type StatisticsSummaryQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminStatisticsKeys } from './statistics-keys';

/** GET /v1/admin/statistics/summary: the platform's figures over a range of UTC days. */
export function getStatisticsSummary(api: ApiClient, query: Required<StatisticsSummaryQuery>, signal?: AbortSignal): Promise<StatisticsSummary> {
  return api.get<StatisticsSummary>(adminApiPaths.statisticsSummary, { query: { ...query }, signal });
}

export function statisticsSummaryQueryOptions(api: ApiClient, query: Required<StatisticsSummaryQuery>) {
  return queryOptions({
    queryKey: adminStatisticsKeys.summary(query),
    queryFn: ({ signal }) => getStatisticsSummary(api, query, signal),
    // The range being replaced stays on screen (dimmed by the progress bar) while the next loads.
    placeholderData: keepPreviousData,
    // The roll-ups follow the events within seconds: coming back to the page reads them again.
    staleTime: 0,
  });
}

export function useStatisticsSummary(query: Required<StatisticsSummaryQuery>) {
  return useQuery(statisticsSummaryQueryOptions(useAdminApi(), query));
}
