import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AdminRole, adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { adminSport, adminTransport, catalogueApi } from '../test/content-api';
import { superuserUser } from '../test/people-api';

afterEach(() => setAccessToken(null));

function renderCategories(overrides: Record<string, FetchHandler> = {}, path = '/admin/categories') {
  const fetchMock = mockFetch(catalogueApi(overrides));
  const rendered = renderApp({ path, state: signedInAs(moderatorUser) });
  /** The requests sent with `method` to `pathname`: their query strings and bodies, in order. */
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
      .map(({ url, init }) => ({ query: Object.fromEntries(url.searchParams), body: init?.body ? bodyOf(init) : undefined }));
  return { fetchMock, sent, ...rendered };
}

describe('the categories in the console', () => {
  it('a moderator sees every category with how many articles it has, and the navigation hides the publishers from them', async () => {
    const { sent } = renderCategories();
    const table = await screen.findByRole('table', { name: 'Categories' });
    const row = within(table).getByRole('button', { name: 'Transport' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('transport')).toBeTruthy();
    expect(within(row).getByText('12')).toBeTruthy();
    expect(sent('GET', adminApiPaths.categories)[0]?.query).toEqual({ page: '1', limit: '30', sort: 'name', order: 'asc' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Categories' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Publishers' })).toBeNull();
  });

  it('a superuser has the publishers in the navigation', async () => {
    mockFetch(catalogueApi({ 'POST /v1/auth/admin': () => ({ accessToken: 'admin-token-1', expiresIn: 900, adminRole: AdminRole.SUPERUSER }) }));
    renderApp({ path: '/admin/categories', state: signedInAs(superuserUser) });
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Publishers' }).getAttribute('href')).toBe('/admin/publishers');
  });

  it('searches, filters by use and sorts on the server, keeping it all in the URL', async () => {
    const { sent, router } = renderCategories();
    await screen.findByRole('table', { name: 'Categories' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name, slug or description' }), { target: { value: 'sport' } });
    await waitFor(() => expect(sent('GET', adminApiPaths.categories).at(-1)?.query.q).toBe('sport'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'In use' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Without articles' }));
    fireEvent.click(screen.getByRole('button', { name: 'Articles' }));
    await waitFor(() => expect(sent('GET', adminApiPaths.categories).at(-1)?.query).toEqual({ page: '1', limit: '30', q: 'sport', inUse: 'false', sort: 'articleCount', order: 'desc' }));
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({ q: 'sport', inUse: 'false', sort: 'articleCount', order: 'desc' });
  });

  it('creates a category whose slug follows its name, once its fields are as the API takes them', async () => {
    const { sent } = renderCategories({
      [`POST ${adminApiPaths.categories}`]: ({ init }) => ({ ...adminSport, id: 'new-id', ...(bodyOf(init) as object), articleCount: 0 }),
    });
    await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect(await within(dialog).findByText('This is needed.')).toBeTruthy();
    expect(sent('POST', adminApiPaths.categories)).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Science & Tech' } });
    expect((within(dialog).getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe('science-tech');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: ' Discoveries and gadgets ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(sent('POST', adminApiPaths.categories).map(({ body }) => body)).toEqual([{ name: 'Science & Tech', slug: 'science-tech', description: 'Discoveries and gadgets' }]));
    expect(await screen.findByText(/Science & Tech.* was created\./)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says in the dialog when the slug is taken, keeping what was typed', async () => {
    renderCategories({
      [`POST ${adminApiPaths.categories}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Another category already has the slug "sport".' }, 409),
    });
    await screen.findByRole('table', { name: 'Categories' });
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Sport' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create category' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Another one already has this slug. Choose another.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Slug' }), { target: { value: 'Sports!' } });
    fireEvent.blur(within(dialog).getByRole('textbox', { name: 'Slug' }));
    expect(await within(dialog).findByText(/^Lower-case letters and digits only/)).toBeTruthy();
  });

  it('edits a category: only what changed is sent', async () => {
    const { sent } = renderCategories({
      [`PUT ${adminApiPaths.category(adminTransport.id)}`]: ({ init }) => ({ ...adminTransport, ...(bodyOf(init) as object) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Transport' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit category' });
    expect((within(dialog).getByRole('textbox', { name: 'Slug' }) as HTMLInputElement).value).toBe('transport');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Roads, rail, ferries and flights' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.category(adminTransport.id)).map(({ body }) => body)).toEqual([{ description: 'Roads, rail, ferries and flights' }]));
    expect(await screen.findByText('The category was saved.')).toBeTruthy();
  });

  it('asks before deleting, and shows the server’s words when the category is in use', async () => {
    const message = 'This category is used by 12 articles and 1 poll target; move them to another category first.';
    const { sent } = renderCategories({
      [`DELETE ${adminApiPaths.category(adminTransport.id)}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message }, 409),
    });
    const errors = expectConsoleErrors();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Transport' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete .*Transport.*\?/ });
    expect(within(dialog).getByText(/12 articles use it/)).toBeTruthy();
    expect(sent('DELETE', adminApiPaths.category(adminTransport.id))).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(errors).toHaveBeenCalled();
  });
});
