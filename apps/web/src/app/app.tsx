import type { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import { ErrorBoundary } from './components/error-boundary';
import { AppRoutes } from './router';
import { ShellErrorPage } from './routes/route-error-page';
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
export function App({ store, queryClient }: { store: AppStore; queryClient: QueryClient }) {
  useRemoveFirstPaint();
  return (
    <AppProviders store={store} queryClient={queryClient}>
      <ErrorBoundary source="shell" fallback={() => <ShellErrorPage />}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ErrorBoundary>
    </AppProviders>
  );
}
