import { AdminRole } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { readerUser } from '../../test/account-fixtures';
import { jsonResponse, mockFetch } from '../../test/mock-fetch';
import { setAccessToken } from '../../lib/api-client';
import { createAppStore, createInitialAppState, appActions } from '../state';
import { createAdminApiClient, createAdminTokens } from './admin-token';

afterEach(() => setAccessToken(null));

const admin = { ...readerUser, adminRole: AdminRole.MODERATOR };

function setUp() {
  setAccessToken('user-token');
  const store = createAppStore(createInitialAppState({ user: admin, authStatus: 'signedIn' }));
  let clock = 1_000_000;
  let issued = 0;
  const fetchMock = mockFetch({
    'POST /v1/auth/admin': () => ({ accessToken: `admin-${++issued}`, expiresIn: 900, adminRole: AdminRole.MODERATOR }),
    'GET /v1/admin/polls': ({ init }) =>
      new Headers(init?.headers).get('Authorization') === 'Bearer admin-1'
        ? jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'expired' }, 401)
        : { items: [], page: 1, limit: 30, total: 0 },
  });
  const tokens = createAdminTokens(store, () => clock);
  const asks = () => fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/v1/auth/admin'));
  return { store, tokens, asks, advance: (ms: number) => (clock += ms) };
}

describe('the admin token', () => {
  it('is asked for with the user’s token, once for callers at the same time, and kept until it is due', async () => {
    const { tokens, asks, advance } = setUp();
    expect(await Promise.all([tokens.get(), tokens.get()])).toEqual(['admin-1', 'admin-1']);
    expect(asks()).toHaveLength(1);
    expect(new Headers(asks()[0]?.[1]?.headers).get('Authorization')).toBe('Bearer user-token');
    advance(13 * 60_000);
    expect(await tokens.get()).toBe('admin-1');
    // A minute before it expires, it is renewed.
    advance(60_000);
    expect(await tokens.get()).toBe('admin-2');
    expect(asks()).toHaveLength(2);
  });

  it('is asked for again when another user signs in or the user signs out', async () => {
    const { store, tokens, asks } = setUp();
    await tokens.get();
    store.dispatch(appActions.setUser({ ...admin, id: 'someone-else' }));
    expect(await tokens.get()).toBe('admin-2');
    expect(asks()).toHaveLength(2);
  });

  it('is renewed when the API refuses it, and the call sent once more', async () => {
    const { tokens, asks } = setUp();
    const api = createAdminApiClient('', tokens);
    await expect(api.get('/v1/admin/polls')).resolves.toEqual({ items: [], page: 1, limit: 30, total: 0 });
    expect(asks()).toHaveLength(2);
  });
});
