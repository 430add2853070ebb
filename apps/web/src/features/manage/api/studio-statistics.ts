import { manageApiPaths, type ManageStatistics, type ManageStatisticsQuery } from '@newsreel/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApi, useAppSelector } from '../../../app/state';

/** The dashboard's query key: the figures are the active publisher's, so another publisher's are read anew. */
export const studioStatisticsKey = (publisherId: string | null, query: Required<ManageStatisticsQuery>) => ['manage', publisherId, 'statistics', query] as const;

/**
 * GET /v1/manage/statistics: plays, watch time and visitors of the active publisher's articles
 * over a range of UTC days, per day, with its most played articles (from the analytics roll-ups).
 */
export function useStudioStatistics(query: Required<ManageStatisticsQuery>) {
  const api = useApi();
  const publisherId = useAppSelector((state) => state.user?.activePublisherId ?? null);
  return useQuery({
    queryKey: studioStatisticsKey(publisherId, query),
    queryFn: ({ signal }) => api.get<ManageStatistics>(manageApiPaths.statistics, { query: { ...query }, signal }),
    // The range being replaced stays on screen (under the progress bar) while the next loads;
    // never another publisher's figures, though.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === publisherId ? keepPreviousData(previous) : undefined),
    // The roll-ups follow the events within seconds: coming back to the page reads them again.
    staleTime: 0,
    enabled: publisherId !== null,
  });
}
