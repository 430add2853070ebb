import { apiPaths, type Story } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getStory(api: ApiClient, storyId: string, signal?: AbortSignal): Promise<Story> {
  return api.get<Story>(apiPaths.story(storyId), { signal });
}

export function storyQueryOptions(api: ApiClient, storyId: string) {
  return queryOptions({
    queryKey: ['story', api.baseUrl, storyId],
    queryFn: ({ signal }) => getStory(api, storyId, signal),
    staleTime: 60_000,
  });
}

/** One story (title, description, poster, how many articles); its articles come from useArticleList. */
export function useStory(storyId: string) {
  return useQuery(storyQueryOptions(useDataApi(), storyId));
}
