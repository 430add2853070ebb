import {
  apiPaths,
  GROUPED_REGION_IDS,
  PAGE_LIMIT_MAX,
  REGIONS,
  type List,
  type RegionResponse,
} from '@newsreel/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { appActions, useApi, useAppDispatch } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { reportError } from '../../../lib/error-reporting';

const groupedIds: readonly number[] = Object.values(GROUPED_REGION_IDS);

/** The reference list of contracts, in the API's shape; shown when the API cannot be reached. */
export const REFERENCE_REGIONS: readonly RegionResponse[] = REGIONS.map((region) => ({
  ...region,
  grouped: groupedIds.includes(region.id),
}));

export function getRegions(api: ApiClient): Promise<List<RegionResponse>> {
  return api.get<List<RegionResponse>>(apiPaths.regions, { query: { limit: PAGE_LIMIT_MAX } });
}

export function regionsQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ['regions', api.baseUrl],
    queryFn: () => getRegions(api),
    staleTime: 60 * 60_000,
  });
}

export interface RegionsResult {
  regions: readonly RegionResponse[];
  isLoading: boolean;
  /** True when the API failed and REFERENCE_REGIONS are shown instead. */
  isFallback: boolean;
}

/** The region list, kept in the app state as well (SPEC §1: regions). */
export function useRegions(): RegionsResult {
  const dispatch = useAppDispatch();
  const { data, error, isPending } = useQuery(regionsQueryOptions(useApi()));
  useEffect(() => {
    if (data) dispatch(appActions.setRegions(data.items));
  }, [data, dispatch]);
  useEffect(() => {
    if (error) reportError(error, { call: 'GET /v1/regions' });
  }, [error]);
  if (data) return { regions: data.items, isLoading: false, isFallback: false };
  if (error) return { regions: REFERENCE_REGIONS, isLoading: false, isFallback: true };
  return { regions: [], isLoading: isPending, isFallback: false };
}
