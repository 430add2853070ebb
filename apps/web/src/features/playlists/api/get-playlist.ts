import { apiPaths, type Playlist } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getPlaylist(api: ApiClient, playlistId: string, signal?: AbortSignal): Promise<Playlist> {
  return api.get<Playlist>(apiPaths.playlist(playlistId), { signal });
}

export function playlistQueryOptions(api: ApiClient, playlistId: string) {
  return queryOptions({
    queryKey: ['playlist', api.baseUrl, playlistId],
    queryFn: ({ signal }) => getPlaylist(api, playlistId, signal),
    staleTime: 60_000,
  });
}

/** One playlist with its articles in order (the API sends the first 150, more than a row needs). */
export function usePlaylist(playlistId: string) {
  return useQuery(playlistQueryOptions(useDataApi(), playlistId));
}
