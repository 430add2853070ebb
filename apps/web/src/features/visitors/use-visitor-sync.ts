import { VISITOR_REFRESH_MS } from '@newsreel/contracts';
import { useEffect } from 'react';
import { useAppSelector, useAppStore } from '../../app/state/app-store-context';
import type { User, Visitor } from '../../app/state/types';
import { whenSending } from '../../lib/analytics';
import { reportError } from '../../lib/error-reporting';

/**
 * What this browser's visitor needs from the server (SPEC §4 visitor lifecycle): 'create' while
 * the server has not stored it; 'refresh' (an update with the user's id and email) when more than
 * VISITOR_REFRESH_MS have passed since it was updated, when the signed-in user is not the one it
 * holds (or their email is not), or when it holds meta the server has not been sent; null: nothing.
 */
export function visitorSyncNeeded(visitor: Visitor, user: User | null, nowMs: number): 'create' | 'refresh' | null {
  if (visitor.unsaved) return 'create';
  if (user && (user.id !== visitor.userId || user.email !== visitor.meta?.email)) return 'refresh';
  if (visitor.metaUnsent) return 'refresh';
  // An updatedAt that cannot be read counts as old.
  return nowMs - Date.parse(visitor.updatedAt) <= VISITOR_REFRESH_MS ? null : 'refresh';
}

/**
 * How long after the page has settled (its first analytics batch sent) the visitor is sent: the
 * server's copy is for statistics and the next visit, never for this page, so its code and its
 * call wait until what the reader came for has loaded and played.
 */
export const VISITOR_SYNC_DELAY_MS = 3000;

/** Once the page has settled, then when the browser is idle: the page's own work comes first. */
function whenSettled(work: () => void): () => void {
  let cancelled = false;
  let cancel = () => {};
  void whenSending().then(() => {
    if (cancelled) return;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback !== 'function') return work();
      const handle = requestIdleCallback(work, { timeout: 5000 });
      cancel = () => cancelIdleCallback(handle);
    }, VISITOR_SYNC_DELAY_MS);
    cancel = () => clearTimeout(timer);
  });
  return () => {
    cancelled = true;
    cancel();
  };
}

/**
 * Keeps this browser's visitor in step with the server (SPEC §4). The first screen carries only
 * the rule above; the code that talks to the server (visitor-sync.ts) loads when there is
 * something to do, a few seconds after the page has settled (VISITOR_SYNC_DELAY_MS). Whether a session is being restored
 * is waited for, so a visitor is created or refreshed with the user it belongs to.
 */
export function useVisitorSync(): void {
  const store = useAppStore();
  const visitor = useAppSelector((state) => state.visitor);
  const user = useAppSelector((state) => state.user);
  const restoring = useAppSelector((state) => state.authStatus === 'restoring');
  useEffect(() => {
    if (!visitor || restoring || !visitorSyncNeeded(visitor, user, Date.now())) return;
    return whenSettled(
      () =>
        void import('./visitor-sync')
          .then(({ syncVisitor }) => syncVisitor(store))
          .catch((error: unknown) => reportError(error, { source: 'visitor', loading: 'visitor sync' })),
    );
  }, [visitor, user, restoring, store]);
}
