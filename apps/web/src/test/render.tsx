import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { appRoutes } from '../app/router';
import { createAppStore, createInitialAppState, type AppState } from '../app/state';
import { createQueryClient } from '../lib/query-client';

function testQueryClient() {
  const queryClient = createQueryClient();
  // Failures should show at once in tests instead of after retry back-off.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return queryClient;
}

/** Renders `ui` inside the app's providers with a fresh store (optionally seeded). */
export function renderWithProviders(ui: ReactElement, { state }: { state?: Partial<AppState> } = {}) {
  const store = createAppStore(createInitialAppState(state));
  const queryClient = testQueryClient();
  const result = render(
    <AppProviders store={store} queryClient={queryClient}>
      {ui}
    </AppProviders>,
  );
  return { ...result, store, queryClient };
}

/** Renders the real routes at `path` in a memory router, inside the app's providers. */
export function renderApp({ path = '/', state }: { path?: string; state?: Partial<AppState> } = {}) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  return { ...renderWithProviders(<RouterProvider router={router} />, { state }), router };
}
