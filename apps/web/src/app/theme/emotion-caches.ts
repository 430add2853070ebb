import createCache, { type EmotionCache } from '@emotion/cache';
import { prefixer } from 'stylis';
import type { TextDirection } from '../../lib/i18n';

const ltrCache = createCache({ key: 'mui', stylisPlugins: [prefixer] });
let rtlCache: EmotionCache | undefined;
let rtlLoading: Promise<unknown> | undefined;

/**
 * The emotion cache for `wanted` when it is ready, else the left-to-right one, with the direction
 * of the cache given; left-to-right always is ready.
 */
export function readyEmotionCache(wanted: TextDirection): { cache: EmotionCache; direction: TextDirection } {
  return wanted === 'rtl' && rtlCache ? { cache: rtlCache, direction: 'rtl' } : { cache: ltrCache, direction: 'ltr' };
}

/**
 * Makes the cache of a direction ready. The right-to-left one mirrors every rule (margin-left →
 * margin-right, …) through the stylis RTL plugin, which (with cssjanus under it) loads only for
 * readers of a right-to-left language; prefixer stays first because giving stylisPlugins
 * replaces emotion's default list.
 */
export async function loadEmotionCache(direction: TextDirection): Promise<void> {
  if (direction === 'ltr' || rtlCache) return;
  rtlLoading ??= import('@mui/stylis-plugin-rtl').then(
    ({ default: rtlPlugin }) => {
      rtlCache = createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
    },
    (error: unknown) => {
      // A failed download is tried again on the next change of language.
      rtlLoading = undefined;
      throw error;
    },
  );
  await rtlLoading;
}
