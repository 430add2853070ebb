import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { jsonResponse, mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { LIVE_REFRESH_MS } from '../api/get-event-counts';
import { ADMIN_TOKEN, adminApi, emptySummaryFixture, lastHourEventsFixture, moderatorUser, signedInAs, summaryFixture } from '../test/admin-api';

afterEach(() => setAccessToken(null));

/** The query strings of the requests sent to `path`, in order. */
function requestsTo(fetchMock: ReturnType<typeof mockFetch>, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}

/** The value shown beside the headline figure `name`. */
function figure(name: string): string {
  const figures = screen.getByRole('region', { name: 'Headline figures' });
  const term = within(figures).getByText(name, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

const unavailable = () => jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is not answering; try again in a few seconds.' }, 503);

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('the admin console’s statistics', () => {
  it('is where /admin opens, and shows the summary’s figures, formatted, with the admin token', async () => {
    const fetchMock = mockFetch(adminApi());
    const { router } = renderApp({ path: '/admin', state: signedInAs(moderatorUser) });
    await screen.findByRole('heading', { level: 1, name: 'Statistics' });
    expect(router.location().pathname).toBe('/admin/statistics');
    expect(screen.getByRole('link', { name: 'Statistics' }).getAttribute('aria-current')).toBe('page');

    await waitFor(() => expect(figure('Visitors')).toBe('1,234'));
    expect(figure('Plays')).toBe('3,456');
    expect(figure('Watch time')).toBe('2 hr 5 min');
    expect(figure('Completion rate')).toBe('45.7%');
    expect(figure('Likes')).toBe('321');
    expect(figure('Shares')).toBe('45');
    expect(figure('Ad impressions')).toBe('2,100');
    expect(figure('Ad clicks')).toBe('63');
    expect(figure('Poll votes')).toBe('77');

    // The last 30 days by default, today included, with the admin token.
    const [summaryQuery] = requestsTo(fetchMock, '/v1/admin/statistics/summary');
    expect(Object.fromEntries(summaryQuery ?? [])).toEqual({ from: daysAgo(29), to: today() });
    const summaryCall = fetchMock.mock.calls.find(([input]) => String(input).includes('/v1/admin/statistics/summary'));
    expect(new Headers(summaryCall?.[1]?.headers).get('Authorization')).toBe(`Bearer ${ADMIN_TOKEN}`);

    // The chart, and its figures as a table for whoever opens it.
    expect(screen.getByTestId('statistics-daily-chart')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the figures' }));
    const daily = within(screen.getByRole('region', { name: 'Visitors and plays per day' })).getByRole('table');
    expect(within(daily).getAllByRole('row')).toHaveLength(8);
    expect(within(daily).getByRole('row', { name: /Nov 26, 2026\s*210\s*520/ })).toBeTruthy();

    // The top articles (a deleted one says so), regions by name, devices with their share.
    const articles = within(screen.getByRole('region', { name: 'Top articles' })).getByRole('table');
    const first = within(articles).getByRole('link', { name: 'Harbour bridge reopens' });
    expect(first.getAttribute('href')).toBe('/v/00000000-0000-4000-8000-000000000301');
    expect(within(first.closest('tr') as HTMLElement).getByText('812')).toBeTruthy();
    expect(within(first.closest('tr') as HTMLElement).getByText('1 hr 2 min')).toBeTruthy();
    expect(within(articles).getByText('Deleted article')).toBeTruthy();
    const regions = screen.getByRole('region', { name: 'Top regions' });
    expect(within(regions).getByRole('row', { name: /United States\s*700\s*2,000/ })).toBeTruthy();
    const devices = screen.getByRole('region', { name: 'Device types' });
    expect(within(devices).getByRole('row', { name: /Phone\s*900\s*72\.9%/ })).toBeTruthy();
    expect(within(devices).getByRole('row', { name: /Unknown\s*34/ })).toBeTruthy();

    // The last hour's events, live, with the actions named in words.
    const events = screen.getByRole('region', { name: 'Events by action' });
    expect(await within(events).findByText('57 events in all')).toBeTruthy();
    expect(within(events).getByRole('row', { name: /Page view\s*40/ })).toBeTruthy();
    expect(within(events).getByRole('row', { name: /Ad clicked\s*5/ })).toBeTruthy();
    const [eventsQuery] = requestsTo(fetchMock, '/v1/admin/statistics/events');
    const from = Date.parse(eventsQuery?.get('from') ?? '');
    const to = Date.parse(eventsQuery?.get('to') ?? '');
    expect(to - from).toBe(3_600_000);
    // The range's own counts, from the summary, when asked for.
    fireEvent.click(within(events).getByRole('button', { name: 'Whole range' }));
    expect(within(events).getByText('9,876 events in all')).toBeTruthy();

    const invites = screen.getByRole('region', { name: 'Device invites' });
    expect(within(invites).getByText('Paired', { selector: 'dt' }).nextElementSibling?.textContent).toBe('8');

    const plays = screen.getByRole('region', { name: 'Article plays in the last days' });
    expect(within(plays).getByRole('link', { name: 'Morning markets' })).toBeTruthy();
    expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/statistics/article_plays_last_days')[0] ?? [])).toEqual({ days: '1', page: '1', limit: '10' });
  });

  it('switches the range, keeps it in the URL, and asks for those days', async () => {
    const fetchMock = mockFetch(adminApi());
    const { router } = renderApp({ path: '/admin/statistics', state: signedInAs(moderatorUser) });
    await waitFor(() => expect(figure('Visitors')).toBe('1,234'));

    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/statistics/summary').at(-1) ?? [])).toEqual({ from: daysAgo(6), to: today() }));
    expect(router.location().search).toBe('?days=7');

    // Two days picked: the API is asked only once they make a range.
    fireEvent.click(screen.getByRole('button', { name: 'Pick dates' }));
    const dates = screen.getByRole('form', { name: 'Dates to show' });
    fireEvent.change(within(dates).getByLabelText('From'), { target: { value: '2026-11-10' } });
    fireEvent.change(within(dates).getByLabelText('To'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(dates).getByRole('button', { name: 'Show' }));
    expect(within(dates).getByRole('alert').textContent).toBe('The last day comes before the first day.');
    fireEvent.change(within(dates).getByLabelText('To'), { target: { value: '2026-11-15' } });
    fireEvent.click(within(dates).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(Object.fromEntries(requestsTo(fetchMock, '/v1/admin/statistics/summary').at(-1) ?? [])).toEqual({ from: '2026-11-10', to: '2026-11-15' }));
    expect(Object.fromEntries(new URLSearchParams(router.location().search))).toEqual({ from: '2026-11-10', to: '2026-11-15' });
  });

  it('reads the last hour’s events again every few seconds, so new ones show as they arrive', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let pageViews = 40;
      const fetchMock = mockFetch(
        adminApi({ 'GET /v1/admin/statistics/events': () => ({ ...lastHourEventsFixture, total: pageViews, items: [{ action: 'Page View', count: pageViews }] }) }),
      );
      renderApp({ path: '/admin/statistics', state: signedInAs(moderatorUser) });
      const events = await screen.findByRole('region', { name: 'Events by action' });
      await within(events).findByRole('row', { name: /Page view\s*40/ });
      const asked = requestsTo(fetchMock, '/v1/admin/statistics/events').length;

      pageViews = 43;
      await act(() => vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS));
      await within(events).findByRole('row', { name: /Page view\s*43/ });
      expect(requestsTo(fetchMock, '/v1/admin/statistics/events').length).toBe(asked + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so when the range has no traffic yet', async () => {
    mockFetch(
      adminApi({
        'GET /v1/admin/statistics/summary': () => emptySummaryFixture(),
        'GET /v1/admin/statistics/events': () => ({ from: '2026-11-26T09:00:00.000Z', to: '2026-11-26T10:00:00.000Z', total: 0, items: [] }),
        'GET /v1/admin/statistics/article_plays_last_days': () => ({ days: 1, from: '2026-11-26', to: '2026-11-26', items: [], page: 1, limit: 10, total: 0 }),
      }),
    );
    renderApp({ path: '/admin/statistics', state: signedInAs(moderatorUser) });
    await waitFor(() => expect(figure('Visitors')).toBe('0'));
    expect(figure('Completion rate')).toBe('—');
    expect(figure('Watch time')).toBe('0 sec');
    expect(within(screen.getByRole('region', { name: 'Visitors and plays per day' })).getByText('No plays in this range yet.')).toBeTruthy();
    expect(screen.queryByTestId('statistics-daily-chart')).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Top articles' })).getByText('No plays in this range yet.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Top regions' })).getByText('No visitors in this range yet.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Top publishers' })).getByText('No plays in this range yet.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Device types' })).getByText('No visitors in this range yet.')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Events by action' })).findByText(/No events in the last hour yet/)).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Article plays in the last days' })).findByText('No plays in these days yet.')).toBeTruthy();
  });

  it('says when the statistics could not be read, and reads them again on Try again', async () => {
    let summaryDown = true;
    const fetchMock = mockFetch(
      adminApi({
        'GET /v1/admin/statistics/summary': () => (summaryDown ? unavailable() : summaryFixture()),
        'GET /v1/admin/statistics/events': unavailable,
      }),
    );
    renderApp({ path: '/admin/statistics', state: signedInAs(moderatorUser) });
    expect(await screen.findByText('The statistics could not be loaded. Check your connection and try again.')).toBeTruthy();
    // The panels keep their shape (no zeros stand in for figures that were never read).
    expect(figure('Visitors')).toBe('');
    const events = screen.getByRole('region', { name: 'Events by action' });
    expect(await within(events).findByText('The live counts could not be loaded.')).toBeTruthy();

    summaryDown = false;
    const asked = requestsTo(fetchMock, '/v1/admin/statistics/summary').length;
    const alert = screen.getByText('The statistics could not be loaded. Check your connection and try again.').closest('[role="alert"]') as HTMLElement;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(figure('Visitors')).toBe('1,234'));
    expect(requestsTo(fetchMock, '/v1/admin/statistics/summary').length).toBe(asked + 1);
    expect(screen.queryByText('The statistics could not be loaded. Check your connection and try again.')).toBeNull();
  });
  it('draws the regions on a map beside their table, lists the top publishers, and downloads every panel as CSV', async () => {
    mockFetch(adminApi());
    renderApp({ path: '/admin/statistics', state: signedInAs(moderatorUser) });
    await waitFor(() => expect(figure('Visitors')).toBe('1,234'));

    // The map (for the eyes), and the table with every region, Global (not on the map) said to be only there.
    const regions = screen.getByRole('region', { name: 'Top regions' });
    expect(await within(regions).findByRole('group', { name: 'Map of visitors by region (the table has the same figures)' })).toBeTruthy();
    expect(within(regions).getByText('Readers whose region is not known are counted under Global, in the table only.')).toBeTruthy();
    expect(within(regions).getAllByRole('row').map((row) => row.firstElementChild?.textContent)).toEqual(['Region', 'United States', 'Australia', 'Global']);

    const publishers = screen.getByRole('region', { name: 'Top publishers' });
    expect(within(publishers).getByRole('row', { name: /Harbour Daily\s*812\s*1 hr 2 min\s*604/ })).toBeTruthy();
    expect(within(publishers).getByRole('row', { name: /Deleted publisher\s*15/ })).toBeTruthy();

    const blobs: Blob[] = [];
    const names: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:statistics';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const download = async (panel: string) => {
      fireEvent.click(within(screen.getByRole('region', { name: panel })).getByRole('button', { name: `Download CSV: ${panel}` }));
      const blob = blobs.at(-1)!;
      return new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });
    };
    const lines = (text: string) => text.split('\r\n');

    expect(lines(await download('Top regions'))).toEqual([
      'Region,Code,Visitors,Plays,Watch time (seconds)',
      'United States,US,700,2000,4000',
      'Australia,AU,300,900,2000',
      'Global,GL,12,20,60',
      '',
    ]);
    expect(names.at(-1)).toBe('statistics-regions-2026-11-20-2026-11-26.csv');
    expect(lines(await download('Top publishers'))).toEqual([
      'Publisher,Publisher ID,Plays,Watch time (seconds),Visitors',
      'Harbour Daily,00000000-0000-4000-8000-000000000401,812,3725,604',
      'Deleted publisher,00000000-0000-4000-8000-000000000402,15,42,9',
      '',
    ]);
    expect(lines(await download('Visitors and plays per day'))[1]).toBe('2026-11-20,150,400,1000');
    expect(names.at(-1)).toBe('statistics-daily-2026-11-20-2026-11-26.csv');
    expect(lines(await download('Top articles'))).toEqual([
      'Article,Article ID,Publisher,Plays,Completions,Watch time (seconds),Visitors',
      'Harbour bridge reopens,00000000-0000-4000-8000-000000000301,Harbour Daily,812,400,3725,604',
      'Deleted article,00000000-0000-4000-8000-000000000302,,15,2,42,9',
      '',
    ]);
    expect(lines(await download('Device types'))[1]).toBe(`Phone,mobile,900,${900 / 1234}`);
    fireEvent.click(within(screen.getByRole('region', { name: 'Events by action' })).getByRole('button', { name: 'Whole range' }));
    expect(lines(await download('Events by action'))).toEqual(['Action,Code,Events', 'Page view,Page View,5000', 'Play,Play,3456', '']);
    expect(names.at(-1)).toBe('statistics-events-2026-11-20-2026-11-26.csv');
    await within(screen.getByRole('region', { name: 'Device invites' })).findByText('8');
    expect(lines(await download('Device invites'))[0]).toBe('Status,Code,Invites');
    await within(screen.getByRole('region', { name: 'Article plays in the last days' })).findByRole('link', { name: 'Morning markets' });
    expect(lines(await download('Article plays in the last days'))[1]).toMatch(/^Morning markets,/);
    expect(names).toHaveLength(8);
  });

});
