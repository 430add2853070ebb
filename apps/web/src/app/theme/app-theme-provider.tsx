import { CacheProvider } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useEffect, useReducer, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError } from '../../lib/error-reporting';
import { directionOf, type TextDirection } from '../../lib/i18n';
import { loadEmotionCache, readyEmotionCache } from './emotion-caches';
import { createAppTheme } from './theme';

export { loadEmotionCache };

// One theme per direction, shared by every MUI part of the page.
const themes = new Map<TextDirection, Theme>();
function appTheme(direction: TextDirection): Theme {
  let theme = themes.get(direction);
  if (!theme) {
    theme = createAppTheme(direction);
    themes.set(direction, theme);
  }
  return theme;
}

/**
 * MUI's dark theme, in the direction of the current language (document dir is set by lib/i18n),
 * around the app's MUI parts (theme/mui-island.tsx). Its first use waits for the right-to-left
 * styles when the language needs them; on a later switch to such a language the MUI parts keep
 * their direction until they have loaded. The page's base styles are plain CSS (global.css).
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const wanted = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const [, cacheLoaded] = useReducer((count: number) => count + 1, 0);
  const { cache, direction } = readyEmotionCache(wanted);
  useEffect(() => {
    if (direction === wanted) return;
    loadEmotionCache(wanted).then(cacheLoaded, (error: unknown) => reportError(error, { source: 'rtl-styles' }));
  }, [wanted, direction]);
  const theme = appTheme(direction);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </CacheProvider>
  );
}
