// @vitest-environment jsdom

import { apiPaths, DAY_MS, VISITOR_REFRESH_MS, type Visitor as VisitorRecord } from '@newsreel/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppStoreProvider, createAppStore, createInitialAppState, type AppState, type Visitor } from '../../app/state';
import { appActions } from '../../app/state/app-state';
import { queuedAnalyticsEvents, resetAnalytics } from '../../lib/analytics';
import { clearErrorReports, getErrorReports } from '../../lib/error-reporting';
import { browserStorage } from '../../lib/storage';
import { readerUser } from '../../test/account-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../test/mock-fetch';
import { storedOrNewVisitor } from './use-visitor';
import { sendAnalytics } from '../../lib/analytics';
import { useVisitorSync, visitorSyncNeeded, VISITOR_SYNC_DELAY_MS } from './use-visitor-sync';
import { rememberVisitorMeta } from './visitor-meta';
import { resetVisitorSync, syncVisitor } from './visitor-sync';

const NOW = Date.now();
const daysAgo = (days: number) => new Date(NOW - days * DAY_MS).toISOString();

/** A visitor the server created 2 days ago, with no user. */
const stored = (fields: Partial<Visitor> = {}): Visitor => ({
  id: '0b8f6c1e-8f7a-4c55-9d3e-5a1f2b3c4d5e',
  regionId: 11,
  ipAddress: '193.99.144.80',
  updatedAt: daysAgo(2),
  screenWidth: 1280,
  screenHeight: 800,
  ...fields,
});

/** What the server answers for `visitor`, as if it had just stored it. */
function answerFor(visitor: { id: string }, body: Record<string, unknown> = {}, userId?: string): VisitorRecord {
  return {
    id: visitor.id,
    ...(userId ? { userId } : {}),
    regionId: 2,
    ipAddress: '8.8.8.8',
    updatedAt: new Date().toISOString(),
    screenWidth: Number(body.screenWidth ?? 0),
    screenHeight: Number(body.screenHeight ?? 0),
    device: { cpuArch: null, type: 'desktop', vendor: null, model: null, osName: 'Linux', osVersion: null, browserName: 'Chrome', browserVersion: '124' },
    location: { label: 'United States', countryCode: 'US', countryName: 'United States', city: null, lat: 37.75, lon: -97.82 },
    meta: {},
    extra: {},
  };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;

/** A server that knows the visitors in `known`, answering as the API does. */
function fakeServer(known = new Set<string>()) {
  const handlers: Record<string, FetchHandler> = {
    [`POST ${apiPaths.visitors}`]: ({ init }) => {
      const body = bodyOf(init);
      const existed = known.has(String(body.id));
      known.add(String(body.id));
      return jsonResponse(answerFor({ id: String(body.id) }, body, body.userId as string | undefined), existed ? 200 : 201);
    },
  };
  for (const id of ['0b8f6c1e-8f7a-4c55-9d3e-5a1f2b3c4d5e']) {
    handlers[`PUT ${apiPaths.visitor(id)}`] = ({ init }) => {
      if (!known.has(id)) return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'There is no visitor with that id.' }, 404);
      const body = bodyOf(init);
      return { ...answerFor({ id }, body, body.userId as string | undefined), meta: body.meta ?? {} };
    };
  }
  const fetchMock = mockFetch(handlers);
  const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ method: init?.method, path: new URL(String(url), 'http://localhost').pathname, body: bodyOf(init) }));
  return { fetchMock, calls, known };
}

function storeWith(state: Partial<AppState>) {
  if (state.visitor) browserStorage.visitor.set(state.visitor);
  return createAppStore(createInitialAppState(state));
}

beforeEach(() => {
  resetVisitorSync();
  resetAnalytics();
  clearErrorReports();
});
afterEach(() => {
  resetAnalytics();
});

describe('visitorSyncNeeded (SPEC §4)', () => {
  it('reuses a stored visitor that is fresh and holds the signed-in user', () => {
    expect(visitorSyncNeeded(stored(), null, NOW)).toBeNull();
    expect(visitorSyncNeeded(stored({ updatedAt: new Date(NOW - VISITOR_REFRESH_MS).toISOString() }), null, NOW)).toBeNull();
    expect(visitorSyncNeeded(stored({ userId: readerUser.id, meta: { email: readerUser.email } }), readerUser, NOW)).toBeNull();
    // Signed out, the visitor keeps the user it last was: nothing to refresh.
    expect(visitorSyncNeeded(stored({ userId: readerUser.id }), null, NOW)).toBeNull();
  });

  it('refreshes after 7 days, for another user, and for meta not sent yet', () => {
    expect(visitorSyncNeeded(stored({ updatedAt: new Date(NOW - VISITOR_REFRESH_MS - 1).toISOString() }), null, NOW)).toBe('refresh');
    expect(visitorSyncNeeded(stored({ updatedAt: 'not a date' }), null, NOW)).toBe('refresh');
    expect(visitorSyncNeeded(stored(), readerUser, NOW)).toBe('refresh');
    expect(visitorSyncNeeded(stored({ userId: 'someone-else' }), readerUser, NOW)).toBe('refresh');
    expect(visitorSyncNeeded(stored({ userId: readerUser.id, meta: { email: 'old@example.com' } }), readerUser, NOW)).toBe('refresh');
    expect(visitorSyncNeeded(stored({ metaUnsent: true, meta: { sex: 'Female' } }), null, NOW)).toBe('refresh');
  });

  it('creates a visitor made in this browser', () => {
    expect(visitorSyncNeeded(stored({ unsaved: true }), null, NOW)).toBe('create');
  });
});

describe('the visitor lifecycle', () => {
  it('reuses the stored visitor: no new one, no event, no request', async () => {
    const visitor = stored();
    browserStorage.visitor.set(visitor);
    expect(storedOrNewVisitor()).toEqual(visitor);
    expect(queuedAnalyticsEvents()).toEqual([]);
    const server = fakeServer(new Set([visitor.id]));
    await syncVisitor(storeWith({ visitor }));
    expect(server.calls()).toEqual([]);
  });

  it('makes a new visitor at once, logs a New Visitor event, and creates it on the server under its id', async () => {
    const made = storedOrNewVisitor();
    expect(made).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), unsaved: true, regionId: 0 });
    expect(browserStorage.visitor.get()).toEqual(made);
    expect(queuedAnalyticsEvents()).toEqual([expect.objectContaining({ action: 'New Visitor', visitorId: made.id, eventId: expect.any(String) })]);
    // Reused on the next start: no second visitor, no second event.
    expect(storedOrNewVisitor()).toEqual(made);
    expect(queuedAnalyticsEvents()).toHaveLength(1);

    const server = fakeServer();
    const store = createAppStore(createInitialAppState({ visitor: made }));
    await syncVisitor(store);
    expect(server.calls()).toEqual([{ method: 'POST', path: apiPaths.visitors, body: { id: made.id, screenWidth: window.screen.width, screenHeight: window.screen.height } }]);
    // The server's answer is kept, and the visitor is no longer unsaved.
    const kept = store.getState().visitor;
    expect(kept).toMatchObject({ id: made.id, regionId: 2, ipAddress: '8.8.8.8', device: { browserName: 'Chrome' }, location: { countryCode: 'US' } });
    expect(kept).not.toHaveProperty('unsaved');
    expect(browserStorage.visitor.get()).toEqual(kept);
    expect(visitorSyncNeeded(kept!, null, Date.now())).toBeNull();
  });

  it('refreshes a visitor not updated for more than 7 days, keeping the server’s answer', async () => {
    const visitor = stored({ updatedAt: daysAgo(8), meta: { ageBracket: '25–39' } });
    const server = fakeServer(new Set([visitor.id]));
    const store = storeWith({ visitor });
    await syncVisitor(store);
    expect(server.calls()).toEqual([
      { method: 'PUT', path: apiPaths.visitor(visitor.id), body: { screenWidth: window.screen.width, screenHeight: window.screen.height, meta: { ageBracket: '25-39' } } },
    ]);
    const kept = store.getState().visitor!;
    expect(Date.now() - Date.parse(kept.updatedAt)).toBeLessThan(60_000);
    expect(kept).toMatchObject({ regionId: 2, location: { label: 'United States' } });
    // What the reader told stays as they told it.
    expect(kept.meta).toEqual({ ageBracket: '25–39' });
  });

  it('refreshes with the user’s id and email when the signed-in user is not the stored one', async () => {
    const visitor = stored();
    const server = fakeServer(new Set([visitor.id]));
    const store = storeWith({ visitor, user: readerUser, authStatus: 'signedIn' });
    await syncVisitor(store);
    expect(server.calls()).toEqual([
      {
        method: 'PUT',
        path: apiPaths.visitor(visitor.id),
        body: { screenWidth: window.screen.width, screenHeight: window.screen.height, userId: readerUser.id, meta: { email: readerUser.email } },
      },
    ]);
    expect(store.getState().visitor).toMatchObject({ userId: readerUser.id, meta: { email: readerUser.email } });
    expect(browserStorage.visitor.get()).toMatchObject({ userId: readerUser.id });
  });

  it('creates again, under the same id, a stored visitor the server does not know (404)', async () => {
    const visitor = stored({ updatedAt: daysAgo(30) });
    const server = fakeServer(new Set());
    const store = storeWith({ visitor });
    await syncVisitor(store);
    expect(server.calls().map(({ method, path, body }) => [method, path, body.id])).toEqual([
      ['PUT', apiPaths.visitor(visitor.id), undefined],
      ['POST', apiPaths.visitors, visitor.id],
    ]);
    expect(server.known.has(visitor.id)).toBe(true);
    expect(store.getState().visitor).toMatchObject({ id: visitor.id, regionId: 2 });
    expect(getErrorReports()).toEqual([]);
  });

  it('sends meta answered in a poll with the next update, in the API’s form, and only once', async () => {
    const visitor = rememberVisitorMeta(stored(), 'ageBracket', '60 and over');
    expect(visitor.metaUnsent).toBe(true);
    const server = fakeServer(new Set([visitor.id]));
    const store = storeWith({ visitor });
    await syncVisitor(store);
    expect(server.calls().map((call) => call.body.meta)).toEqual([{ ageBracket: '60+' }]);
    expect(store.getState().visitor).not.toHaveProperty('metaUnsent');
    await syncVisitor(store);
    expect(server.calls()).toHaveLength(1);
  });

  it('keeps an answer it cannot read as the API’s value to itself, and reports it', async () => {
    const visitor = rememberVisitorMeta(stored(), 'ageBracket', 'Moins de 25');
    const server = fakeServer(new Set([visitor.id]));
    await syncVisitor(storeWith({ visitor }));
    expect(server.calls()[0]?.body).not.toHaveProperty('meta');
    expect(getErrorReports()).toEqual([expect.objectContaining({ context: expect.objectContaining({ source: 'visitor', fields: ['ageBracket'] }) })]);
  });

  it('reports a failure and never throws; the visitor stays as it was, to be tried at the next start', async () => {
    const visitor = stored({ unsaved: true });
    mockFetch({ [`POST ${apiPaths.visitors}`]: () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is unavailable right now.' }, 503) });
    const store = storeWith({ visitor });
    await expect(syncVisitor(store)).resolves.toBeUndefined();
    expect(getErrorReports()).toEqual([expect.objectContaining({ message: 'The database is unavailable right now.', context: { source: 'visitor', action: 'create' } })]);
    expect(store.getState().visitor).toEqual(visitor);
    expect(browserStorage.visitor.get()).toEqual(visitor);

    clearErrorReports();
    mockFetch({ [`POST ${apiPaths.visitors}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    resetVisitorSync();
    await expect(syncVisitor(store)).resolves.toBeUndefined();
    expect(getErrorReports()).toEqual([expect.objectContaining({ message: 'Failed to fetch' })]);
  });

  it('asks once a session for one need, even when the answer leaves it in place', async () => {
    const visitor = stored({ updatedAt: daysAgo(8) });
    const server = fakeServer(new Set([visitor.id]));
    // A server whose clock is days behind answers an updatedAt that is old again.
    server.fetchMock.mockImplementation(async () => jsonResponse({ ...answerFor(visitor), updatedAt: daysAgo(9) }));
    const store = storeWith({ visitor });
    await syncVisitor(store);
    await syncVisitor(store);
    expect(server.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('useVisitorSync', () => {
  const wrapperFor = (store: ReturnType<typeof createAppStore>) =>
    function Wrapper({ children }: { children: ReactNode }) {
      return createElement(AppStoreProvider, { store, children });
    };

  it('creates a new visitor on the server once the page has settled, and waits while a session is being restored', async () => {
    const visitor = stored({ unsaved: true });
    const server = fakeServer();
    const store = storeWith({ visitor, authStatus: 'restoring' });
    renderHook(() => useVisitorSync(), { wrapper: wrapperFor(store) });
    // Nothing is asked before the session is known, so the visitor is created with its user.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls()).toEqual([]);
    act(() => store.dispatch(appActions.setUser(readerUser)));
    // Nor before the page has settled: its first analytics batch sent, and a few seconds more.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls()).toEqual([]);
    await sendAnalytics();
    await new Promise((resolve) => setTimeout(resolve, VISITOR_SYNC_DELAY_MS / 2));
    expect(server.calls()).toEqual([]);
    await waitFor(() => expect(store.getState().visitor).toMatchObject({ userId: readerUser.id, meta: { email: readerUser.email } }), { timeout: VISITOR_SYNC_DELAY_MS * 2 });
    expect(server.calls().map(({ method, body }) => [method, body.userId])).toEqual([
      ['POST', readerUser.id],
      ['PUT', readerUser.id],
    ]);
  }, 15_000);

  it('asks nothing for a visitor that needs nothing', async () => {
    const server = fakeServer();
    renderHook(() => useVisitorSync(), { wrapper: wrapperFor(storeWith({ visitor: stored() })) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls()).toEqual([]);
  });
});
