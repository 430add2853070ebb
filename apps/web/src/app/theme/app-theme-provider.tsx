import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { directionOf } from '../../lib/i18n';
import { loadEmotionCache, readyEmotionCache } from './emotion-caches';
import { createAppTheme } from './theme';

/**
 * The dark theme, in the direction of the current language (document dir is set by lib/i18n).
 * The start waits for the right-to-left styles when the first language needs them (main.tsx);
 * on a later switch to such a language the page keeps its direction until they have loaded.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const wanted = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const [, cacheLoaded] = useReducer((count: number) => count + 1, 0);
  const { cache, direction } = readyEmotionCache(wanted);
  useEffect(() => {
    if (direction === wanted) return;
    loadEmotionCache(wanted).then(cacheLoaded, (error: unknown) => reportError(error, { source: 'rtl-styles' }));
  }, [wanted, direction]);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
