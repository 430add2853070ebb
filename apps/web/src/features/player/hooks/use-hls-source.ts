import { useEffect, useEffectEvent } from 'react';

/**
 * Plays an HLS stream through hls.js in browsers without native HLS (all but Safari and some
 * phones). hls.js is imported only here, when such a stream is played, so no other page pays
 * for it. `enabled` is false for plain files and native HLS, which the element plays by itself.
 */
export function useHlsSource(element: HTMLMediaElement | null, url: string | null, enabled: boolean, onFatalError: () => void): void {
  const reportFatalError = useEffectEvent(onFatalError);
  useEffect(() => {
    if (!enabled || !element || !url) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('hls.js').then(
      ({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          // No Media Source Extensions either: let the element try, and report what it says.
          element.src = url;
          return;
        }
        // The page's Content-Security-Policy allows no blob: workers; transmuxing on the main
        // thread is light for news clips.
        const hls = new Hls({ enableWorker: false });
        let recoveredOnce = false;
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recoveredOnce) {
            recoveredOnce = true;
            hls.recoverMediaError();
            return;
          }
          reportFatalError();
        });
        hls.loadSource(url);
        hls.attachMedia(element);
        destroy = () => hls.destroy();
      },
      () => {
        if (!cancelled) reportFatalError();
      },
    );
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [element, url, enabled]);
}
