import type { ArticleSummary } from '@newsreel/contracts';
import { useEffect, useEffectEvent } from 'react';
import { whenSending } from '../../../lib/analytics';
import { reportError } from '../../../lib/error-reporting';

/**
 * The media events of `article` playing in `media` (lib/media-analytics.ts). A player nobody
 * starts costs nothing; one that starts by itself as the page opens loads that code once the first
 * batch of events has gone (whenSending), after the page has settled, and its Play keeps the time
 * it started.
 */
export function useMediaAnalytics(media: HTMLMediaElement | null, article: ArticleSummary, playlistId?: string): void {
  // Nothing here to memoise: the effect's dependencies already say when it runs.
  'use no memo';
  // The article's details may be read again while it plays; that is not a new play.
  const currentArticle = useEffectEvent(() => article);
  useEffect(() => {
    if (!media) return;
    let stopped = false;
    let stopTracking: (() => void) | undefined;
    const start = () => {
      media.removeEventListener('play', start);
      const started = { startedAt: new Date(), startPosition: media.currentTime };
      whenSending()
        .then(() => import('../lib/media-analytics'))
        .then(({ trackMedia }) => {
          if (!stopped) stopTracking = trackMedia(media, currentArticle(), { playlistId, ...started });
        })
        .catch((error: unknown) => reportError(error, { source: 'analytics' }));
    };
    if (media.paused) media.addEventListener('play', start);
    else start();
    return () => {
      stopped = true;
      media.removeEventListener('play', start);
      stopTracking?.();
    };
  }, [media, playlistId]);
}
