/**
 * The AI search's sparkle, as plain SVG: the app bar's entry draws it on the first screen, where
 * MUI's SvgIcon would bring MUI with it (app/ui/icons.ts says why).
 * Path copied from @mui/icons-material (Material Design icons, Apache License 2.0).
 */
import { createIcon } from '../../../app/ui/icon';

export const AutoAwesomeRoundedIcon = createIcon(
  'm19.46 8 .79-1.75L22 5.46c.39-.18.39-.73 0-.91l-1.75-.79L19.46 2c-.18-.39-.73-.39-.91 0l-.79 1.75-1.76.79c-.39.18-.39.73 0 .91l1.75.79.79 1.76c.18.39.74.39.92 0M11.5 9.5 9.91 6c-.35-.78-1.47-.78-1.82 0L6.5 9.5 3 11.09c-.78.36-.78 1.47 0 1.82l3.5 1.59L8.09 18c.36.78 1.47.78 1.82 0l1.59-3.5 3.5-1.59c.78-.36.78-1.47 0-1.82zm7.04 6.5-.79 1.75-1.75.79c-.39.18-.39.73 0 .91l1.75.79.79 1.76c.18.39.73.39.91 0l.79-1.75 1.76-.79c.39-.18.39-.73 0-.91l-1.75-.79-.79-1.76c-.18-.39-.74-.39-.92 0',
  'AutoAwesomeRounded',
);
