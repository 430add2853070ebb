import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppAction } from './app-state';
import type { AppStore } from './app-store';
import type { AppState } from './types';

const AppStoreContext = createContext<AppStore | null>(null);

export function AppStoreProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return <AppStoreContext value={store}>{children}</AppStoreContext>;
}

export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore must be used inside <AppStoreProvider>');
  return store;
}

/**
 * A slice of the app state. The selector must return a value that stays the same (===) while
 * the slice is unchanged, e.g. a field of the state, not a newly built object.
 */
export function useAppSelector<T>(selector: (state: AppState) => T): T {
  const store = useAppStore();
  return useSyncExternalStore(
    store.subscribe,
    () => selector(store.getState()),
    () => selector(store.getState()),
  );
}

export function useAppDispatch(): (action: AppAction) => void {
  return useAppStore().dispatch;
}
