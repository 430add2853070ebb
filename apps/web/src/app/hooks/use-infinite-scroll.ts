import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Calls `onReachEnd` when the returned sentinel element scrolls near the viewport (infinite
 * scroll). The sentinel should sit after the last item; keyboard and screen-reader users also
 * get a "Load more" button, so nothing depends on scrolling alone.
 */
export function useInfiniteScroll<T extends Element>(onReachEnd: () => void, { enabled = true, rootMargin = '800px' } = {}) {
  const sentinel = useRef<T | null>(null);
  const callback = useRef(onReachEnd);
  useLayoutEffect(() => {
    callback.current = onReachEnd;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) callback.current();
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return sentinel;
}
