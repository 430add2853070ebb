import { AccountRole } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, signedInAs } from '../test/admin-api';
import { apiKeyFixture, peopleApi, READER_ID, refusal, requestsTo, superuserUser, VENDOR_ID, vendorFixture, vendorUserFixture } from '../test/people-api';

afterEach(() => setAccessToken(null));

const created = (body: unknown) => new Response(JSON.stringify(body), { status: 201, headers: { 'content-type': 'application/json' } });
const NEW_KEY = 'nr_0123456789abcdefghijklmnopqrstuvwxyzABCD';

describe('the vendors and their API keys', () => {
  it('creates a vendor and opens its page; a taken name is refused in words', async () => {
    expectConsoleErrors();
    let taken = true;
    const fetchMock = mockFetch(
      peopleApi({
        'POST /v1/admin/vendors': () => {
          if (taken) return refusal(409, 'A vendor named Meridian Data Co. exists already.')();
          return created(vendorFixture);
        },
      }),
    );
    const { router } = renderApp({ path: '/admin/vendors', state: signedInAs(superuserUser) });
    const form = await screen.findByRole('form', { name: 'New vendor' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await within(form).findByText('Enter a name.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: /Vendor name/ }), { target: { value: 'Meridian Data Co.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/A vendor named .*Meridian Data Co\..* already exists/);

    taken = false;
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.location().pathname).toBe(`/admin/vendors/${VENDOR_ID}`));
    expect(bodyOf(requestsTo(fetchMock, '/v1/admin/vendors', 'POST').at(-1)?.init)).toEqual({ name: 'Meridian Data Co.' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Meridian Data Co.' })).toBeTruthy();
  });

  it('adds a user to a vendor by email with a role, and changes and removes one', async () => {
    const fetchMock = mockFetch(
      peopleApi({
        [`POST /v1/admin/vendors/${VENDOR_ID}/users`]: () => created({ ...vendorUserFixture, userId: READER_ID, email: 'reader@example.com', role: AccountRole.ADMIN }),
        [`PUT /v1/admin/vendors/${VENDOR_ID}/users/${vendorUserFixture.userId}`]: () => ({ ...vendorUserFixture, role: AccountRole.MEMBER }),
        [`DELETE /v1/admin/vendors/${VENDOR_ID}/users/${vendorUserFixture.userId}`]: () => new Response(null, { status: 204 }),
      }),
    );
    renderApp({ path: `/admin/vendors/${VENDOR_ID}`, state: signedInAs(superuserUser) });
    const form = await screen.findByRole('form', { name: 'Add a user' });
    fireEvent.change(within(form).getByRole('textbox', { name: /Email address/ }), { target: { value: 'reader@example.com' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/vendors/${VENDOR_ID}/users`, 'POST')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/vendors/${VENDOR_ID}/users`, 'POST')[0]?.init)).toEqual({ email: 'reader@example.com', role: AccountRole.ADMIN });

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Role of vendor@example.com' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Member' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/vendors/${VENDOR_ID}/users/${vendorUserFixture.userId}`, 'PUT')).toHaveLength(1));
    expect(bodyOf(requestsTo(fetchMock, `/v1/admin/vendors/${VENDOR_ID}/users/${vendorUserFixture.userId}`, 'PUT')[0]?.init)).toEqual({ role: AccountRole.MEMBER });

    fireEvent.click(screen.getByRole('button', { name: 'Remove vendor@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this user?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/vendors/${VENDOR_ID}/users/${vendorUserFixture.userId}`, 'DELETE')).toHaveLength(1));
  });

  it('makes a vendor’s key named “Access Key” by default and shows the key once, with a warning and a copy button', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const fetchMock = mockFetch(
      peopleApi({
        'POST /v1/admin/api-keys': () => created({ ...apiKeyFixture, id: 'new-key', name: 'Access Key', prefix: NEW_KEY.slice(0, 9), key: NEW_KEY }),
      }),
    );
    renderApp({ path: `/admin/vendors/${VENDOR_ID}`, state: signedInAs(superuserUser) });
    fireEvent.click(await screen.findByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    expect(within(dialog).getByText(/The key acts for .*Meridian Data Co\./)).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Key name/ }) as HTMLInputElement).value).toBe('Access Key');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy the new key now' });
    expect(within(shown).getByText(/This is the only time this key is shown/)).toBeTruthy();
    expect((within(shown).getByRole('textbox', { name: 'API key' }) as HTMLInputElement).value).toBe(NEW_KEY);
    expect(bodyOf(requestsTo(fetchMock, '/v1/admin/api-keys', 'POST')[0]?.init)).toEqual({ vendorId: VENDOR_ID, name: 'Access Key' });
    fireEvent.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await within(shown).findByText('Copied to the clipboard.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(NEW_KEY);

    fireEvent.click(within(shown).getByRole('button', { name: 'I have stored the key' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Copy the new key now' })).toBeNull());
    expect(screen.queryByText(NEW_KEY)).toBeNull();
  });
});

describe('the API keys page', () => {
  it('filters by vendor and state, and revokes a key after a confirmation', async () => {
    const fetchMock = mockFetch(peopleApi({ [`DELETE /v1/admin/api-keys/${apiKeyFixture.id}`]: () => new Response(null, { status: 204 }) }));
    const { router } = renderApp({ path: `/admin/api-keys?vendor=${VENDOR_ID}`, state: signedInAs(superuserUser) });
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('nr_demo-v…')).toBeTruthy();
    expect(requestsTo(fetchMock, '/v1/admin/api-keys')[0]?.search.get('vendorId')).toBe(VENDOR_ID);
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'Vendor' }) as HTMLInputElement).value).toBe('Meridian Data Co.'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Live' }));
    await waitFor(() => expect(requestsTo(fetchMock, '/v1/admin/api-keys').at(-1)?.search.get('revoked')).toBe('false'));
    expect(new URLSearchParams(router.location().search).get('revoked')).toBe('false');

    fireEvent.click(within(table).getByRole('button', { name: 'Revoke key Demo key (nr_demo-v)' }));
    const dialog = await screen.findByRole('dialog', { name: /Revoke .*Demo key/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(requestsTo(fetchMock, `/v1/admin/api-keys/${apiKeyFixture.id}`, 'DELETE')).toHaveLength(1));
  });
});
