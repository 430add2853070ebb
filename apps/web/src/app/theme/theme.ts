import { THEME_BREAKPOINTS } from '@newsreel/contracts';
import { createTheme, type Theme } from '@mui/material/styles';
import type { TextDirection } from '../../lib/i18n';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** Television-sized screens (THEME_BREAKPOINTS.xxl). */
    xxl: true;
  }
}

/** Kept in step with the inline background in index.html, which prevents a white flash. */
export const BACKGROUND_COLOUR = '#0e0f12';
export const PRIMARY_YELLOW = '#FFD400';

// System fonts cover Latin, Arabic, Hebrew, Persian, Urdu, Chinese and Vietnamese without a font download.
const FONT_STACK =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew", "PingFang SC", "Microsoft YaHei", Arial, sans-serif';

export function createAppTheme(direction: TextDirection): Theme {
  return createTheme({
    direction,
    breakpoints: { values: { ...THEME_BREAKPOINTS } },
    palette: {
      mode: 'dark',
      primary: { main: PRIMARY_YELLOW, light: '#FFE34D', dark: '#C7A500', contrastText: '#111111' },
      background: { default: BACKGROUND_COLOUR, paper: '#17191e' },
    },
    shape: { borderRadius: 10 },
    typography: { fontFamily: FONT_STACK, button: { textTransform: 'none', fontWeight: 600 } },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          // A clear keyboard focus ring everywhere, in the brand colour, without rings on mouse clicks.
          ':focus-visible': { outline: `2px solid ${PRIMARY_YELLOW}`, outlineOffset: 2 },
        },
      },
      // ButtonBase resets `outline` on its own class, which outranks the global rule above.
      MuiButtonBase: {
        styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY_YELLOW}`, outlineOffset: 2 } } },
      },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}
