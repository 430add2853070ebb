import { apiPaths, GLOBAL_REGION_ID, type RegionDetectResponse } from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';
import { REFERENCE_REGIONS } from './get-regions';

export function detectRegion(api: ApiClient): Promise<RegionDetectResponse> {
  return api.get<RegionDetectResponse>(apiPaths.regionsDetect);
}

/** What detection falls back to when it fails: region 0, Global (SPEC §4). */
export const UNDETECTED_REGION: RegionDetectResponse = {
  regionId: GLOBAL_REGION_ID,
  region: REFERENCE_REGIONS[GLOBAL_REGION_ID] ?? { id: 0, code: 'GL', name: 'Global', grouped: false },
  countryCode: null,
};

export function detectedRegionQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['regions', 'detect', api.baseUrl],
    queryFn: async (): Promise<RegionDetectResponse> => {
      try {
        return await detectRegion(api);
      } catch (error) {
        reportError(error, { call: 'GET /v1/regions/detect' });
        return UNDETECTED_REGION;
      }
    },
    staleTime: 60 * 60_000,
  });
}

export function useDetectedRegion() {
  return useQuery(detectedRegionQueryOptions(useApi()));
}
