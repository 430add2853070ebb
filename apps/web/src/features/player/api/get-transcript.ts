import { apiPaths, type Transcript } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

export function getTranscript(api: ApiClient, articleId: string, language?: string, signal?: AbortSignal): Promise<Transcript> {
  return api.get<Transcript>(apiPaths.articleTranscript(articleId), { query: { language }, signal });
}

export function transcriptQueryOptions(api: ApiClient, articleId: string, language?: string) {
  return queryOptions({
    queryKey: ['transcripts', articleId, language ?? null, api.baseUrl],
    queryFn: ({ signal }) => getTranscript(api, articleId, language, signal),
    staleTime: 5 * 60_000,
  });
}

/** An article's timed transcript (in `language` when it exists in it). */
export function useTranscript(articleId: string, { language, enabled = true }: { language?: string; enabled?: boolean } = {}) {
  return useQuery({ ...transcriptQueryOptions(useDataApi(), articleId, language), enabled: enabled && Boolean(articleId) });
}
