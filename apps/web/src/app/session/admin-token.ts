import { apiPaths, type AdminToken } from '@newsreel/contracts';
import { createApiClient, isApiError, type ApiClient, type RequestOptions } from '../../lib/api-client';
import { appActions } from '../state/app-state';
import type { AppStore } from '../state/app-store';

/**
 * The admin console's token (docs/security.md: /v1/admin answers admin-scoped tokens only, so a
 * stolen reader session does not carry admin rights by itself). It is asked for with the user's
 * access token, so the session (session.ts) keeps doing what it does: renewing that token, and
 * answering its 401s. This layer only holds the admin token in memory, asks for it when an admin
 * call needs it, renews it when it is due (as the session renews its own: renewalDueAt) or when
 * the API refuses it, and forgets it when the user signs out or another one signs in.
 *
 * It renews on demand rather than on a timer: nothing but admin calls spends it, and a call that
 * finds it due waits for one extra round trip every fourteen minutes.
 */
export interface AdminTokens {
  /** The admin token; one request however many callers ask at once. Rejects with the API's error (403: no admin role). */
  get(): Promise<string>;
  /** The API refused `token` (401): the next get asks for a new one. */
  refused(token: string): void;
}

export function createAdminTokens(store: AppStore, now: () => number = () => Date.now()): AdminTokens {
  let token: string | null = null;
  let dueAt = 0;
  let userId = store.getState().user?.id ?? null;
  let asking: Promise<string> | undefined;

  // Another user, or none: the token was theirs.
  store.subscribe(() => {
    const current = store.getState().user?.id ?? null;
    if (current === userId) return;
    userId = current;
    token = null;
    asking = undefined;
  });

  function ask(): Promise<string> {
    const askedFor = userId;
    // session.ts is the session's own chunk (loaded on sign-in); a static import would split it
    // out anew for the console and lengthen the list of chunks the app's first download names.
    const request = Promise.all([createApiClient(store.getState().api).post<AdminToken>(apiPaths.authAdmin), import('./session')])
      .then(([answer, { renewalDueAt }]) => {
        if (askedFor === userId) {
          token = answer.accessToken;
          dueAt = renewalDueAt(now(), answer.expiresIn);
          // The role the API acts on now (granted or changed since the user signed in): the console shows what it allows.
          if (store.getState().adminRole !== answer.adminRole) store.dispatch(appActions.setAdminRole(answer.adminRole));
        }
        return answer.accessToken;
      })
      .finally(() => {
        if (asking === request) asking = undefined;
      });
    return request;
  }

  return {
    get() {
      if (token !== null && now() < dueAt) return Promise.resolve(token);
      asking ??= ask();
      return asking;
    },
    refused(refusedToken) {
      if (token === refusedToken) token = null;
    },
  };
}

const tokensByStore = new WeakMap<AppStore, AdminTokens>();

/** The admin tokens of the app whose state is `store` (one per app, made when first needed). */
export function adminTokensOf(store: AppStore): AdminTokens {
  let tokens = tokensByStore.get(store);
  if (!tokens) {
    tokens = createAdminTokens(store);
    tokensByStore.set(store, tokens);
  }
  return tokens;
}

/**
 * A client whose every call carries the admin token instead of the session's (so a 401 is this
 * layer's, not the session's): a 401 (the token expired or was revoked early) gets a new token
 * and one more try.
 */
export function createAdminApiClient(baseUrl: string, tokens: AdminTokens): ApiClient {
  const client = createApiClient(baseUrl);
  const send = <T,>(method: string, path: string, options: RequestOptions, token: string) =>
    client.request<T>(method, path, { ...options, auth: false, headers: { ...options.headers, Authorization: `Bearer ${token}` } });
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const token = await tokens.get();
    try {
      return await send<T>(method, path, options, token);
    } catch (error) {
      if (!isApiError(error) || error.status !== 401) throw error;
      tokens.refused(token);
      return send<T>(method, path, options, await tokens.get());
    }
  }
  return {
    baseUrl: client.baseUrl,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    embedded: () => undefined,
  };
}
