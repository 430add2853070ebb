import { DEFAULT_VIEW_TYPE, STORAGE_KEYS, type ViewType } from '@newsreel/contracts';
import { useSyncExternalStore } from 'react';
import { browserStorage } from '../../../lib/storage';

// Held in memory as well as in storage, so the choice works for this visit even where storage is blocked.
let currentViewType: ViewType | undefined;
const listeners = new Set<() => void>();

function readViewType(): ViewType {
  currentViewType ??= browserStorage.viewType.get() ?? DEFAULT_VIEW_TYPE;
  return currentViewType;
}

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function onStorage(event: StorageEvent): void {
  // Another tab changed it.
  if (event.key !== STORAGE_KEYS.viewType) return;
  currentViewType = browserStorage.viewType.get() ?? DEFAULT_VIEW_TYPE;
  notify();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function setViewType(viewType: ViewType): void {
  currentViewType = viewType;
  browserStorage.viewType.set(viewType);
  notify();
}

/** How article lists are shown (hero-player by default), remembered in browser storage. */
export function useViewType(): [ViewType, (viewType: ViewType) => void] {
  const viewType = useSyncExternalStore(subscribe, readViewType, () => DEFAULT_VIEW_TYPE);
  return [viewType, setViewType];
}
