import { manageApiPaths, type MrssFeed } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** GET /v1/manage/mrss/load?url=: the feed's items as drafts to review; nothing is stored. */
export function loadMrssFeed(api: ApiClient, url: string): Promise<MrssFeed> {
  return api.get<MrssFeed>(manageApiPaths.mrssLoad, { query: { url } });
}

/** Read on demand (the publisher presses Load), and shown by the page in words for each refusal. */
export function useLoadMrssFeed() {
  const api = useApi();
  return useMutation({ mutationFn: (url: string) => loadMrssFeed(api, url) });
}
