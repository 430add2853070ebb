import type { AccountUser, Session } from '@newsreel/contracts';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../lib/paths';
import { SESSION_MARKER_KEY } from '../../lib/storage';
import { appActions } from '../state/app-state';
import type { AppStore } from '../state/app-store';
import type { RefreshOutcome, SessionController } from './session';

/**
 * The session as the app uses it. Its controller (session.ts: the token, the renewal timer, the
 * 401 hook) loads only when it is needed: at start when the session marker says this browser had
 * a session, or when someone signs in. A reader who never signed in does not download it.
 */
export interface SessionHandle {
  /** Takes a session the API answered (sign-in). */
  start(session: Session): Promise<void>;
  /** The user as an account call answered it (name, email, settings or publisher changed). */
  updateUser(user: AccountUser): void;
  refresh(): Promise<RefreshOutcome>;
  /** Signs out on the API (the cookie is cleared) and here. */
  signOut(): Promise<void>;
  /** Forgets the session here only: the API has ended it already (account deleted, password reset). */
  end(): Promise<void>;
  /** `listener` hears when the session ended without the reader asking; returns the unsubscribe function. */
  onExpired(listener: () => void): () => void;
}

interface SessionOwner extends SessionHandle {
  /** Starts the session's work once the app is on the page; returns the function that stops it. */
  mount(): () => void;
}

function createSessionOwner(store: AppStore): SessionOwner {
  let controller: Promise<SessionController> | undefined;
  let detach: (() => void) | undefined;
  let mounted = false;
  const expiredListeners = new Set<() => void>();

  const attachIfMounted = (loaded: SessionController) => {
    if (mounted && !detach) detach = loaded.attach();
  };
  const load = () =>
    (controller ??= import('./session').then(({ createSessionController }) => {
      const created = createSessionController(store, { onExpired: () => expiredListeners.forEach((listener) => listener()) });
      attachIfMounted(created);
      return created;
    }));

  /** Another tab signed in while this one has not loaded the session: it restores it too. */
  const onStorage = (event: StorageEvent) => {
    if (controller || event.key !== SESSION_MARKER_KEY || !event.newValue) return;
    store.dispatch(appActions.setAuthStatus('restoring'));
    void load();
  };

  return {
    start: async (session) => (await load()).start(session),
    updateUser: (user) => store.dispatch(appActions.setUser(user)),
    refresh: async () => (await load()).refresh(),
    signOut: async () => (await load()).signOut(),
    end: async () => (await load()).end(),
    onExpired(listener) {
      expiredListeners.add(listener);
      return () => expiredListeners.delete(listener);
    },
    mount() {
      mounted = true;
      if (controller) void controller.then(attachIfMounted);
      else if (store.getState().authStatus === 'restoring') void load();
      window.addEventListener('storage', onStorage);
      return () => {
        mounted = false;
        detach?.();
        detach = undefined;
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

const SessionContext = createContext<SessionHandle | null>(null);

/** One session per app store, at work while the app is mounted. */
export function SessionProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  // Rendered once; memoising it would only add code to the start bundle.
  'use no memo';
  const [owner] = useState(() => createSessionOwner(store));
  useEffect(() => owner.mount(), [owner]);
  return <SessionContext value={owner}>{children}</SessionContext>;
}

export function useSession(): SessionHandle {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

/**
 * When the session ends without the reader asking (a refused token that could not be renewed),
 * sends them to sign in, with the page they were on to come back to. Mounted once, in the shell.
 */
export function useSessionExpiredRedirect(): void {
  'use no memo';
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  useEffect(
    () =>
      session.onExpired(() => {
        void navigate(paths.signIn.href(`${pathname}${search}${hash}`), { state: { sessionExpired: true } });
      }),
    [session, navigate, pathname, search, hash],
  );
}
