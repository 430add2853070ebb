import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverDown, shellApi } from '../../../test/api-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { isolate } from '../lib/snippet';
import { articleHit, category, publisher, quoteHit, searchAnswer, story } from '../testing/search-fixtures';

const searchCalls = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/search')
    .map((url) => Object.fromEntries(url.searchParams));

describe('the search results page', () => {
  it('asks for words when there are none', async () => {
    const fetchMock = mockFetch(shellApi());
    renderApp({ path: '/search' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Search Newsreel' })).toBeTruthy();
    expect(screen.getByText(/something someone said in a video/)).toBeTruthy();
    expect(searchCalls(fetchMock)).toEqual([]);
  });

  it('shows every kind of result with highlighted matches and the moment a quote was said', async () => {
    const fetchMock = mockFetch(
      shellApi({
        'GET /v1/search': ({ url }) =>
          searchAnswer(url.searchParams.get('q') ?? '', {
            articles: [articleHit(), quoteHit],
            stories: [story],
            publishers: [publisher],
            categories: [category],
          }),
      }),
    );
    renderApp({ path: '/search?q=flood' });
    expect(await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('flood')}”` })).toBeTruthy();
    const articleLink = await screen.findByRole('link', { name: /Flood warnings along the coast/ });
    const tabs = screen.getByRole('tablist', { name: 'Kinds of results' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Articles2', 'Stories1', 'Publishers1', 'Categories1']);
    expect(within(tabs).getByRole('tab', { name: 'All' }).getAttribute('aria-selected')).toBe('true');

    expect(articleLink.getAttribute('href')).toBe(`/v/${articleHit().id}`);
    expect(articleLink.querySelector('mark')?.textContent).toBe('Flood');
    const quoteLink = screen.getByRole('link', { name: /Said at 1:23/ });
    expect(quoteLink.getAttribute('href')).toBe(`/v/${quoteHit.id}?t=83`);
    expect(screen.getByRole('link', { name: /Europe's night trains/ }).getAttribute('href')).toBe(`/stories/${story.id}`);
    expect(screen.getByRole('link', { name: /^Coast News/ }).getAttribute('href')).toBe(`/publishers/${publisher.id}`);
    expect(screen.getByRole('link', { name: /^Weather/ }).getAttribute('href')).toBe(`/categories/${category.id}`);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Stories1',
      'Publishers1',
      'Categories1',
      'Articles2',
    ]);
    expect(searchCalls(fetchMock)).toEqual([{ q: 'flood', type: 'all', page: '1', limit: '30' }]);
  });

  it('quotes a phrase search once in its heading, and sends the phrase with its quotes', async () => {
    const fetchMock = mockFetch(shellApi({ 'GET /v1/search': ({ url }) => searchAnswer(url.searchParams.get('q') ?? '', { articles: [articleHit()] }) }));
    renderApp({ path: `/search?q=${encodeURIComponent('"tall ships"')}` });
    expect(await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('tall ships')}”` })).toBeTruthy();
    await waitFor(() => expect(searchCalls(fetchMock)[0]?.q).toBe('"tall ships"'));
  });

  it('keeps the quotes of a phrase among other words in its heading', async () => {
    mockFetch(shellApi({ 'GET /v1/search': ({ url }) => searchAnswer(url.searchParams.get('q') ?? '', {}) }));
    renderApp({ path: `/search?q=${encodeURIComponent('"tall ships" Bristol')}` });
    expect(await screen.findByRole('heading', { level: 1, name: `Results for “${isolate('"tall ships" Bristol')}”` })).toBeTruthy();
  });

  it('keeps the type in the address: a tab opens its own list', async () => {
    const fetchMock = mockFetch(
      shellApi({
        'GET /v1/search': ({ url }) =>
          searchAnswer('night', { articles: [articleHit()], stories: url.searchParams.get('type') === 'all' ? [story] : [story, { ...story, id: 'e0000000-0000-4000-8000-000000000000', title: 'Sleeper routes' }] }),
      }),
    );
    const { router } = renderApp({ path: '/search?q=night' });
    fireEvent.click(await screen.findByRole('tab', { name: /Stories/ }));
    await waitFor(() => expect(router.location().search).toBe('?q=night&type=stories'));
    expect(await screen.findByRole('link', { name: /Sleeper routes/ })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Stories/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByRole('link', { name: /Flood warnings/ })).toBeNull();
    expect(searchCalls(fetchMock).map((call) => call.type)).toEqual(['all', 'stories']);

    // "Articles" reads the list "All" already holds.
    fireEvent.click(screen.getByRole('tab', { name: /Articles/ }));
    expect(await screen.findByRole('link', { name: /Flood warnings/ })).toBeTruthy();
    expect(router.location().search).toBe('?q=night&type=articles');
    expect(searchCalls(fetchMock)).toHaveLength(2);
  });

  it('loads 30 more articles at a time', async () => {
    const fetchMock = mockFetch(
      shellApi({
        'GET /v1/search': ({ url }) =>
          url.searchParams.get('page') === '2'
            ? searchAnswer('flood', { articles: [quoteHit] }, { page: 2, articleTotal: 31 })
            : searchAnswer('flood', { articles: [articleHit()] }, { articleTotal: 31 }),
      }),
    );
    renderApp({ path: '/search?q=flood&type=articles' });
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: /Said at 1:23/ })).toBeTruthy();
    expect(searchCalls(fetchMock).at(-1)).toEqual({ q: 'flood', type: 'articles', page: '2', limit: '30' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when nothing matches and what to try instead', async () => {
    mockFetch(shellApi({ 'GET /v1/search': () => searchAnswer('zzzz') }));
    renderApp({ path: '/search?q=zzzz' });
    expect(await screen.findByText(`Nothing matches “${isolate('zzzz')}”.`)).toBeTruthy();
    expect(screen.getByText('Check the spelling, or try fewer or different words.')).toBeTruthy();
  });

  it('offers a retry when the search fails', async () => {
    const fetchMock = mockFetch(shellApi({ 'GET /v1/search': serverDown }));
    renderApp({ path: '/search?q=flood' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Search results could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(searchCalls(fetchMock)).toHaveLength(2));
  });
});
