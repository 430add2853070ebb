import { type EventCounts, adminApiPaths } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminStatisticsKeys } from './statistics-keys';

const HOUR_MS = 3_600_000;
/** How often the live view asks again: often enough to watch events arrive, a light read each time. */
export const LIVE_REFRESH_MS = 5_000;

/** GET /v1/admin/statistics/events for the hour up to now: exact counts per action, from the event store. */
export function getLastHourEvents(api: ApiClient, signal?: AbortSignal, now: Date = new Date()): Promise<EventCounts> {
  const from = new Date(now.getTime() - HOUR_MS).toISOString();
  return api.get<EventCounts>(adminApiPaths.statisticsEvents, { query: { from, to: now.toISOString() }, signal });
}

export function lastHourEventsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: adminStatisticsKeys.lastHourEvents(),
    // Each read is of the hour ending when it is sent, so the window moves with the clock.
    queryFn: ({ signal }) => getLastHourEvents(api, signal),
    // Asked again every few seconds while the page is on screen; React Query pauses it while the
    // tab is hidden (refetchIntervalInBackground is off), so a forgotten tab asks nothing.
    refetchInterval: LIVE_REFRESH_MS,
    staleTime: 0,
  });
}

export function useLastHourEvents() {
  return useQuery(lastHourEventsQueryOptions(useAdminApi()));
}
