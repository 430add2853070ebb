import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';
import type { TextDirection } from '../../lib/i18n';

const caches: Partial<Record<TextDirection, EmotionCache>> = {};

/**
 * One emotion cache per direction. The right-to-left one mirrors every rule (margin-left →
 * margin-right, …) through the stylis RTL plugin; prefixer stays first because giving
 * stylisPlugins replaces emotion's default list.
 */
export function emotionCacheFor(direction: TextDirection): EmotionCache {
  caches[direction] ??=
    direction === 'rtl'
      ? createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] })
      : createCache({ key: 'mui', stylisPlugins: [prefixer] });
  return caches[direction];
}
