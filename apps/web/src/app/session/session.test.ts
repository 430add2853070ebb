// @vitest-environment jsdom

import { apiPaths } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, getAccessToken, setAccessToken } from '../../lib/api-client';
import { SESSION_MARKER_KEY, sessionMarker } from '../../lib/storage';
import { readerUser, sessionOf } from '../../test/account-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../test/mock-fetch';
import { createAppStore, createInitialAppState } from '../state';
import { createSessionController, REFRESH_AHEAD_MS, REFRESH_RETRY_MS } from './session';

const refused = () => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Sign in again.' }, 401);

/** A session on a fresh store, attached as the app attaches it; `detach` undoes it. */
function setUp(handlers: Record<string, FetchHandler>, state = {}, onExpired?: () => void) {
  const fetchMock = mockFetch(handlers);
  const store = createAppStore(createInitialAppState(state));
  const session = createSessionController(store, { onExpired });
  const detach = session.attach();
  const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => new URL(String(url), 'http://localhost').pathname === path);
  return { fetchMock, store, session, detach, calls };
}

let detachSession: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  detachSession?.();
  detachSession = undefined;
  setAccessToken(null);
});

function track<T extends { detach: () => void }>(setup: T): T {
  detachSession = setup.detach;
  return setup;
}

describe('the session', () => {
  it('holds the token, the user and the marker once started', () => {
    const { session, store } = track(setUp({}));
    session.start(sessionOf(readerUser, 'access-1'));
    expect(getAccessToken()).toBe('access-1');
    expect(store.getState()).toMatchObject({ user: { email: 'reader@example.com' }, authStatus: 'signedIn' });
    expect(sessionMarker.get()).toBe(true);
  });

  it('leaves this browser’s visitor to take the user from the server (SPEC §4, features/visitors)', () => {
    const visitor = { id: 'visitor-0001', regionId: 0, ipAddress: '', updatedAt: new Date().toISOString(), screenWidth: 1, screenHeight: 1 };
    const { session, store } = track(setUp({}, { visitor }));
    session.start(sessionOf(readerUser, 'access-1'));
    // The visitor still holds no user: the visitor lifecycle sees one differ and refreshes it.
    expect(store.getState().visitor).toEqual(visitor);
  });

  it('renews the token a minute before it expires, with the cookie and no bearer token', async () => {
    let issued = 1;
    const { session, calls } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, `access-${++issued}`, 900) }));
    session.start(sessionOf(readerUser, 'access-1', 900));

    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_AHEAD_MS - 1);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(1);
    expect(getAccessToken()).toBe('access-2');
    const [, init] = calls(apiPaths.usersRefresh)[0] ?? [];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.headers).not.toHaveProperty('Authorization');

    // And again before the new token expires.
    await vi.advanceTimersByTimeAsync(900_000 - REFRESH_AHEAD_MS);
    expect(getAccessToken()).toBe('access-3');
  });

  it('renews in turn with other tabs (a refresh token shown twice would end the session)', async () => {
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: { request: (name: string, callback: () => Promise<unknown>) => (names.push(name), callback()) },
    });
    const { session } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-2') }));
    session.start(sessionOf(readerUser, 'access-1', 900));
    await expect(session.refresh()).resolves.toBe('refreshed');
    expect(names).toEqual(['newsreel-session-refresh']);
    expect(getAccessToken()).toBe('access-2');
  });

  it('tries again later when the renewal could not reach the API', async () => {
    let answer: FetchHandler = () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, 503);
    const { session, store, calls } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: (request) => answer(request) }));
    session.start(sessionOf(readerUser, 'access-1', 120));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(1);
    expect(store.getState().user).not.toBeNull();
    answer = () => sessionOf(readerUser, 'access-2');
    await vi.advanceTimersByTimeAsync(REFRESH_RETRY_MS);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(2);
    expect(getAccessToken()).toBe('access-2');
  });

  it('answers a refused token with one renewal and sends the request again with the new token', async () => {
    const { session, calls } = track(
      setUp({
        [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-2'),
        'GET /v1/articles/saved': ({ init }) =>
          (init?.headers as Record<string, string>).Authorization === 'Bearer access-2' ? { items: [], page: 1, limit: 30, total: 0 } : refused(),
      }),
    );
    session.start(sessionOf(readerUser, 'access-1'));
    const api = createApiClient('');
    const [first, second] = await Promise.all([api.get('/v1/articles/saved'), api.get('/v1/articles/saved')]);
    expect(first).toMatchObject({ total: 0 });
    expect(second).toMatchObject({ total: 0 });
    // Two refusals, one renewal, two retries.
    expect(calls(apiPaths.usersRefresh)).toHaveLength(1);
    expect(calls('/v1/articles/saved')).toHaveLength(4);
  });

  it('signs out, and says the session expired, when the token is refused and cannot be renewed', async () => {
    const expired = vi.fn();
    const { session, store, calls } = track(
      setUp({ [`POST ${apiPaths.usersRefresh}`]: refused, 'GET /v1/articles/saved': refused }, {}, expired),
    );
    session.start(sessionOf(readerUser, 'access-1'));

    await expect(createApiClient('').get('/v1/articles/saved')).rejects.toMatchObject({ status: 401 });
    expect(calls('/v1/articles/saved')).toHaveLength(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(store.getState()).toMatchObject({ user: null, authStatus: 'signedOut' });
    expect(getAccessToken()).toBeNull();
    expect(sessionMarker.get()).toBeUndefined();
  });

  it('ends the session when the timed renewal is refused (signed out elsewhere)', async () => {
    const expired = vi.fn();
    const { session, store } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: refused }, {}, expired));
    session.start(sessionOf(readerUser, 'access-1', 900));
    await vi.advanceTimersByTimeAsync(900_000);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toBeNull();
  });

  it('renews at once on coming back to the tab when the token is due (timers sleep in background tabs)', async () => {
    const { session, calls } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-2') }));
    session.start(sessionOf(readerUser, 'access-1', 900));
    window.dispatchEvent(new Event('focus'));
    expect(calls(apiPaths.usersRefresh)).toHaveLength(0);
    vi.setSystemTime(Date.now() + 900_000);
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(1);
    expect(getAccessToken()).toBe('access-2');
  });

  it('signs out on the API (with the cookie) and here', async () => {
    const { session, store, calls } = track(setUp({ [`POST ${apiPaths.usersLogout}`]: () => new Response(null, { status: 204 }) }));
    session.start(sessionOf());
    await session.signOut();
    expect(calls(apiPaths.usersLogout)[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(store.getState().user).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(sessionMarker.get()).toBeUndefined();
  });

  it('follows another tab that signs out', () => {
    const { session, store } = track(setUp({}));
    session.start(sessionOf());
    localStorage.removeItem(SESSION_MARKER_KEY);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_MARKER_KEY, newValue: null }));
    expect(store.getState().user).toBeNull();
  });
});

describe('restoring the session at start', () => {
  it('costs an anonymous reader no request: without the marker nothing is asked', () => {
    const { calls } = track(setUp({}));
    expect(calls(apiPaths.usersRefresh)).toHaveLength(0);
  });

  it('renews the session when the marker says this browser had one', async () => {
    sessionMarker.set(true);
    const { store, calls } = track(
      setUp({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-9') }, { authStatus: 'restoring' }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(1);
    expect(store.getState()).toMatchObject({ authStatus: 'signedIn', user: { id: readerUser.id } });
    expect(getAccessToken()).toBe('access-9');
  });

  it('forgets the marker when the cookie holds no session any more', async () => {
    sessionMarker.set(true);
    const { store } = track(setUp({ [`POST ${apiPaths.usersRefresh}`]: refused }, { authStatus: 'restoring' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState()).toMatchObject({ authStatus: 'signedOut', user: null });
    expect(sessionMarker.get()).toBeUndefined();
  });

  it('keeps the marker when the API could not be reached, to try again next time', async () => {
    sessionMarker.set(true);
    const { store } = track(
      setUp({ [`POST ${apiPaths.usersRefresh}`]: () => Promise.reject(new TypeError('Failed to fetch')) }, { authStatus: 'restoring' }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().authStatus).toBe('signedOut');
    expect(sessionMarker.get()).toBe(true);
  });

  it('restores the session when the network comes back, after a start while offline', async () => {
    sessionMarker.set(true);
    let online = false;
    const { store, calls } = track(
      setUp(
        { [`POST ${apiPaths.usersRefresh}`]: () => (online ? sessionOf(readerUser, 'access-back') : Promise.reject(new TypeError('Failed to fetch'))) },
        { authStatus: 'restoring' },
      ),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().authStatus).toBe('signedOut');
    online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(apiPaths.usersRefresh)).toHaveLength(2);
    expect(store.getState()).toMatchObject({ authStatus: 'signedIn', user: { email: 'reader@example.com' } });
    expect(getAccessToken()).toBe('access-back');
  });

  it('asks once when attached twice (React’s StrictMode)', async () => {
    sessionMarker.set(true);
    const setup = setUp({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf() }, { authStatus: 'restoring' });
    setup.detach();
    detachSession = setup.session.attach();
    await vi.advanceTimersByTimeAsync(0);
    expect(setup.calls(apiPaths.usersRefresh)).toHaveLength(1);
  });
});
