import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@newsreel/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setViewType } from '../../features/articles/hooks/use-view-type';
import { articleSummary, listOf, story } from '../../features/home/test/fixtures';
import { serverDown, shellApi } from '../../test/api-fixtures';
import { mockFetch, type FetchHandler } from '../../test/mock-fetch';
import { renderApp } from '../../test/render';

// Pages of 6 keep the DOM small; the page size itself is the API's (limit in each answer).
const feed = Array.from({ length: 6 }, (_, index) => articleSummary(index + 1));
const breaking = [articleSummary(101, { breaking: true, title: 'Storm reaches the coast tonight' })];

function homeApi(overrides: Record<string, FetchHandler> = {}) {
  return shellApi({
    'GET /v1/articles': ({ url }) =>
      url.searchParams.get('page') === '2'
        ? listOf([articleSummary(7), articleSummary(8)], { page: 2, limit: 6, total: 8 })
        : listOf(feed, { limit: 6, total: 8 }),
    'GET /v1/articles/breaking': () => listOf(breaking),
    'GET /v1/articles/trending': () => listOf([]),
    'GET /v1/articles/pulse': () => listOf([]),
    'GET /v1/stories': () => listOf([story(1)]),
    ...overrides,
  });
}

/** A returning reader who follows Global: no region detection runs. */
function followGlobal() {
  localStorage.setItem(STORAGE_KEYS.regions, '[0]');
}

function feedRequests(fetchMock: ReturnType<typeof mockFetch>): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/articles');
}

describe('home page', () => {
  // The page is a lazy route; transforming it once up front keeps each test's waits about the page.
  beforeAll(async () => {
    await import('./home-page');
  }, 60_000);
  // The choice is held in memory too; every test starts from the default.
  beforeEach(() => {
    act(() => setViewType('hero-player'));
  });

  it('plays the feed in the hero player by default, with one heading and the layout toggle', async () => {
    mockFetch(homeApi());
    followGlobal();
    renderApp();
    expect(await screen.findByRole('region', { name: 'Player: Report number 1 from the newsroom' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Welcome to Newsreel']);
    expect(screen.getByRole('heading', { level: 2, name: 'News from everywhere' })).toBeTruthy();
    const layout = screen.getByRole('group', { name: 'Article layout' });
    expect(within(layout).getByRole('button', { name: 'Hero player' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a Global reader for all the news, and others for their regions', async () => {
    const fetchMock = mockFetch(homeApi());
    followGlobal();
    renderApp();
    await screen.findByRole('region', { name: /^Player:/ });
    const requests = feedRequests(fetchMock);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((url) => !url.searchParams.has('regionIds'))).toBe(true);
  });

  it('names the followed regions and filters the feed on them', async () => {
    const fetchMock = mockFetch(homeApi());
    renderApp({ state: { userRegionIds: [11, 4] } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest news: Germany and Europe' })).toBeTruthy();
    expect(feedRequests(fetchMock)[0]?.searchParams.get('regionIds')).toBe('4,11');
  });

  it('switches to a grid of cards and remembers the choice', async () => {
    mockFetch(homeApi());
    renderApp();
    const layout = await screen.findByRole('group', { name: 'Article layout' });
    fireEvent.click(within(layout).getByRole('button', { name: 'Grid' }));
    expect(localStorage.getItem(STORAGE_KEYS.viewType)).toBe('"grid"');
    await waitFor(() => expect(document.querySelector('[data-feed-view="grid"]')).toBeTruthy());
    expect(screen.queryByRole('region', { name: /^Player:/ })).toBeNull();
    const grid = document.querySelector('[data-feed-view="grid"]') as HTMLElement;
    expect(await within(grid).findAllByRole('link', { name: /Report number/ })).toHaveLength(6);
  });

  it('loads the next page of the grid on request', async () => {
    mockFetch(homeApi());
    act(() => setViewType('grid'));
    renderApp();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    const grid = document.querySelector('[data-feed-view="grid"]') as HTMLElement;
    await waitFor(() => expect(within(grid).getAllByRole('link', { name: /Report number/ })).toHaveLength(8));
  });

  it('shows breaking news as a rail with a link to all of it, and leaves out empty rails', async () => {
    mockFetch(homeApi());
    renderApp();
    const rail = await screen.findByRole('region', { name: 'Breaking news' });
    expect(within(rail).getByRole('link', { name: /Storm reaches the coast tonight/ })).toBeTruthy();
    expect(within(rail).getByRole('link', { name: 'See all: Breaking news' }).getAttribute('href')).toBe('/breaking');
    expect(await screen.findByRole('region', { name: 'Stories' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Trending' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Watched right now' })).toBeNull();
  });

  it('moves between rail cards with the arrow keys, mirrored right-to-left', async () => {
    mockFetch(homeApi({ 'GET /v1/articles/breaking': () => listOf([breaking[0]!, articleSummary(102, { breaking: true })]) }));
    renderApp();
    const rail = await screen.findByRole('region', { name: 'Breaking news' });
    const [first, second] = within(rail).getAllByRole('link', { name: /Storm reaches|Report number/ });
    first!.focus();
    fireEvent.keyDown(first!, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'Home' });
    expect(document.activeElement).toBe(first);
  });

  it('says what to do when the followed regions have no news', async () => {
    mockFetch(homeApi({ 'GET /v1/articles': () => listOf([]) }));
    renderApp({ state: { userRegionIds: [21] } });
    expect((await screen.findByTestId('feed-empty')).textContent).toBe(
      'No news has arrived for your regions (Austria) yet. Choose more regions with the region button in the app bar.',
    );
  });

  it('offers a retry when the feed cannot be loaded', async () => {
    let fail = true;
    mockFetch(homeApi({ 'GET /v1/articles': (request) => (fail ? serverDown(request) : listOf(feed)) }));
    followGlobal();
    renderApp();
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('These articles could not be loaded. Check your connection and try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('region', { name: 'Player: Report number 1 from the newsroom' })).toBeTruthy();
  });

  it('is only the player and its list when embedded', async () => {
    mockFetch(homeApi());
    renderApp({ state: { embedded: true } });
    expect(await screen.findByRole('region', { name: 'Player: Report number 1 from the newsroom' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Newsreel news player' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Article layout' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Breaking news' })).toBeNull();
    expect(screen.getByRole('link', { name: /Open Newsreel/ })).toBeTruthy();
  });
});
