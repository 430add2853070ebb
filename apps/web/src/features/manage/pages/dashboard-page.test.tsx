import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ManageStatistics } from '@newsreel/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { signedInAs } from '../../admin/test/admin-api';
import { articleFixture, cityNews, editorUser, manageApi } from '../test/manage-api';

afterEach(() => setAccessToken(null));

const DAY_MS = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

/** The dashboard's answer for `from`..`to`: plays on the last two days. */
function statisticsFixture(from: string, to: string): ManageStatistics {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const daily = Array.from({ length: days }, (_, n) => ({ day: new Date(Date.parse(from) + n * DAY_MS).toISOString().slice(0, 10), visitors: 0, plays: 0, watchSeconds: 0 }));
  daily[days - 1] = { ...daily[days - 1]!, visitors: 310, plays: 800, watchSeconds: 9000 };
  if (days > 1) daily[days - 2] = { ...daily[days - 2]!, visitors: 120, plays: 434, watchSeconds: 3600 };
  return {
    from,
    to,
    visitors: 412,
    plays: 1234,
    completions: 617,
    completionRate: 0.5,
    watchSeconds: 12_600,
    daily,
    topArticles: [
      { articleId: articleFixture().id, title: articleFixture().title, plays: 1000, completions: 600, completionRate: 0.6, watchSeconds: 10_000, visitors: 300 },
      { articleId: '0b9a3c1e-0000-4000-8000-00000000a002', title: 'Ferry timetable changes for the winter', plays: 234, completions: 17, completionRate: 17 / 234, watchSeconds: 2600, visitors: 112 },
    ],
  };
}

const emptyFixture = (from: string, to: string): ManageStatistics => ({
  ...statisticsFixture(from, to),
  visitors: 0,
  plays: 0,
  completions: 0,
  completionRate: null,
  watchSeconds: 0,
  daily: statisticsFixture(from, to).daily.map((day) => ({ ...day, visitors: 0, plays: 0, watchSeconds: 0 })),
  topArticles: [],
});

/** The value shown beside the figure `name`. */
function figure(name: string): string {
  const figures = screen.getByRole('region', { name: 'Your publisher\'s figures' });
  return within(figures).getByText(name, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

function statisticsRequests(fetchMock: ReturnType<typeof mockFetch>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/manage/statistics')
    .map((url) => url.searchParams);
}

const answering = (fixture: (from: string, to: string) => ManageStatistics) => ({
  'GET /v1/manage/statistics': ({ url }: { url: URL }) => fixture(url.searchParams.get('from')!, url.searchParams.get('to')!),
});

describe('the studio’s dashboard', () => {
  it('is where /manage opens, first in the navigation, with the figures, the chart and the most played articles', async () => {
    const fetchMock = mockFetch(manageApi(answering(statisticsFixture)));
    const { router } = renderApp({ path: '/manage', state: signedInAs(editorUser) });
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(router.location().pathname).toBe('/manage');

    const nav = screen.getByRole('navigation', { name: 'Studio sections' });
    const links = within(nav).getAllByRole('link');
    expect(links[0]!.textContent).toBe('Dashboard');
    expect(links[0]!.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Articles' }).getAttribute('aria-current')).toBeNull();

    await waitFor(() => expect(figure('Plays')).toBe('1,234'));
    expect(figure('Visitors')).toBe('412');
    expect(figure('Watch time')).toBe('3 hr 30 min');
    expect(figure('Completion rate')).toBe('50%');
    expect(screen.getByTestId('statistics-daily-chart')).toBeTruthy();
    // The last 30 days by default, today included.
    expect(Object.fromEntries(statisticsRequests(fetchMock)[0]!)).toEqual({ from: daysAgo(29), to: today() });

    const table = screen.getByRole('table', { name: 'Most played articles' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link', { name: articleFixture().title });
    expect(first.getAttribute('href')).toBe(`/manage/articles/${articleFixture().id}`);
    expect(within(rows[0]!).getByText('1,000')).toBeTruthy();
    expect(within(rows[0]!).getByText('60%')).toBeTruthy();
    expect(within(rows[1]!).getByText('7.3%')).toBeTruthy();
  });

  it('reads another range when one is chosen, and keeps it in the URL', async () => {
    const fetchMock = mockFetch(manageApi(answering(statisticsFixture)));
    const { router } = renderApp({ path: '/manage', state: signedInAs(editorUser) });
    await waitFor(() => expect(figure('Plays')).toBe('1,234'));
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(router.location().search).toBe('?days=7'));
    await waitFor(() => expect(Object.fromEntries(statisticsRequests(fetchMock).at(-1)!)).toEqual({ from: daysAgo(6), to: today() }));
  });

  it('says so when none of the publisher’s articles has been played yet, and leads to the articles', async () => {
    mockFetch(manageApi(answering(emptyFixture)));
    renderApp({ path: '/manage', state: signedInAs({ ...editorUser, activePublisherId: cityNews.id }) });
    await screen.findByRole('heading', { level: 2, name: 'No plays yet' });
    expect(screen.getByRole('link', { name: 'Go to your articles' }).getAttribute('href')).toBe('/manage/articles');
    expect(screen.queryByRole('table', { name: 'Most played articles' })).toBeNull();
    expect(screen.queryByTestId('statistics-daily-chart')).toBeNull();
  });

  it('says when the figures could not be loaded, and tries again', async () => {
    let calls = 0;
    mockFetch(
      manageApi({
        'GET /v1/manage/statistics': ({ url }) => {
          calls += 1;
          if (calls === 1) return jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is not answering.' }, 503);
          return statisticsFixture(url.searchParams.get('from')!, url.searchParams.get('to')!);
        },
      }),
    );
    renderApp({ path: '/manage', state: signedInAs(editorUser) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The figures could not be loaded.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Plays')).toBe('1,234'));
  });
});
