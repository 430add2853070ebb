import { lazy, useSyncExternalStore, type ComponentType } from 'react';
import type { LazyEnglishSection } from '../lib/lazy-strings';
import { loadWithMuiTheme } from './theme/mui-island';

type PageModule = { default: ComponentType };

/** A thenable that has already settled: React.lazy reads it in the same render instead of suspending. */
function settled<T>(value: T): PromiseLike<T> {
  return {
    then: (onFulfilled) => Promise.resolve(onFulfilled ? onFulfilled(value) : (value as never)),
  };
}

// Page modules being fetched; the shell shows a progress bar while any is (root-layout.tsx).
const loading = new Set<Promise<unknown>>();
const listeners = new Set<() => void>();
function notify(): void {
  // A load starts while React renders the page that needs it; listeners hear of it after that render.
  queueMicrotask(() => {
    for (const listener of listeners) listener();
  });
}

/**
 * Loads lazily loaded English sections (lib/lazy-strings.ts) that a page or another lazily loaded
 * part reads; fetch them beside its code. The loader itself is a chunk of its own, so the first
 * screens, which need none, do not carry it.
 */
export function loadEnglishSections(sections: readonly LazyEnglishSection[]): Promise<unknown> {
  if (sections.length === 0) return Promise.resolve();
  return import('../lib/lazy-strings').then(({ loadEnglishSection }) => Promise.all(sections.map(loadEnglishSection)));
}

/**
 * A page whose code is its own chunk. `load` fetches it once for every caller (the route that
 * renders it, or main.tsx before the first render), with the English sections it reads that the
 * entry leaves out (`strings`); once both are in, the page renders in the same pass, with no
 * loading fallback in between and no untranslated key.
 */
export function lazyPage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType, strings: readonly LazyEnglishSection[] = []) {
  let loaded: PageModule | undefined;
  let pending: Promise<PageModule> | undefined;
  const load = (): PromiseLike<PageModule> => {
    if (loaded) return settled(loaded);
    if (!pending) {
      const request = Promise.all([importModule(), loadEnglishSections(strings)]).then(([module]) => (loaded = { default: pageOf(module) }));
      pending = request;
      loading.add(request);
      notify();
      // Loaded or failed (the route's error boundary shows the failure), it stops counting.
      const settle = () => {
        loading.delete(request);
        notify();
      };
      request.then(settle, settle);
    }
    return pending;
  };
  // React.lazy takes any thenable (its types say Promise); the settled one is what lets it skip the fallback.
  return { load, Page: lazy(load as () => Promise<PageModule>) };
}

/** Whether a page's code is being fetched: the reader has moved and waits for it. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading.size > 0,
  );
}

/**
 * A page drawn with MUI: its code, MUI's theme and its lazily loaded English sections (`strings`)
 * load together. Every page is one but the home page and the article page, whose first screens
 * are plain CSS (docs/architecture.md, "The first screen").
 */
export function muiPage<M>(importModule: () => Promise<M>, pageOf: (module: M) => ComponentType, strings: readonly LazyEnglishSection[] = []) {
  return lazyPage(() => loadWithMuiTheme(async () => pageOf(await importModule())), (Page: ComponentType) => Page, strings);
}
