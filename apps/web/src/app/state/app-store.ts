import { appReducer, type AppAction } from './app-state';
import type { AppState } from './types';

export interface AppStore {
  getState(): AppState;
  dispatch(action: AppAction): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * One store for the whole app. It is an external store (read through useSyncExternalStore with
 * a selector) rather than a context value, so a component re-renders only when the slice it
 * selected changes, not on every dispatch.
 */
export function createAppStore(initialState: AppState): AppStore {
  let state = initialState;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch(action) {
      const next = appReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
