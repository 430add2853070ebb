import { THEME_BREAKPOINTS } from '@newsreel/contracts';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, following its changes: `useMediaQuery('(min-width: 900px)')`.
 * Plain (MUI's hook needs its theme); without matchMedia (tests) it is `fallback`.
 */
export function useMediaQuery(query: string, fallback = false): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}

/** The theme's breakpoints (THEME_BREAKPOINTS) as min-width media queries, for useMediaQuery. */
export const MEDIA = {
  smUp: `(min-width: ${THEME_BREAKPOINTS.sm}px)`,
  mdUp: `(min-width: ${THEME_BREAKPOINTS.md}px)`,
  lgUp: `(min-width: ${THEME_BREAKPOINTS.lg}px)`,
  xlUp: `(min-width: ${THEME_BREAKPOINTS.xl}px)`,
  xxlUp: `(min-width: ${THEME_BREAKPOINTS.xxl}px)`,
} as const;
