import { act, render } from '@testing-library/react';
import { useLayoutEffect, type ReactElement } from 'react';
import { MemoryRouter, useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router';
import { AppProviders } from '../app/app-providers';
import { MuiThemeProvider } from '../app/theme/app-theme-provider';
import { AppRoutes } from '../app/router';
import { createAppStore, createInitialAppState, type AppState } from '../app/state';
import { createLocalVisitor } from '../features/visitors/use-visitor';
import { createQueryClient } from '../lib/query-client';

function testQueryClient() {
  const queryClient = createQueryClient();
  // Failures should show at once in tests instead of after retry back-off.
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  return queryClient;
}

/**
 * Renders `ui` inside the app's providers with a fresh store (optionally seeded), and inside MUI's
 * theme, which the app loads with its first MUI part (theme/mui-island.tsx): here it is there at
 * once, so a test of a MUI part can render it directly.
 */
export function renderWithProviders(ui: ReactElement, { state }: { state?: Partial<AppState> } = {}) {
  // As in the app, which reads or makes its visitor before the first render (load-initial-app-state.ts);
  // one the server already holds with the signed-in user, so no test but the visitors' own sees it refreshed.
  const user = state?.user;
  const visitor = { ...createLocalVisitor(), ...(user ? { userId: user.id, meta: { email: user.email } } : {}) };
  const initial = createInitialAppState({ visitor, ...state });
  // Ads (issue 17) are off unless a test's state brings a config: an ad would hold the article a player test plays.
  const store = createAppStore(state?.config ? initial : { ...initial, config: { ...initial.config, advertising: { ...initial.config.advertising, enabled: false } } });
  const queryClient = testQueryClient();
  const result = render(
    <AppProviders store={store} queryClient={queryClient}>
      <MuiThemeProvider>{ui}</MuiThemeProvider>
    </AppProviders>,
  );
  return { ...result, store, queryClient };
}

/** What a test reads of, and does to, the memory router's history. */
export interface TestRouter {
  /** Where the app is now. */
  location: () => Location;
  /** Moves the app as a link would. */
  navigate: (to: string) => Promise<void>;
}

/** Keeps the router's current location and navigate function where the test can reach them. */
function RouterProbe({ onRender }: { onRender: (location: Location, navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const navigate = useNavigate();
  useLayoutEffect(() => onRender(location, navigate), [location, navigate, onRender]);
  return null;
}

/** Renders the real routes at `path` in a memory router, inside the app's providers. */
export function renderApp({ path = '/', state }: { path?: string; state?: Partial<AppState> } = {}) {
  const probe: { location?: Location; navigate?: NavigateFunction } = {};
  const rendered = renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <RouterProbe
        onRender={(location, navigate) => {
          probe.location = location;
          probe.navigate = navigate;
        }}
      />
      <AppRoutes />
    </MemoryRouter>,
    { state },
  );
  const router: TestRouter = {
    location: () => {
      if (!probe.location) throw new Error('The router has not rendered yet');
      return probe.location;
    },
    navigate: async (to) => {
      await act(async () => {
        await probe.navigate?.(to);
      });
    },
  };
  return { ...rendered, router };
}
