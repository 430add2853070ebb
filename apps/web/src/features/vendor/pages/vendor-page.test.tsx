import { AccountRole, type AccountUser, type VendorApiKey, type VendorApiKeyCreated } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

afterEach(() => setAccessToken(null));

const VENDOR = { id: '00000000-0000-4000-8000-0000000000f1', name: 'Meridian Data Co.', role: AccountRole.ADMIN };
const vendorUser: AccountUser = { ...readerUser, email: 'vendor@example.com', name: 'Vera Vendor', vendors: [VENDOR] };
const KEY_ID = '00000000-0000-4000-8000-0000000000a1';
const NEW_ID = '00000000-0000-4000-8000-0000000000a2';
const liveKey: VendorApiKey = { id: KEY_ID, name: 'Newsroom sync', prefix: 'nr_AbC123', createdAt: '2026-11-01T09:00:00.000Z', lastUsedAt: null, revokedAt: null };
const NEW_KEY = 'nr_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';
const ROTATED_ID = '00000000-0000-4000-8000-0000000000a3';
const ROTATED_KEY = 'nr_ZYXWVUTSRQPONMLKJIHGFEDCBAzyxwvutsrqponmlkj';

function signedIn(user: AccountUser) {
  setAccessToken('user-token');
  return { user, authStatus: 'signedIn' as const };
}

describe('the vendor area (/vendor)', () => {
  it('lists the vendor’s keys, makes one that is shown once, rotates and revokes them after a confirmation', async () => {
    let keys: VendorApiKey[] = [liveKey];
    const calls: string[] = [];
    mockFetch(
      shellApi({
        'GET /v1/vendor/api-keys': () => ({ items: keys }),
        'POST /v1/vendor/api-keys': ({ init }) => {
          calls.push(`create ${String(init?.body)}`);
          const made: VendorApiKeyCreated = { ...liveKey, id: NEW_ID, name: 'Mobile app', prefix: NEW_KEY.slice(0, 9), key: NEW_KEY };
          keys = [made, ...keys];
          return jsonResponse(made, 201);
        },
        [`POST /v1/vendor/api-keys/${NEW_ID}/rotate`]: () => {
          calls.push('rotate');
          const rotated: VendorApiKeyCreated = { ...liveKey, id: ROTATED_ID, name: 'Mobile app', prefix: ROTATED_KEY.slice(0, 9), key: ROTATED_KEY };
          keys = [rotated, ...keys.map((key) => (key.id === NEW_ID ? { ...key, revokedAt: '2026-11-27T10:00:00.000Z' } : key))];
          return jsonResponse(rotated, 201);
        },
        [`DELETE /v1/vendor/api-keys/${KEY_ID}`]: () => {
          calls.push('revoke');
          keys = keys.map((key) => (key.id === KEY_ID ? { ...key, revokedAt: '2026-11-27T10:00:00.000Z' } : key));
          return new Response(null, { status: 204 });
        },
      }),
    );
    renderApp({ path: '/vendor', state: signedIn(vendorUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vendor API' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: "Your vendor's API keys" });
    expect(within(list).getByText('Newsroom sync')).toBeTruthy();
    expect(within(list).getByText('nr_AbC123…')).toBeTruthy();
    // The guide's commands name this server.
    expect(screen.getAllByText(/http:\/\/localhost(:\d+)?\/v1\/auth\/vendor/).length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'New key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    const name = within(dialog).getByRole('textbox', { name: /Key name/ });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Give the key a name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Mobile app' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const shown = await screen.findByRole('dialog', { name: 'Copy the new key now' });
    expect((within(shown).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(NEW_KEY);
    expect(calls).toEqual(['create {"name":"Mobile app"}']);
    fireEvent.click(within(shown).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy the new key now' })).toBeNull());
    expect(document.body.textContent).not.toContain(NEW_KEY);

    // Rotating asks first, then shows the new key once.
    fireEvent.click(await screen.findByRole('button', { name: `Rotate key Mobile app (${NEW_KEY.slice(0, 9)})` }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Rotate Mobile app?' })).getByRole('button', { name: 'Rotate' }));
    const rotated = await screen.findByRole('dialog', { name: 'Copy the new key now' });
    expect((within(rotated).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(ROTATED_KEY);
    fireEvent.click(within(rotated).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy the new key now' })).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'Revoke key Newsroom sync (nr_AbC123)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Newsroom sync?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(/^Revoked /)).toBeTruthy();
    expect(calls).toEqual(['create {"name":"Mobile app"}', 'rotate', 'revoke']);
  });

  it('tells a signed-in user of no vendor how to get access, and asks nobody for keys', async () => {
    const fetchMock = mockFetch(shellApi());
    renderApp({ path: '/vendor', state: signedIn(readerUser) });
    expect(await screen.findByText(/Your account does not belong to a vendor/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/v1/vendor/'))).toBe(false);
  });

  it('sends someone signed out to sign in, coming back here', async () => {
    mockFetch(shellApi());
    const { router } = renderApp({ path: '/vendor', state: { user: null, authStatus: 'signedOut' } });
    await waitFor(() => expect(router.location().pathname).toBe('/account/signin'));
    expect(router.location().search).toContain(encodeURIComponent('/vendor'));
  });
});
