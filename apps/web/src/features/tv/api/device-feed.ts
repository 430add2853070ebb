import { apiPaths, DEVICE_SECRET_HEADER, PAGE_LIMIT, type ArticleList } from '@newsreel/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';

/** GET /v1/articles/device/{id}: the owner's own feed, read with the screen's secret while its lease runs. */
export function useDeviceFeed(deviceId: string, secret: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: ['tv-feed', deviceId],
    queryFn: ({ pageParam, signal }) =>
      api.get<ArticleList>(apiPaths.articlesForDevice(deviceId), {
        query: { page: pageParam, limit: PAGE_LIMIT },
        headers: { [DEVICE_SECRET_HEADER]: secret },
        auth: false,
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: ArticleList) => (last.page * last.limit < last.total && last.items.length > 0 ? last.page + 1 : undefined),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
