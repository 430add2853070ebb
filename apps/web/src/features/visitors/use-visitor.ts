import { useAppSelector } from '../../app/state/app-store-context';
import type { AppState, Visitor } from '../../app/state/types';
import { trackEvent } from '../../lib/analytics';
import { browserStorage } from '../../lib/storage';

/** A visitor identity made in this browser: reused while stored, so likes and saves follow the reader. */
export function createLocalVisitor(now: Date = new Date()): Visitor {
  return {
    id: crypto.randomUUID(),
    regionId: 0,
    ipAddress: '',
    updatedAt: now.toISOString(),
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
  };
}

/**
 * The session's visitor (SPEC §4): the stored one is reused; otherwise a new one is made and kept,
 * and a 'New Visitor' event is logged. Read before the first render, so no page draws without it
 * and none re-renders once it is made; the server hears of a new one after that render
 * (useVisitorSync), under the same id.
 */
export function storedOrNewVisitor(): Visitor {
  const stored = browserStorage.visitor.get();
  if (stored) return stored;
  const created: Visitor = { ...createLocalVisitor(), unsaved: true };
  browserStorage.visitor.set(created);
  // Its fields are given, not read back from storage, which may be unavailable.
  const { id, regionId, screenWidth, screenHeight } = created;
  trackEvent('New Visitor', { visitorId: id, regionId, screenWidth, screenHeight });
  return created;
}

/** The id personal reads and toggles name when no one is signed in. */
export function useVisitorId(): string | undefined {
  return useAppSelector((state) => state.visitor?.id);
}

const readerKeyOf = (state: AppState): string | undefined => {
  if (state.authStatus === 'restoring') return undefined;
  if (state.user) return `user:${state.user.id}`;
  return state.visitor ? `visitor:${state.visitor.id}` : undefined;
};

/**
 * Whose personal data (likes, saves, views, …) a query reads: the signed-in user, or else this
 * browser's visitor. Personal query keys hold it, so personal lists are read again when someone
 * signs in or out. Undefined while a stored session is being restored, so those queries wait
 * instead of reading the visitor's data only to read the user's a moment later.
 */
export function useReaderKey(): string | undefined {
  return useAppSelector(readerKeyOf);
}
