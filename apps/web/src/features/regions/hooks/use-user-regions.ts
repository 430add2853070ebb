import { DEFAULT_USER_REGION_IDS } from '@newsreel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { appActions, normaliseRegionIds, useApi, useAppDispatch, useAppSelector, useAppStore } from '../../../app/state';
import { browserStorage } from '../../../lib/storage';
import { detectedRegionQueryOptions } from '../api/detect-region';

/**
 * The regions the reader follows (userRegionIds) and a way to change them: the app state, which
 * every feed reads, and browser storage for the next visit change together.
 */
export function useUserRegionIds(): [regionIds: number[], setRegionIds: (regionIds: readonly number[]) => void] {
  const dispatch = useAppDispatch();
  const regionIds = useAppSelector((state) => state.userRegionIds);
  const setRegionIds = useCallback(
    (next: readonly number[]) => {
      const normalised = normaliseRegionIds(next);
      dispatch(appActions.setUserRegionIds(normalised));
      browserStorage.regions.set(normalised);
    },
    [dispatch],
  );
  return [regionIds, setRegionIds];
}

function isDefaultChoice(regionIds: readonly number[]): boolean {
  return regionIds.length === DEFAULT_USER_REGION_IDS.length && regionIds.every((id, index) => id === DEFAULT_USER_REGION_IDS[index]);
}

/**
 * On a first visit (no regions stored) the reader starts with the region the server places their
 * address in; detection that fails gives Global (SPEC §4). The result is stored, so it is asked once.
 */
export function useFirstVisitRegion(): void {
  const store = useAppStore();
  const [, setRegionIds] = useUserRegionIds();
  const [firstVisit] = useState(() => browserStorage.regions.get() === undefined);
  const { data } = useQuery({ ...detectedRegionQueryOptions(useApi()), enabled: firstVisit });
  const applied = useRef(false);
  useEffect(() => {
    if (!firstVisit || !data || applied.current) return;
    applied.current = true;
    // The reader may have chosen while detection ran; their choice wins.
    if (browserStorage.regions.get() !== undefined || !isDefaultChoice(store.getState().userRegionIds)) return;
    setRegionIds([data.regionId]);
  }, [firstVisit, data, store, setRegionIds]);
}
