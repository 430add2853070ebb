import { THEME_BREAKPOINTS } from '@newsreel/contracts';
import { createTheme, type Theme } from '@mui/material/styles';
import type { TextDirection } from '../../lib/i18n';
import {
  BACKGROUND_COLOUR,
  CORNER_RADIUS_PX,
  FONT_STACK,
  ON_PRIMARY,
  PAPER_COLOUR,
  PRIMARY_YELLOW,
  PRIMARY_YELLOW_DARK,
  PRIMARY_YELLOW_LIGHT,
} from './tokens';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** Television-sized screens (THEME_BREAKPOINTS.xxl). */
    xxl: true;
  }
}

export function createAppTheme(direction: TextDirection): Theme {
  return createTheme({
    direction,
    breakpoints: { values: { ...THEME_BREAKPOINTS } },
    palette: {
      mode: 'dark',
      primary: { main: PRIMARY_YELLOW, light: PRIMARY_YELLOW_LIGHT, dark: PRIMARY_YELLOW_DARK, contrastText: ON_PRIMARY },
      background: { default: BACKGROUND_COLOUR, paper: PAPER_COLOUR },
    },
    shape: { borderRadius: CORNER_RADIUS_PX },
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
