import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SessionProvider } from './session/session-context';
import { AppStoreProvider, type AppStore } from './state';

/**
 * Everything a page needs around it: the app store, the session and the query cache. The theme is CSS
 * (theme/global.css); MUI's theme comes with the first MUI part (theme/mui-island.tsx).
 */
export function AppProviders({
  store,
  queryClient,
  children,
}: {
  store: AppStore;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  return (
    <AppStoreProvider store={store}>
      <SessionProvider store={store}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </SessionProvider>
    </AppStoreProvider>
  );
}
