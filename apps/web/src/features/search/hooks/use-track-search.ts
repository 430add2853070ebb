import type { SearchType } from '@newsreel/contracts';
import { useEffect, useRef } from 'react';
import { trackSearch } from '../../../lib/analytics-events';

/**
 * A 'Search' event for each query the results page shows; switching between its tabs is the same
 * search. The guard keeps StrictMode's second effect run from counting twice.
 */
export function useTrackSearch(query: string, searchType: SearchType): void {
  const tracked = useRef<string | null>(null);
  useEffect(() => {
    if (!query || tracked.current === query) return;
    tracked.current = query;
    trackSearch(query, searchType);
  }, [query, searchType]);
}
