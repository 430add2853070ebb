import { apiPaths, type DetectedLocation } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { browserStorage } from '../../../lib/storage';

export function detectLocation(api: ApiClient): Promise<DetectedLocation> {
  return api.get<DetectedLocation>(apiPaths.locationsDetect);
}

export function detectedLocationQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['locations', 'detect', api.baseUrl],
    queryFn: () => detectLocation(api),
    staleTime: 60 * 60_000,
    retry: 1,
  });
}

export interface DetectedLocationResult {
  location: DetectedLocation | undefined;
  /** True until detection has answered or failed (and nothing is remembered from a past visit). */
  isPending: boolean;
}

/**
 * Where the reader's connection places them. What the last visit detected is used at once and
 * refreshed in the background; a failure is reported and leaves the location unknown.
 */
export function useDetectedLocation(): DetectedLocationResult {
  const query = useQuery(detectedLocationQueryOptions(useApi()));
  const [remembered] = useState(() => browserStorage.location.get());
  useEffect(() => {
    if (query.data) browserStorage.location.set(query.data);
  }, [query.data]);
  useEffect(() => {
    if (query.error) reportError(query.error, { call: `GET ${apiPaths.locationsDetect}` });
  }, [query.error]);
  const location = query.data ?? remembered;
  return { location, isPending: query.isPending && location === undefined };
}
