import { env } from '../../lib/env';
import { isEmbeddedHost } from '../../lib/embedded';
import { browserStorage, sessionMarker } from '../../lib/storage';
import { storedOrNewVisitor } from '../../features/visitors/use-visitor';
import { createInitialAppState, normaliseRegionIds } from './app-state';
import type { AppState } from './types';

/** The state the app starts with: settings from the build, the page's host, and what storage remembers. */
export function loadInitialAppState(): AppState {
  const storedRegionIds = browserStorage.regions.get();
  const storedConfig = browserStorage.appConfig.get();
  return createInitialAppState({
    api: env.apiBaseUrl,
    dataApi: env.dataApiBaseUrl,
    embedded: isEmbeddedHost(window.location.hostname),
    ...(storedConfig ? { config: storedConfig } : {}),
    ...(storedRegionIds ? { userRegionIds: normaliseRegionIds(storedRegionIds) } : {}),
    visitor: storedOrNewVisitor(),
    // The session is renewed after the first render (app/session); until then no one is shown signed in or out.
    authStatus: sessionMarker.get() ? 'restoring' : 'signedOut',
  });
}
