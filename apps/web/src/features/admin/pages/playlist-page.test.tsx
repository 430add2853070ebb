import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { collectionsApi, inPlaylist, morningPlaylist } from '../test/collections-api';
import { articleFixture } from '../test/content-api';

afterEach(() => setAccessToken(null));

/** Text without the isolation marks that keep names in their own direction (lib/isolate.ts). */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

function renderPlaylists(overrides: Record<string, FetchHandler> = {}, path = '/admin/playlists') {
  const fetchMock = mockFetch(collectionsApi(overrides));
  const rendered = renderApp({ path, state: signedInAs(moderatorUser) });
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
      .map(({ url, init }) => ({ query: Object.fromEntries(url.searchParams), body: init?.body ? bodyOf(init) : undefined }));
  return { fetchMock, sent, ...rendered };
}

const titlesIn = (list: HTMLElement) => within(list).getAllByRole('link').map((link) => link.textContent);

describe('the playlists in the console', () => {
  it('a moderator lists the playlists from the navigation, searched and sorted on the server, kept in the URL', async () => {
    const { sent, router } = renderPlaylists();
    const table = await screen.findByRole('table', { name: 'Playlists' }, { timeout: 15_000 });
    const row = within(table).getByRole('link', { name: 'Morning briefing' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('morning-briefing')).toBeTruthy();
    expect(sent('GET', adminApiPaths.playlists)[0]?.query).toEqual({ page: '1', limit: '30', sort: 'name', order: 'asc' });
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Playlists' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Stories' }).getAttribute('href')).toBe('/admin/stories');

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name, external id or description' }), { target: { value: 'morning' } });
    await waitFor(() => expect(sent('GET', adminApiPaths.playlists).at(-1)?.query.q).toBe('morning'));
    fireEvent.click(screen.getByRole('button', { name: 'Articles' }));
    await waitFor(() => expect(sent('GET', adminApiPaths.playlists).at(-1)?.query).toEqual({ page: '1', limit: '30', q: 'morning', sort: 'articleCount', order: 'desc' }));
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({ q: 'morning', sort: 'articleCount', order: 'desc' });
    }, 60_000); // The first test loads the console's code, slow on a busy machine.

  it('creates a playlist in a dialog, checking its fields as the API does, and opens its page', async () => {
    const created = { ...morningPlaylist, id: '00000000-0000-4000-8000-000000000899', externalId: 'evening', name: 'Evening', description: '', articleCount: 0 };
    const { sent, router } = renderPlaylists({
      [`POST ${adminApiPaths.playlists}`]: () => created,
      [`GET ${adminApiPaths.playlist(created.id)}`]: () => created,
      [`GET ${adminApiPaths.playlistArticles(created.id)}`]: () => ({ items: [], total: 0 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New playlist' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New playlist' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Evening' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^External id/ }), { target: { value: '-evening' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create playlist' }));
    expect(await within(dialog).findByText(/Letters and digits/)).toBeTruthy();
    expect(sent('POST', adminApiPaths.playlists)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /^External id/ }), { target: { value: 'evening' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create playlist' }));
    await waitFor(() => expect(router.location().pathname).toBe(`/admin/playlists/${created.id}`));
    expect(sent('POST', adminApiPaths.playlists)[0]?.body).toEqual({ name: 'Evening', externalId: 'evening', description: '' });
    expect(await screen.findByText('No articles yet. Find some above and add them.')).toBeTruthy();
  });

  it('says so when the external id is taken, and keeps what was typed', async () => {
    renderPlaylists({
      [`POST ${adminApiPaths.playlists}`]: () => jsonResponse({ statusCode: 409, error: 'Conflict', message: 'There is already a playlist with the external id "morning-briefing".' }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New playlist' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New playlist' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Again' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^External id/ }), { target: { value: 'morning-briefing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create playlist' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Another playlist already has this external id. Choose another.');
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Again');
  });

  it('adds articles found by title in one batch, reorders them with the buttons and removes one after asking', async () => {
    const playlistPath = `/v1/admin/playlists/${morningPlaylist.id}`;
    const { sent } = renderPlaylists({}, `/admin/playlists/${morningPlaylist.id}`);
    const list = await screen.findByRole('list', { name: /The articles of .*Morning briefing/ }, { timeout: 15_000 });
    expect(titlesIn(list)).toEqual(['Ferry timetable changes', 'New tram line opens']);
    expect(within(list).getByText('Live')).toBeTruthy();

    // Add: the search asks the API for articles by title; the one chosen is added at the end.
    const search = screen.getByRole('combobox', { name: 'Find articles by title' });
    fireEvent.change(search, { target: { value: 'bridge' } });
    await waitFor(() => expect(sent('GET', adminApiPaths.articles).some(({ query }) => query.q === 'bridge')).toBe(true));
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Harbour bridge reopens after repairs/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add (1)' }));
    await waitFor(() => expect(titlesIn(list)).toEqual(['Ferry timetable changes', 'New tram line opens', articleFixture().title]));
    expect(sent('POST', `${playlistPath}/articles/batch`)[0]?.body).toEqual({ articleIds: [articleFixture().id] });

    // Reorder: the last one up one place; the whole new order is sent.
    fireEvent.click(within(list).getByRole('button', { name: /^Move Article 3: .* up$/ }));
    await waitFor(() => expect(titlesIn(list)).toEqual(['Ferry timetable changes', articleFixture().title, 'New tram line opens']));
    expect(sent('PUT', `${playlistPath}/articles/order`)[0]?.body).toEqual({ articleIds: [inPlaylist[0]!.id, articleFixture().id, inPlaylist[1]!.id] });

    // Remove: asks first, then sends the article's id.
    fireEvent.click(within(list).getByRole('button', { name: /Remove .*Ferry timetable changes/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove this article?' });
    expect(plain(confirm.textContent)).toContain('Ferry timetable changes leaves Morning briefing.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(titlesIn(list)).toEqual([articleFixture().title, 'New tram line opens']));
    expect(sent('DELETE', `${playlistPath}/articles`)[0]?.body).toEqual({ articleId: inPlaylist[0]!.id });
    }, 45_000);

  it('shows the server’s reason when a batch is refused, and adds nothing', async () => {
    renderPlaylists(
      {
        [`POST /v1/admin/playlists/${morningPlaylist.id}/articles/batch`]: () =>
          jsonResponse({ statusCode: 409, error: 'Conflict', message: 'The playlist already holds the article; leave it out and add again. Nothing was added.' }, 409),
      },
      `/admin/playlists/${morningPlaylist.id}`,
    );
    const list = await screen.findByRole('list', { name: /The articles of/ }, { timeout: 15_000 });
    const search = screen.getByRole('combobox', { name: 'Find articles by title' });
    fireEvent.change(search, { target: { value: 'bridge' } });
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: /Harbour bridge reopens after repairs/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add (1)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('already holds the article');
    expect(titlesIn(list)).toHaveLength(2);
    }, 45_000);

  it('saves only the changed details', async () => {
    const { sent } = renderPlaylists(
      { [`PUT ${adminApiPaths.playlist(morningPlaylist.id)}`]: ({ init }) => ({ ...morningPlaylist, ...(bodyOf(init) as object) }) },
      `/admin/playlists/${morningPlaylist.id}`,
    );
    const form = await screen.findByRole('form', { name: 'Details' }, { timeout: 15_000 });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Morning news' } });
    await waitFor(() => expect((within(form).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.playlist(morningPlaylist.id))[0]?.body).toEqual({ name: 'Morning news' }));
  });

  it('an unknown playlist says so', async () => {
    renderPlaylists({}, '/admin/playlists/00000000-0000-4000-8000-000000000000');
    expect(await screen.findByText('There is no such playlist. It may have been deleted.')).toBeTruthy();
  });

  it('adds the articles ticked in the article list to a playlist chosen by name, in one batch', async () => {
    const { sent } = renderPlaylists({}, '/admin/articles?view=all');
    const table = await screen.findByRole('table', { name: 'Articles' }, { timeout: 15_000 });
    fireEvent.click(within(table).getByRole('checkbox', { name: `Select “${articleFixture().title}”` }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to playlist' }));
    const dialog = await screen.findByRole('dialog', { name: /Add the selected articles to a playlist/ }, { timeout: 15_000 });
    const picker = within(dialog).getByRole('combobox', { name: /^Playlist/ });
    fireEvent.change(picker, { target: { value: 'morn' } });
    fireEvent.keyDown(picker, { key: 'ArrowDown' });
    fireEvent.click(await screen.findByRole('option', { name: 'Morning briefing' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to playlist' }));
    await waitFor(() => expect(sent('POST', `/v1/admin/playlists/${morningPlaylist.id}/articles/batch`)[0]?.body).toEqual({ articleIds: [articleFixture().id] }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(plain((await screen.findByText(/Added to .*Morning briefing/)).textContent)).toBe('Added to Morning briefing: 1.');
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
    }, 45_000);
});
