import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../app/state';
import { describeThisScreen } from '../lib/describe-screen';
import { tvCredentials } from '../lib/tv-credentials';
import { createTvSession, type TvSession, type TvState } from '../lib/tv-session';

/** What the screens ask of the session: the viewer's choices. */
export type TvActions = Pick<TvSession, 'retryNow' | 'stopPlaying' | 'unpair'>;

const schedule = (task: () => void, ms: number) => {
  const timer = window.setTimeout(task, ms);
  return () => window.clearTimeout(timer);
};

const sendBeacon = (url: string, init: RequestInit) => {
  fetch(url, init).catch(() => {
    // The lease runs out by itself (DEVICE_LEASE_TTL_SECONDS) when this does not arrive.
  });
};

/**
 * The screen's pairing and lease (lib/tv-session.ts) for as long as the TV app is open: the
 * stream is released when the page is left (pagehide) and asked for again when it comes back
 * from the back-forward cache (pageshow).
 */
export function useTvSession(): { state: TvState; actions: TvActions } {
  const api = useApi();
  const [state, setState] = useState<TvState>({ kind: 'starting' });
  const sessionRef = useRef<TvSession | null>(null);
  const [actions] = useState<TvActions>(() => ({
    retryNow: () => sessionRef.current?.retryNow(),
    stopPlaying: () => sessionRef.current?.stopPlaying(),
    unpair: async () => sessionRef.current?.unpair(),
  }));
  useEffect(() => {
    const created = createTvSession({ api, credentials: tvCredentials, describe: describeThisScreen, schedule, sendBeacon }, setState);
    sessionRef.current = created;
    created.start();
    const onPageHide = () => created.release();
    const onPageShow = (event: PageTransitionEvent) => event.persisted && created.start();
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      created.dispose();
      if (sessionRef.current === created) sessionRef.current = null;
    };
  }, [api]);
  return { state, actions };
}
