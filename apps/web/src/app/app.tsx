import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import type { AppStore } from './state';

/**
 * The static first paint the server may put before #root (apps/server/src/http/first-paint.ts),
 * removed in the commit of the app's first render, before that frame is painted: the two never
 * show together, so nothing on the page moves.
 */
function useRemoveFirstPaint(): void {
  useLayoutEffect(() => {
    for (const id of ['first-paint', 'first-paint-style']) document.getElementById(id)?.remove();
  }, []);
}

/** The single entry that wraps all pages (SPEC §2). */
export function App({
  store,
  queryClient,
  router,
}: {
  store: AppStore;
  queryClient: QueryClient;
  router: ReturnType<typeof createBrowserRouter>;
}) {
  useRemoveFirstPaint();
  return (
    <AppProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
