import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { apiPaths, type Device, type DevicePrecheck } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { readerUser } from '../../../test/account-fixtures';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { apiError, bodyOf, signedIn } from '../../account/test/account-api';

afterEach(() => setAccessToken(null));

const ID = 'f0a80101-0000-4000-8000-000000000001';
const CODE = 'ABCD2345';
const IN_TEN_MINUTES = new Date(Date.now() + 10 * 60_000).toISOString();

const description = {
  id: ID,
  name: 'Samsung TV',
  type: 'smarttv',
  vendor: 'Samsung',
  model: 'QN90B',
  osName: 'Tizen',
  osVersion: '7.0',
  browserName: 'Samsung Internet',
  browserVersion: '22',
  cpuArch: null,
};
const pending: DevicePrecheck = { ...description, status: 'pending', expiresAt: IN_TEN_MINUTES, canPair: true };
const paired: Device = {
  ...description,
  pairedAt: '2030-01-01T10:00:00.000Z',
  lastSeenAt: new Date().toISOString(),
  leaseExpiresAt: IN_TEN_MINUTES,
  streaming: true,
};

function render(path: string, handlers: Record<string, FetchHandler>, state = signedIn(readerUser)) {
  const fetchMock = mockFetch(shellApi(handlers));
  const rendered = renderApp({ path, state });
  const sent = (method: string, path: string) => fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method);
  return { ...rendered, sent };
}

describe('the pair page', () => {
  it('takes the code from the QR code’s link, shows what the screen is, and pairs it', async () => {
    const { sent } = render(`/pair?code=abcd-2345`, {
      [`GET ${apiPaths.devicePrecheck(CODE)}`]: () => pending,
      [`GET ${apiPaths.deviceVerify(CODE)}`]: () => paired,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pair a screen' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Code on the screen' }) as HTMLInputElement).value).toBe('ABCD-2345');
    const card = await screen.findByRole('region', { name: 'The screen' });
    expect(within(card).getByRole('heading', { name: 'Samsung TV' })).toBeTruthy();
    expect(card.textContent).toContain('TV · Tizen 7.0 · Samsung Internet 22');
    expect(within(card).getByText(/^Ready to pair\./)).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Pair this screen' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Paired. Samsung TV is now playing your feed.');
    expect(within(card).getByRole('link', { name: 'Your screens' }).getAttribute('href')).toBe('/account/devices');
    expect(sent('GET', apiPaths.deviceVerify(CODE))).toHaveLength(1);
  });

  it('checks a typed code once it is complete and says, in words, why it cannot be paired', async () => {
    const answers: Record<string, () => Response | DevicePrecheck> = {
      ABCD2345: () => apiError(404, 'No such device'),
      WXYZ6789: () => ({ ...pending, status: 'expired', canPair: false }),
      HJKM2345: () => ({ ...pending, status: 'paired', canPair: false }),
    };
    const handlers = Object.fromEntries(Object.entries(answers).map(([code, answer]) => [`GET ${apiPaths.devicePrecheck(code)}`, answer]));
    render('/pair', handlers);
    const field = await screen.findByRole('textbox', { name: 'Code on the screen' });
    fireEvent.change(field, { target: { value: 'abcd23' } });
    expect((field as HTMLInputElement).value).toBe('ABCD-23');
    fireEvent.click(screen.getByRole('button', { name: 'Check the code' }));
    expect(await screen.findByText('Enter all 8 characters the screen shows.')).toBeTruthy();

    fireEvent.change(field, { target: { value: 'abcd 2345' } });
    expect((await screen.findByRole('alert')).textContent).toBe('No screen shows this code. Check it and try again.');
    fireEvent.change(field, { target: { value: 'wxyz-6789' } });
    expect(await screen.findByText('This code has expired. Ask the screen for a new code: it shows one by itself.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'HJKM2345' } });
    expect(await screen.findByText('This screen is paired to another account. It must be unpaired there first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pair this screen' })).toBeNull();
  });

  it('says so when the code expires between the check and the pairing (410)', async () => {
    render(`/pair?code=${CODE}`, {
      [`GET ${apiPaths.devicePrecheck(CODE)}`]: () => pending,
      [`GET ${apiPaths.deviceVerify(CODE)}`]: () => jsonResponse({ statusCode: 410, error: 'Gone', message: 'expired' }, 410),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Pair this screen' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired. Ask the screen for a new code: it shows one by itself.');
  });

  it('sends a signed-out reader to sign in, to come back with the code', async () => {
    const { router } = render(`/pair?code=${CODE}`, {}, { user: null, authStatus: 'signedOut' });
    await waitFor(() => expect(router.location().pathname).toBe('/account/signin'));
    expect(new URLSearchParams(router.location().search).get('next')).toBe(`/pair?code=${CODE}`);
  });
});

describe('the devices page', () => {
  it('lists the reader’s screens, with the one playing marked, and renames one', async () => {
    let current = paired;
    const { sent } = render('/account/devices', {
      [`GET ${apiPaths.devices}`]: () => ({ items: [current], page: 1, limit: 100, total: 1 }),
      [`PUT ${apiPaths.device(ID)}`]: ({ init }) => (current = { ...paired, name: (bodyOf(init) as { name: string }).name }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your screens' })).toBeTruthy();
    const item = await screen.findByRole('listitem', { name: 'Samsung TV' });
    expect(within(item).getByText('Playing now')).toBeTruthy();
    expect(within(item).getByText(/^Paired on /)).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Rename Samsung TV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename screen' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(81) } });
    expect(within(dialog).getByText('At most 80 characters.')).toBeTruthy();
    fireEvent.change(name, { target: { value: '  Kitchen TV ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Kitchen TV' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('PUT', apiPaths.device(ID)).map(([, init]) => bodyOf(init))).toEqual([{ name: 'Kitchen TV' }]);
  });

  it('unpairs a screen after asking', async () => {
    let items = [paired];
    const { sent } = render('/account/devices', {
      [`GET ${apiPaths.devices}`]: () => ({ items, page: 1, limit: 100, total: items.length }),
      [`DELETE ${apiPaths.device(ID)}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const item = await screen.findByRole('listitem', { name: 'Samsung TV' });
    fireEvent.click(within(item).getByRole('button', { name: 'Unpair Samsung TV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unpair Samsung TV?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpair' }));
    expect(await screen.findByRole('heading', { name: 'No screens yet' })).toBeTruthy();
    expect(sent('DELETE', apiPaths.device(ID))).toHaveLength(1);
  });

  it('says how to pair a screen when there is none', async () => {
    render('/account/devices', { [`GET ${apiPaths.devices}`]: () => ({ items: [], page: 1, limit: 100, total: 0 }) });
    expect(await screen.findByRole('heading', { name: 'No screens yet' })).toBeTruthy();
    expect(screen.getByText(`${window.location.host}/tv`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pair a screen' }).getAttribute('href')).toBe('/pair');
  });
});
