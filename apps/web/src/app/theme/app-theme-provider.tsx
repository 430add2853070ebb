import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf } from '../../lib/i18n';
import { emotionCacheFor } from './emotion-caches';
import { createAppTheme } from './theme';

/** The dark theme, in the direction of the current language (document dir is set by lib/i18n). */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const direction = directionOf(i18n.resolvedLanguage ?? i18n.language);
  const theme = useMemo(() => createAppTheme(direction), [direction]);
  return (
    <CacheProvider value={emotionCacheFor(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
