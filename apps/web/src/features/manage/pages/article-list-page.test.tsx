import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { aiSummaryArticle, articleFixture, cityNews, editorUser, manageApi, sport } from '../test/manage-api';

afterEach(() => setAccessToken(null));

/** The query strings of the requests sent to `path`, in order. */
function requests(fetchMock: ReturnType<typeof mockFetch>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost')).filter((url) => url.pathname === path).map((url) => url.searchParams);
}

/** The paths of the requests sent with `method`, in order. */
function sent(fetchMock: ReturnType<typeof mockFetch>, method: string): string[] {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the studio’s article list', () => {
  it('shows the active publisher’s articles with their status chips and the studio’s navigation', async () => {
    const fetchMock = mockFetch(manageApi());
    renderApp({ path: '/manage/articles', state: signedInAs(editorUser) });
    const table = await screen.findByRole('table', { name: 'Your articles' });
    const row = within(table).getByRole('link', { name: 'Harbour bridge reopens after repairs' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('In review')).toBeTruthy();
    expect(within(row).getByText('Awaiting review')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Harbour bridge reopens after repairs' }).getAttribute('href')).toBe(`/manage/articles/${articleFixture().id}`);
    expect(within(table).getByText(aiSummaryArticle.title)).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Studio sections' });
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Import from a feed' })).toBeTruthy();
    // A member of Harbour Daily is not one of its admins: no settings.
    expect(within(nav).queryByRole('link', { name: 'Settings' })).toBeNull();
    // Two publishers: a switcher shows the one the studio works for.
    expect(screen.getByRole('combobox', { name: 'Publisher' }).textContent).toContain('Harbour Daily');
    expect(Object.fromEntries(requests(fetchMock, '/v1/manage/articles')[0] ?? [])).toEqual({ page: '1', limit: '30', sort: 'createdAt', order: 'desc' });
  });

  it('sends the filters and the sort, keeps them in the URL, and searches titles, descriptions and transcripts', async () => {
    const fetchMock = mockFetch(manageApi());
    const { router } = renderApp({ path: '/manage/articles', state: signedInAs(editorUser) });
    await screen.findByRole('table', { name: 'Your articles' });

    await choose('Status', 'Pending');
    await choose('Review status', 'Needs work');
    await choose('Category', 'Sport');
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(requests(fetchMock, '/v1/manage/articles').at(-1)?.get('sort')).toBe('title'));
    expect(Object.fromEntries(requests(fetchMock, '/v1/manage/articles').at(-1) ?? [])).toEqual({
      page: '1',
      limit: '30',
      status: String(ArticleStatus.PENDING),
      reviewStatus: String(ReviewStatus.NEEDS_WORK),
      categoryId: sport.id,
      sort: 'title',
      order: 'asc',
    });
    expect(new URLSearchParams(router.location().search).get('category')).toBe(sport.id);

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search titles, descriptions and transcripts' }), { target: { value: 'bridge deck' } });
    await waitFor(() => expect(requests(fetchMock, '/v1/manage/articles/search').at(-1)?.get('q')).toBe('bridge deck'));
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLElement).getAttribute('aria-disabled')).toBe('true');
  });

  it('clears an article from the caches, and deletes one once asked', async () => {
    const article = articleFixture();
    const fetchMock = mockFetch(
      manageApi({
        [`DELETE /v1/manage/articles/${article.id}/cache`]: () => ({ articleId: article.id, purged: 3 }),
        [`DELETE /v1/manage/articles/${article.id}`]: () => new Response(null, { status: 204 }),
      }),
    );
    renderApp({ path: '/manage/articles', state: signedInAs(editorUser) });
    await screen.findByRole('table', { name: 'Your articles' });

    fireEvent.click(screen.getByRole('button', { name: `Clear “${article.title}” from the caches` }));
    await waitFor(() => expect(sent(fetchMock, 'DELETE')).toEqual([`/v1/manage/articles/${article.id}/cache`]));

    fireEvent.click(screen.getByRole('button', { name: `Delete “${article.title}”` }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sent(fetchMock, 'DELETE')).toEqual([`/v1/manage/articles/${article.id}/cache`, `/v1/manage/articles/${article.id}`]));
  });

  it('switches the publisher the studio works for, and reads that one’s articles', async () => {
    const fetchMock = mockFetch(
      manageApi({
        'PUT /v1/users/publisher': () => ({ ...editorUser, activePublisherId: cityNews.id }),
      }),
    );
    renderApp({ path: '/manage/articles', state: signedInAs(editorUser) });
    await screen.findByRole('table', { name: 'Your articles' });
    const before = requests(fetchMock, '/v1/manage/articles').length;
    await choose('Publisher', 'City News');
    await waitFor(() => expect(requests(fetchMock, '/v1/manage/articles').length).toBeGreaterThan(before));
    const put = fetchMock.mock.calls.find(([input, init]) => String(input).endsWith('/v1/users/publisher') && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ publisherId: cityNews.id });
    // City News's admin sees its settings.
    expect(await screen.findByRole('link', { name: 'Settings' })).toBeTruthy();
  });

  it('tells a user of no publisher that the studio is not theirs', async () => {
    mockFetch(manageApi({ 'GET /v1/manage/articles': () => jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'No publisher' }, 403) }));
    renderApp({ path: '/manage/articles', state: signedInAs({ ...editorUser, publishers: [], activePublisherId: null }) });
    expect(await screen.findByRole('heading', { name: 'You are not part of a publisher' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
