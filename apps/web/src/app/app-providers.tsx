import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppStoreProvider, type AppStore } from './state';
import { MuiThemeProvider } from './theme/app-theme-provider';

/** Everything a page needs around it: the app store, the query cache and the theme. */
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
      <QueryClientProvider client={queryClient}>
        <MuiThemeProvider>{children}</MuiThemeProvider>
      </QueryClientProvider>
    </AppStoreProvider>
  );
}
