/**
 * The theme's colours, shared by the MUI theme (theme.ts) and plain code (the logo); the CSS
 * custom properties in global.css carry the same values (tokens.test.ts keeps them in step).
 */
export const BACKGROUND_COLOUR = '#0e0f12';
export const PAPER_COLOUR = '#17191e';
export const PRIMARY_YELLOW = '#ffd400';
export const PRIMARY_YELLOW_LIGHT = '#ffe34d';
export const PRIMARY_YELLOW_DARK = '#c7a500';
export const ON_PRIMARY = '#111111';
export const CORNER_RADIUS_PX = 10;

// System fonts cover Latin, Arabic, Hebrew, Persian, Urdu, Chinese and Vietnamese without a font download.
export const FONT_STACK =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', 'Noto Sans Hebrew', 'PingFang SC', 'Microsoft YaHei', Arial, sans-serif";
