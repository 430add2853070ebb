import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../../lib/analytics';

/**
 * Records a page view after every completed route change (SPEC §2). The router moves in a
 * transition, so the new location is only committed once its page's code is in; the location
 * is the signal, and the key guard keeps StrictMode's second effect run from counting twice.
 */
export function usePageView(): void {
  const location = useLocation();
  const trackedKey = useRef<string | null>(null);
  useEffect(() => {
    if (trackedKey.current === location.key) return;
    trackedKey.current = location.key;
    trackPageView(location);
  }, [location]);
}
