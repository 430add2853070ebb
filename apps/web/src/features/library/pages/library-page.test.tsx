import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ArticleList, ArticleSummary } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import type { Visitor } from '../../../app/state';
import { serverDown, shellApi } from '../../../test/api-fixtures';
import { floodArticle } from '../../../test/article-fixture';
import { expectConsoleErrors } from '../../../test/console-guard';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

const visitor: Visitor = {
  id: 'visitor-library-test',
  regionId: 0,
  ipAddress: '',
  updatedAt: '2026-03-01T10:00:00.000Z',
  screenWidth: 1280,
  screenHeight: 800,
};

const flood: ArticleSummary = floodArticle;
const market: ArticleSummary = {
  ...floodArticle,
  id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
  slug: 'market-opens-higher',
  title: 'Markets open higher after the rate decision',
  breaking: false,
};

const listOf = (items: ArticleSummary[]): ArticleList => ({ items, page: 1, limit: 30, total: items.length });

/** Answers a personal list only for the test's visitor, as the server scopes them. */
const personalList =
  (items: ArticleSummary[]): FetchHandler =>
  ({ url }) =>
    url.searchParams.get('visitorId') === visitor.id ? listOf(items) : listOf([]);

function renderLibrary(path: string, overrides: Record<string, FetchHandler> = {}) {
  const fetchMock = mockFetch(shellApi(overrides));
  return { fetchMock, ...renderApp({ path, state: { visitor } }) };
}

describe('library page', () => {
  it('opens on Saved at /library and lists the visitor’s saved articles', async () => {
    renderLibrary('/library', { 'GET /v1/articles/saved': personalList([flood, market]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your library' })).toBeTruthy();
    expect(screen.getByText(/Saved on this device's profile/)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Saved' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('heading', { level: 3, name: flood.title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: market.title })).toBeTruthy();
  });

  it('keeps the shelf in the address: the tabs link to /library/history and /library/liked', async () => {
    const { router } = renderLibrary('/library/saved', {
      'GET /v1/articles/saved': personalList([]),
      'GET /v1/articles/viewed': personalList([market]),
      'GET /v1/articles/liked': personalList([flood]),
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'History' }));
    expect(await screen.findByRole('heading', { level: 3, name: market.title })).toBeTruthy();
    expect(router.location().pathname).toBe('/library/history');
    expect(screen.getByRole('tabpanel', { name: 'History' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Liked' }));
    expect(await screen.findByRole('heading', { level: 3, name: flood.title })).toBeTruthy();
    expect(router.location().pathname).toBe('/library/liked');
  });

  it('says what to do when a shelf is empty, with a way home', async () => {
    renderLibrary('/library/saved', { 'GET /v1/articles/saved': personalList([]) });
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
    expect(screen.getByText('Press Save on any article to keep it here.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find something to watch' }).getAttribute('href')).toBe('/');
  });

  it('has no remove buttons on History', async () => {
    renderLibrary('/library/history', { 'GET /v1/articles/viewed': personalList([flood]) });
    await screen.findByRole('heading', { level: 3, name: flood.title });
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('removes an article from Saved: the card leaves, the API is told, and the reader is told', async () => {
    let saved = [flood, market];
    const { fetchMock } = renderLibrary('/library/saved', {
      'GET /v1/articles/saved': () => listOf(saved),
      'POST /v1/articles/save': ({ init }) => {
        const body = JSON.parse(String(init?.body)) as { articleId: string };
        saved = saved.filter((article) => article.id !== body.articleId);
        return { ok: true };
      },
      'GET /v1/articles/interactions': () => ({ items: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: `Remove “${flood.title}” from Saved` }));
    expect(screen.queryByRole('heading', { level: 3, name: flood.title })).toBeNull();
    expect(screen.getByRole('heading', { level: 3, name: market.title })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Articles you saved' }));
    expect((await screen.findByRole('alert')).textContent).toContain(`“${flood.title}” was removed from Saved.`);
    const post = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/v1/articles/save') && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ articleId: flood.id, action: 'remove', visitorId: visitor.id });
  });

  it('removes a like from Liked and reads the list again', async () => {
    let liked = [flood];
    const { fetchMock } = renderLibrary('/library/liked', {
      'GET /v1/articles/liked': () => listOf(liked),
      'POST /v1/articles/like': () => {
        liked = [];
        return { ok: true };
      },
      'GET /v1/articles/interactions': () => ({ items: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: `Remove “${flood.title}” from Liked` }));
    expect(await screen.findByText('No likes yet')).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/v1/articles/liked'))).toHaveLength(2),
    );
    const post = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/v1/articles/like'));
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ articleId: flood.id, action: 'remove' });
  });

  it('brings the card back and shows the API’s message when a removal fails', async () => {
    const consoleError = expectConsoleErrors();
    renderLibrary('/library/saved', {
      'GET /v1/articles/saved': personalList([flood]),
      'POST /v1/articles/save': serverDown,
      'GET /v1/articles/interactions': () => ({ items: [] }),
    });
    fireEvent.click(await screen.findByRole('button', { name: `Remove “${flood.title}” from Saved` }));
    expect((await screen.findByRole('alert')).textContent).toContain('The database is down');
    expect(await screen.findByRole('heading', { level: 3, name: flood.title })).toBeTruthy();
    // SPEC §8: the error helper also logs what went wrong.
    expect(consoleError).toHaveBeenCalled();
  });

  it('offers a retry when a shelf cannot be loaded', async () => {
    let fail = true;
    renderLibrary('/library/saved', {
      'GET /v1/articles/saved': () =>
        fail ? jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'down' }, 503) : listOf([market]),
    });
    const alert = await screen.findByText('These articles could not be loaded. Check your connection and try again.');
    fail = false;
    fireEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: market.title })).toBeTruthy();
  });

  it('sends an unknown shelf to Saved', async () => {
    const { router } = renderLibrary('/library/bookmarks', { 'GET /v1/articles/saved': personalList([]) });
    expect(await screen.findByText('Nothing saved yet')).toBeTruthy();
    expect(router.location().pathname).toBe('/library/saved');
  });
});
