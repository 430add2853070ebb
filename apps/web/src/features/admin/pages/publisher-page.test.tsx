import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AccountRole, AdminRole, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { adminHarbourDaily, catalogueApi, publisherMember } from '../test/content-api';
import { superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

const asSuperuser = { 'POST /v1/auth/admin': () => ({ accessToken: 'admin-token-1', expiresIn: 900, adminRole: AdminRole.SUPERUSER }) };
const publisherPath = `/admin/publishers/${adminHarbourDaily.id}`;

function renderAsSuperuser(path: string, overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(catalogueApi({ ...asSuperuser, ...overrides }));
  const rendered = renderApp({ path, state: signedInAs(superuserUser) });
  /** The bodies of the requests sent with `method` to `pathname`, in order. */
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === pathname && (init?.method ?? 'GET') === method)
      .map(([, init]) => (init?.body ? bodyOf(init) : undefined));
  return { fetchMock, sent, ...rendered };
}

describe('the publishers in the console', () => {
  it('are the superusers’: a moderator who opens the address is told so, and the API is not asked', async () => {
    const fetchMock = mockFetch(catalogueApi());
    renderApp({ path: '/admin/publishers', state: signedInAs(moderatorUser) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Superusers only' })).toBeTruthy();
    expect(screen.getByText(/Publishers and their users are managed by superusers/)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/v1/admin/publishers'))).toBe(false);
  });

  it('a superuser lists them and creates one, which opens on its page to add its users', async () => {
    const created = { ...adminHarbourDaily, id: '00000000-0000-4000-8000-000000000599', name: 'Lakeside Herald', slug: 'lakeside-herald', articleCount: 0, userCount: 0 };
    const { sent, router } = renderAsSuperuser('/admin/publishers', {
      [`POST ${adminApiPaths.publishers}`]: () => created,
      [`GET /v1/admin/publishers/${created.id}`]: () => created,
      [`GET /v1/admin/publishers/${created.id}/users`]: () => ({ items: [], page: 1, limit: 30, total: 0 }),
    });
    const table = await screen.findByRole('table', { name: 'Publishers' });
    const row = within(table).getByRole('link', { name: 'Harbour Daily' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('40')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New publisher' }));
    const dialog = await screen.findByRole('dialog', { name: 'New publisher' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Lakeside Herald' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Website' }), { target: { value: 'lakeside.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create publisher' }));
    expect(await within(dialog).findByText('An address starting with http:// or https://.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.publishers)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Website' }), { target: { value: 'https://lakeside.example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create publisher' }));
    await waitFor(() => expect(router.location().pathname).toBe(`/admin/publishers/${created.id}`));
    expect(sent('POST', adminApiPaths.publishers)).toEqual([
      { name: 'Lakeside Herald', slug: 'lakeside-herald', description: '', website: 'https://lakeside.example.com', logoUrl: null, branding: {} },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lakeside Herald' })).toBeTruthy();
    expect(await screen.findByText('No users yet. Add the first one above.')).toBeTruthy();
  });

  it('adds a user by email with a role, says when no account has that email, changes a role and removes a user', async () => {
    const { sent } = renderAsSuperuser(publisherPath, {
      [`POST ${adminApiPaths.publisherUsers(adminHarbourDaily.id)}`]: ({ init }) => {
        const { email, role } = bodyOf(init) as { email: string; role: AccountRole };
        if (email === 'nobody@example.com') return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'No account has the email nobody@example.com' }, 404);
        return { userId: 'u-new', email, name: 'New Person', role, createdAt: '2026-11-26T09:00:00.000Z' };
      },
      [`PUT ${adminApiPaths.publisherUser(adminHarbourDaily.id, publisherMember.userId)}`]: ({ init }) => ({ ...publisherMember, ...(bodyOf(init) as object) }),
      [`DELETE ${adminApiPaths.publisherUser(adminHarbourDaily.id, publisherMember.userId)}`]: () => new Response(null, { status: 204 }),
    });
    const users = await screen.findByRole('region', { name: 'Users' });
    await within(users).findByRole('link', { name: 'editor@example.com' });
    const form = within(users).getByRole('form', { name: 'Add a user' });

    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'nobody@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect((await within(form).findByRole('alert')).textContent).toMatch(/No account has the email address .*nobody@example\.com.*\. Ask them to register first/);

    fireEvent.change(within(form).getByRole('textbox', { name: 'Email address' }), { target: { value: 'sam@example.com' } });
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Admin' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sent('POST', adminApiPaths.publisherUsers(adminHarbourDaily.id))).toEqual([
        { email: 'nobody@example.com', role: AccountRole.MEMBER },
        { email: 'sam@example.com', role: AccountRole.ADMIN },
      ]),
    );
    expect(await screen.findByText(/sam@example\.com.* was added\./)).toBeTruthy();

    fireEvent.mouseDown(within(users).getByRole('combobox', { name: 'Role of editor@example.com' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Admin' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.publisherUser(adminHarbourDaily.id, publisherMember.userId))).toEqual([{ role: AccountRole.ADMIN }]));

    fireEvent.click(within(users).getByRole('button', { name: 'Remove editor@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this user?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent('DELETE', adminApiPaths.publisherUser(adminHarbourDaily.id, publisherMember.userId))).toEqual([undefined]));
  });

  it('checks branding colours as the API does and saves the branding as a whole', async () => {
    const { sent } = renderAsSuperuser(publisherPath, {
      [`PUT ${adminApiPaths.publisher(adminHarbourDaily.id)}`]: ({ init }) => ({ ...adminHarbourDaily, ...(bodyOf(init) as object) }),
    });
    const form = await screen.findByRole('form', { name: 'Details' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add a value' }));
    const names = within(form).getAllByRole('textbox', { name: 'Name' });
    const values = within(form).getAllByRole('textbox', { name: 'Value' });
    // The first "Name" is the publisher's own.
    fireEvent.change(names.at(-1)!, { target: { value: 'backgroundColour' } });
    fireEvent.change(values.at(-1)!, { target: { value: 'dark blue' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(/^A colour such as .*#0A84FF.*, .*rgb\(10, 132, 255\).* or .*hsl\(211, 100%, 52%\)/)).toBeTruthy();
    expect(sent('PUT', adminApiPaths.publisher(adminHarbourDaily.id))).toEqual([]);

    fireEvent.change(values.at(-1)!, { target: { value: '#0B1B2B' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.publisher(adminHarbourDaily.id))).toEqual([{ branding: { primaryColour: '#0A84FF', backgroundColour: '#0B1B2B' } }]));
    expect(await screen.findByText('The publisher was saved.')).toBeTruthy();
  });

  it('shows the server’s words when a publisher still in use is deleted', async () => {
    const message = 'Harbour Daily still has 40 articles and 2 publisher users; move or delete them first.';
    renderAsSuperuser(publisherPath, {
      [`DELETE ${adminApiPaths.publisher(adminHarbourDaily.id)}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message }, 409),
    });
    const errors = expectConsoleErrors();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete publisher' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete .*Harbour Daily.*\?/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });
});
