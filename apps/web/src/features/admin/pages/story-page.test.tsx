import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { adminApiPaths } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { bodyOf, moderatorUser, signedInAs } from '../test/admin-api';
import { collectionsApi, harbourStory, inPlaylist } from '../test/collections-api';

afterEach(() => setAccessToken(null));

function renderStories(overrides: Record<string, FetchHandler> = {}, path = '/admin/stories') {
  const fetchMock = mockFetch(collectionsApi(overrides));
  const rendered = renderApp({ path, state: signedInAs(moderatorUser) });
  const sent = (method: string, pathname: string) =>
    fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
      .filter(({ url, init }) => url.pathname === pathname && (init?.method ?? 'GET') === method)
      .map(({ url, init }) => ({ query: Object.fromEntries(url.searchParams), body: init?.body ? bodyOf(init) : undefined }));
  return { fetchMock, sent, ...rendered };
}

describe('the stories in the console', () => {
  it('lists the stories newest first with their poster and state, filtered by state on the server', async () => {
    const { sent, router } = renderStories();
    const table = await screen.findByRole('table', { name: 'Stories' }, { timeout: 15_000 });
    const row = within(table).getByRole('link', { name: harbourStory.title }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Published')).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe(harbourStory.poster);
    expect(sent('GET', adminApiPaths.stories)[0]?.query).toEqual({ page: '1', limit: '30', sort: 'publishedAt', order: 'desc' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'State' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Still to come' }));
    await waitFor(() => expect(sent('GET', adminApiPaths.stories).at(-1)?.query).toEqual({ page: '1', limit: '30', published: 'false', sort: 'publishedAt', order: 'desc' }));
    expect(router.location().search).toBe('?published=false');
    }, 60_000); // The first test loads the console's code, slow on a busy machine.

  it('creates a story whose slug follows its title, with its poster, and opens its page', async () => {
    const created = { ...harbourStory, id: '00000000-0000-4000-8000-000000000999', title: 'Election night', slug: 'election-night', poster: null, articleCount: 0 };
    const { sent, router } = renderStories({
      [`POST ${adminApiPaths.stories}`]: () => created,
      [`GET ${adminApiPaths.story(created.id)}`]: () => created,
      [`GET ${adminApiPaths.storyArticles(created.id)}`]: () => ({ items: [], total: 0 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New story' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New story' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Election night' } });
    expect((within(dialog).getByRole('textbox', { name: /^Slug/ }) as HTMLInputElement).value).toBe('election-night');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Poster image address/ }), { target: { value: 'ftp://example.com/a.jpg' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create story' }));
    expect(await within(dialog).findByText('An address starting with http:// or https://.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Poster image address/ }), { target: { value: 'https://media.example.com/election.jpg' } });
    expect(within(dialog).getByRole('img', { name: 'The poster' }).getAttribute('src')).toBe('https://media.example.com/election.jpg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create story' }));
    await waitFor(() => expect(router.location().pathname).toBe(`/admin/stories/${created.id}`));
    expect(sent('POST', adminApiPaths.stories)[0]?.body).toEqual({ title: 'Election night', slug: 'election-night', description: '', poster: 'https://media.example.com/election.jpg' });
  });

  it('clears a story’s cache and reorders its articles', async () => {
    const { sent } = renderStories(
      { [`DELETE ${adminApiPaths.storyCache(harbourStory.id)}`]: () => ({ storyId: harbourStory.id, purged: ['public answers'] }) },
      `/admin/stories/${harbourStory.id}`,
    );
    const list = await screen.findByRole('list', { name: /The articles of/ }, { timeout: 15_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText(/The cached copies of .*The harbour works.* were cleared/)).toBeTruthy();
    expect(sent('DELETE', adminApiPaths.storyCache(harbourStory.id))).toHaveLength(1);
    fireEvent.click(within(list).getByRole('button', { name: /^Move Article 1: .* down$/ }));
    await waitFor(() => expect(sent('PUT', adminApiPaths.storyArticlesOrder(harbourStory.id))[0]?.body).toEqual({ articleIds: [inPlaylist[1]!.id, inPlaylist[0]!.id] }));
    await waitFor(() => expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['New tram line opens', 'Ferry timetable changes']));
  });
});
