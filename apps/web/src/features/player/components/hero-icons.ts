/**
 * The icons only the home page's hero player draws (its article link and "next report"), beside
 * its code rather than in the shell's app/ui/icons.ts, so the article page does not download them.
 * Paths copied from @mui/icons-material (Material Design icons, Apache License 2.0).
 */
import { createIcon } from '../../../app/ui/icon';

export const ArrowOutwardRoundedIcon = createIcon("M6 7c0 .55.45 1 1 1h7.59l-8.88 8.88c-.39.39-.39 1.02 0 1.41s1.02.39 1.41 0L16 9.41V17c0 .55.45 1 1 1s1-.45 1-1V7c0-.55-.45-1-1-1H7c-.55 0-1 .45-1 1", 'ArrowOutwardRounded');
export const SkipNextRoundedIcon = createIcon("m7.58 16.89 5.77-4.07c.56-.4.56-1.24 0-1.63L7.58 7.11C6.91 6.65 6 7.12 6 7.93v8.14c0 .81.91 1.28 1.58.82M16 7v10c0 .55.45 1 1 1s1-.45 1-1V7c0-.55-.45-1-1-1s-1 .45-1 1", 'SkipNextRounded');
