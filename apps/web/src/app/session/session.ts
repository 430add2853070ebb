import { apiPaths, type Session } from '@newsreel/contracts';
import { createApiClient, isApiError, setAccessToken, setUnauthorizedHandler } from '../../lib/api-client';
import { SESSION_MARKER_KEY, sessionMarker } from '../../lib/storage';
import { appActions } from '../state/app-state';
import type { AppStore } from '../state/app-store';

/** The access token is renewed this long before it expires (ACCESS_TOKEN_TTL_SECONDS is 15 minutes). */
export const REFRESH_AHEAD_MS = 60_000;
/** After a renewal that could not reach the API (offline, 5xx), the next try. */
export const REFRESH_RETRY_MS = 30_000;

/**
 * When a token that lives `expiresInSeconds` from `issuedAt` (ms) is to be renewed: a minute
 * before it expires (at half its life, were that shorter than two minutes). The session's access
 * token and the admin console's admin token (admin-token.ts) are renewed alike.
 */
export function renewalDueAt(issuedAt: number, expiresInSeconds: number): number {
  const lifetimeMs = expiresInSeconds * 1000;
  return issuedAt + lifetimeMs - Math.min(REFRESH_AHEAD_MS, lifetimeMs / 2);
}

/**
 * The server spends a refresh token when it is used, and a spent one shown again ends the whole
 * session (someone holds a copy). Two tabs renewing at once would both show the same cookie, so
 * renewals take turns across the tabs of this origin (Web Locks); the second then sends the
 * cookie the first was given. Where the API is missing, the tab renews on its own.
 */
function withRefreshLock<T>(request: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('newsreel-session-refresh', request) as Promise<T>) : request();
}

/**
 * How a renewal went: a new token; refused (401: no valid session any more, 403: the request was
 * not trusted), which signs the reader out; or not answered (offline, 5xx, 429), tried again later.
 */
export type RefreshOutcome = 'refreshed' | 'refused' | 'failed';

/**
 * The auth layer. It holds the access token in memory (lib/api-client's setAccessToken) and the
 * user in the app state; the refresh token is an httpOnly cookie it never sees. It renews the
 * token a minute before it expires, answers the API client's 401s with one renewal, and restores
 * the session at start only when the session marker says this browser had one.
 */
export interface SessionController {
  /** Takes a session the API answered (sign-in, refresh). */
  start(session: Session): void;
  /** Asks for a new access token with the refresh cookie; one request however many callers ask. */
  refresh(): Promise<RefreshOutcome>;
  /** Signs out on the API (the cookie is cleared) and here. */
  signOut(): Promise<void>;
  /** Forgets the session here only: the API has ended it already (account deleted, password reset). */
  end(): void;
  /**
   * Starts the work that needs the page (the API client's 401 hook, focus and storage events) and
   * restores the session when the state says one is to be restored; returns the function that
   * stops it. Safe to call again after stopping (React's StrictMode does).
   */
  attach(): () => void;
}

export interface SessionOptions {
  /** Told when the session ended without the reader asking (the token was refused and could not be renewed). */
  onExpired?: () => void;
  now?: () => number;
}

export function createSessionController(store: AppStore, { onExpired, now = () => Date.now() }: SessionOptions = {}): SessionController {
  let token: string | null = null;
  /** When the token is to be renewed (ms since the epoch). */
  let renewDueAt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attached = false;
  let refreshing: Promise<RefreshOutcome> | undefined;
  let restoring: Promise<void> | undefined;

  // The session's own calls carry no access token: the refresh cookie (or the body) says who it is.
  const api = () => createApiClient(store.getState().api);
  const cookieCall = { credentials: 'include', auth: false } as const;
  const signedIn = () => store.getState().user !== null;

  function schedule(delayMs: number): void {
    clearTimeout(timer);
    timer = attached ? setTimeout(() => void renew(), Math.max(0, delayMs)) : undefined;
  }

  function start({ accessToken, expiresIn, user }: Session): void {
    token = accessToken;
    setAccessToken(accessToken);
    renewDueAt = renewalDueAt(now(), expiresIn);
    sessionMarker.set(true);
    // SPEC §4: the visitor takes the user's id and email from the server once it sees the new
    // user (features/visitors/use-visitor-sync.ts), not here.
    store.dispatch(appActions.setUser(user));
    schedule(renewDueAt - now());
  }

  function end(): void {
    clearTimeout(timer);
    timer = undefined;
    token = null;
    renewDueAt = 0;
    setAccessToken(null);
    sessionMarker.remove();
    store.dispatch(appActions.setUser(null));
  }

  function expire(): void {
    end();
    onExpired?.();
  }

  function refresh(): Promise<RefreshOutcome> {
    const request = () => api().post<Session>(apiPaths.usersRefresh, undefined, cookieCall);
    refreshing ??= withRefreshLock(request)
      .then(
        (session): RefreshOutcome => {
          start(session);
          return 'refreshed';
        },
        (error: unknown): RefreshOutcome => (isApiError(error) && (error.status === 401 || error.status === 403) ? 'refused' : 'failed'),
      )
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  }

  /** The timed renewal (and the one on coming back to the tab): a refusal ends the session. */
  async function renew(): Promise<void> {
    if (!signedIn()) return;
    const outcome = await refresh();
    if (outcome === 'refused' && signedIn()) expire();
    else if (outcome === 'failed') schedule(REFRESH_RETRY_MS);
  }

  /** At start: the marker says this browser had a session; the cookie may still hold it. */
  function restore(): Promise<void> {
    restoring ??= refresh()
      .then((outcome) => {
        if (outcome === 'refused') end();
        // Unreachable: signed out for now, but the marker stays so the next start tries again.
        else if (outcome === 'failed') store.dispatch(appActions.setAuthStatus('signedOut'));
      })
      .finally(() => {
        restoring = undefined;
      });
    return restoring;
  }

  async function onUnauthorized(refusedToken: string): Promise<boolean> {
    // Renewed while this request was on its way: send it again with the new token.
    if (token !== null && token !== refusedToken) return true;
    if (!signedIn()) return false;
    const outcome = await refresh();
    if (outcome === 'refused' && signedIn()) expire();
    return outcome === 'refreshed';
  }

  /** Timers sleep in background tabs: back in the tab, a token that is due is renewed at once. */
  function onFocus(): void {
    if (document.visibilityState === 'hidden' || !signedIn()) return;
    if (now() >= renewDueAt) void renew();
  }

  /**
   * Back online: a session that could not be restored or renewed while offline is tried again at
   * once, rather than leaving the reader signed out until the next start.
   */
  function onOnline(): void {
    if (signedIn()) {
      if (now() >= renewDueAt) void renew();
    } else if (sessionMarker.get() === true) void restore();
  }

  /** Another tab signed in or out (the marker changed there): this one follows. */
  function onStorage(event: StorageEvent): void {
    if (event.key !== SESSION_MARKER_KEY && event.key !== null) return;
    const marked = sessionMarker.get() === true;
    if (!marked && signedIn()) end();
    else if (marked && !signedIn()) void restore();
  }

  return {
    start,
    end,
    refresh,
    async signOut() {
      try {
        await api().post(apiPaths.usersLogout, undefined, cookieCall);
      } catch {
        // Offline or refused: the session ends here all the same (the cookie then lapses on its own).
      } finally {
        end();
      }
    },
    attach() {
      attached = true;
      const removeHandler = setUnauthorizedHandler(onUnauthorized);
      window.addEventListener('focus', onFocus);
      document.addEventListener('visibilitychange', onFocus);
      window.addEventListener('storage', onStorage);
      window.addEventListener('online', onOnline);
      if (signedIn() && renewDueAt > 0) schedule(renewDueAt - now());
      else if (store.getState().authStatus === 'restoring') void restore();
      return () => {
        attached = false;
        clearTimeout(timer);
        timer = undefined;
        removeHandler();
        window.removeEventListener('focus', onFocus);
        document.removeEventListener('visibilitychange', onFocus);
        window.removeEventListener('storage', onStorage);
        window.removeEventListener('online', onOnline);
      };
    },
  };
}
