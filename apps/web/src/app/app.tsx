import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { AppProviders } from './app-providers';
import type { AppStore } from './state';

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
  return (
    <AppProviders store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
