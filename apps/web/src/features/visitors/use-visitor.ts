import { useEffect } from 'react';
import { appActions, useAppDispatch, useAppSelector, type Visitor } from '../../app/state';
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
 * Makes sure the session has a visitor (SPEC §4: a stored visitor is reused, otherwise a new one
 * is made and kept). Mounted once in the shell.
 */
export function useEnsureVisitor(): void {
  const dispatch = useAppDispatch();
  const visitor = useAppSelector((state) => state.visitor);
  useEffect(() => {
    if (visitor) return;
    const created = createLocalVisitor();
    browserStorage.visitor.set(created);
    dispatch(appActions.setVisitor(created));
  }, [visitor, dispatch]);
}

/** The id personal reads and toggles name when no one is signed in. */
export function useVisitorId(): string | undefined {
  return useAppSelector((state) => state.visitor?.id);
}
