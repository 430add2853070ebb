import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ArticleStatus, ReviewStatus } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { ADMIN_TOKEN, moderatorUser, signedInAs } from '../test/admin-api';
import { aiSummaryArticle, articleFixture, cityNews, contentApi, sport } from '../test/content-api';

afterEach(() => setAccessToken(null));

/** The query strings of the article list requests sent, in order (the queue's count left out). */
function listRequests(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/admin/articles' && url.searchParams.get('limit') !== '1')
    .map((url) => url.searchParams);
}

/** The paths of the requests sent with `method`, in order. */
function sent(fetchMock: ReturnType<typeof mockFetch>, method: string): string[] {
  return fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).map(([input]) => new URL(String(input), 'http://localhost').pathname);
}

async function choose(combobox: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: combobox }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the moderation queue', () => {
  it('opens on the articles awaiting review, the longest waiting first, with how many there are', async () => {
    const fetchMock = mockFetch(contentApi());
    const { router } = renderApp({ path: '/admin/articles', state: signedInAs(moderatorUser) });
    const table = await screen.findByRole('table', { name: 'Articles awaiting review' });
    const row = within(table).getByRole('link', { name: 'Harbour bridge reopens after repairs' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('In review')).toBeTruthy();
    expect(within(row).getByText('Awaiting review')).toBeTruthy();
    expect(within(row).getByText('Transport')).toBeTruthy();
    const aiRow = within(table).getByRole('link', { name: aiSummaryArticle.title }).closest('tr') as HTMLElement;
    expect(within(aiRow).getByText('AI summary')).toBeTruthy();

    expect(Object.fromEntries(listRequests(fetchMock)[0] ?? [])).toEqual({ page: '1', limit: '30', reviewStatus: '1', sort: 'reviewRequestedAt', order: 'asc' });
    expect(await screen.findByLabelText('2 awaiting review')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Awaiting review/ }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBe('page');
    expect(router.location().search).toBe('');
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/v1/admin/articles'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);
  });

  it('shows every article with the status filters, sends the filters, the sort and the page, and keeps them in the URL', async () => {
    const fetchMock = mockFetch(contentApi());
    const { router } = renderApp({ path: '/admin/articles', state: signedInAs(moderatorUser) });
    await screen.findByRole('table', { name: 'Articles awaiting review' });
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'All articles' }));
    await screen.findByRole('table', { name: 'Articles' });
    expect(Object.fromEntries(listRequests(fetchMock).at(-1) ?? [])).toEqual({ page: '1', limit: '30', sort: 'createdAt', order: 'desc' });

    await choose('Status', 'Pending');
    await choose('Review status', 'Needs work');
    await choose('Publisher', 'City News');
    await choose('Category', 'Sport');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by title, slug or id' }), { target: { value: 'delhi' } });
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('q')).toBe('delhi'));
    fireEvent.click(screen.getByRole('button', { name: 'Title' }));
    await waitFor(() => expect(listRequests(fetchMock).at(-1)?.get('sort')).toBe('title'));

    expect(Object.fromEntries(listRequests(fetchMock).at(-1) ?? [])).toEqual({
      page: '1',
      limit: '30',
      q: 'delhi',
      status: String(ArticleStatus.PENDING),
      reviewStatus: String(ReviewStatus.NEEDS_WORK),
      publisherId: cityNews.id,
      categoryId: sport.id,
      sort: 'title',
      order: 'asc',
    });
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({
      view: 'all',
      q: 'delhi',
      status: '0',
      review: '3',
      publisher: cityNews.id,
      category: sport.id,
      sort: 'title',
      order: 'asc',
    });
  });

  it('reads its view and filters from the URL, so a link shows the same list', async () => {
    const fetchMock = mockFetch(contentApi());
    renderApp({ path: `/admin/articles?view=all&status=1&page=2&limit=10&sort=publishedAt&publisher=${cityNews.id}`, state: signedInAs(moderatorUser) });
    await screen.findByRole('table', { name: 'Articles' });
    expect(Object.fromEntries(listRequests(fetchMock)[0] ?? [])).toEqual({ page: '2', limit: '10', status: '1', publisherId: cityNews.id, sort: 'publishedAt', order: 'desc' });
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toBe('Active');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Publisher' }).textContent).toBe('City News'));
  });

  it('approves the ticked articles one after another, with progress, and says which could not be approved and why', async () => {
    const approvals: string[] = [];
    const first = articleFixture();
    const fetchMock = mockFetch(
      contentApi({
        [`POST /v1/admin/articles/${first.id}/approve`]: () => {
          approvals.push(first.id);
          return { ...first, status: ArticleStatus.ACTIVE, reviewStatus: ReviewStatus.APPROVED, live: true };
        },
        [`POST /v1/admin/articles/${aiSummaryArticle.id}/approve`]: () => {
          approvals.push(aiSummaryArticle.id);
          return jsonResponse({ statusCode: 409, error: 'Conflict', message: 'Only an article awaiting review can be approved; this one is live.' }, 409);
        },
      }),
    );
    renderApp({ path: '/admin/articles', state: signedInAs(moderatorUser) });
    await screen.findByRole('table', { name: 'Articles awaiting review' });
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every article on this page' }));
    expect(screen.getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));

    const result = await screen.findByRole('alert');
    expect(within(result).getByText('Approved: 1')).toBeTruthy();
    expect(within(result).getByText('Not approved: 1. Each one says why:')).toBeTruthy();
    const failure = within(result).getByRole('link', { name: aiSummaryArticle.title });
    expect(failure.getAttribute('href')).toBe(`/admin/articles/${aiSummaryArticle.id}`);
    expect(within(result).getByText(/this one is live/)).toBeTruthy();
    // One after another, in the queue's order.
    expect(approvals).toEqual([first.id, aiSummaryArticle.id]);
    expect(sent(fetchMock, 'POST').filter((path) => path.endsWith('/approve'))).toEqual([
      `/v1/admin/articles/${first.id}/approve`,
      `/v1/admin/articles/${aiSummaryArticle.id}/approve`,
    ]);
    // The ticks are gone; the queue is read again.
    expect(screen.queryByText(/^Selected:/)).toBeNull();
    await waitFor(() => expect(listRequests(fetchMock).length).toBeGreaterThan(1));
  });
});
