import { act, screen, waitFor, within } from '@testing-library/react';
import { apiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../lib/api-client';
import { SESSION_MARKER_KEY, sessionMarker } from '../../lib/storage';
import { readerUser, sessionOf } from '../../test/account-fixtures';
import { shellApi } from '../../test/api-fixtures';
import { mockFetch } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';

afterEach(() => setAccessToken(null));

const emptyList = () => ({ items: [], page: 1, limit: 30, total: 0 });
const refreshCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(apiPaths.usersRefresh));

describe('the session in the app', () => {
  it('asks nothing of the API for a reader who never signed in', async () => {
    const fetchMock = mockFetch(shellApi({ 'GET /v1/articles/saved': emptyList }));
    renderApp({ path: '/library/saved' });
    await screen.findByText('Nothing saved yet');
    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });

  it('restores the session this browser had, and the reader’s lists become theirs', async () => {
    sessionMarker.set(true);
    const fetchMock = mockFetch(
      shellApi({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-1'), 'GET /v1/articles/saved': emptyList }),
    );
    const { store } = renderApp({ path: '/library/saved', state: { authStatus: 'restoring' } });
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Account menu for Rosa Reader' })).toBeTruthy();
    expect(store.getState().authStatus).toBe('signedIn');
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    // The personal list waited for the session, and was read with its token.
    await screen.findByText('Nothing saved yet');
    const saved = fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/articles/saved'));
    expect(saved.map(([, init]) => (init?.headers as Record<string, string>).Authorization)).toEqual(['Bearer access-1']);
  });

  it('follows another tab that signs in', async () => {
    const fetchMock = mockFetch(
      shellApi({ [`POST ${apiPaths.usersRefresh}`]: () => sessionOf(readerUser, 'access-1'), 'GET /v1/articles/saved': emptyList }),
    );
    const { store } = renderApp({ path: '/library/saved' });
    await screen.findByText('Nothing saved yet');
    act(() => {
      sessionMarker.set(true);
      window.dispatchEvent(new StorageEvent('storage', { key: SESSION_MARKER_KEY, newValue: 'true' }));
    });
    await waitFor(() => expect(store.getState().user?.id).toBe(readerUser.id));
    expect(refreshCalls(fetchMock)).toHaveLength(1);
  });
});
