import type { ArticleSummary, DetectedLocation } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatCount, formatDistance } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { browserStorage } from '../../../lib/storage';
import { shellApi } from '../../../test/api-fixtures';
import { floodArticle } from '../../../test/article-fixture';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

const near = (index: number, distanceMeters: number, slug = `place-${index}`): ArticleSummary => ({
  ...floodArticle,
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  title: `Nearby story number ${index}`,
  location: { name: `Place ${index}`, slug, lat: 51.5 + index / 100, lon: -0.12 },
  distanceMeters,
});

const unknownPlace: DetectedLocation = { ipAddress: '127.0.0.1', label: '', countryCode: null, countryName: null, city: null, lat: null, lon: null, regionId: 0 };

/** The radar answers the articles within the asked radius from this set (or says there are `total`). */
function radarApi(articles: ArticleSummary[], location: DetectedLocation = unknownPlace, total?: number) {
  return mockFetch(
    shellApi({
      'GET /v1/locations/detect': () => location,
      'GET /v1/articles/radar': ({ url }) => {
        const radius = Number(url.searchParams.get('radius'));
        const items = articles.filter((article) => (article.distanceMeters ?? 0) <= radius);
        return { items, page: 1, limit: 30, total: total ?? items.length };
      },
    }),
  );
}

const radarRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/v1/articles/radar');

describe('RadarPage', () => {
  it('lists the articles within the radius of the link’s point, nearest first, with their distance', async () => {
    browserStorage.regions.set([0]);
    const fetchMock = radarApi([near(1, 1_200), near(2, 8_000), near(3, 40_000)]);
    renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });

    await screen.findByRole('heading', { level: 1, name: 'Local news' });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Nearby story number 1');
    expect(items[0]!.textContent).toContain('1.2 km');
    expect(items[1]!.textContent).toContain('8 km');
    expect(screen.getByTestId('radar-centre').textContent).toBe('News within 10 km of the point in this link.');
    expect(radarRequests(fetchMock).at(-1)?.search).toBe('?lat=51.5074&lon=-0.1278&radius=10000&page=1&limit=30');
    // Each article has a numbered marker a keyboard can reach, named like the list.
    await waitFor(() => expect(document.querySelectorAll('.radar-marker')).toHaveLength(2));
    const marker = document.querySelector('.radar-marker')!;
    expect(marker.getAttribute('tabindex')).toBe('0');
    expect(marker.getAttribute('title')).toBe('1. Nearby story number 1');
  });

  it('shows the total, and says "at least" when the server counted only as far as its lookahead', async () => {
    browserStorage.regions.set([0]);
    radarApi([near(1, 1_200)], unknownPlace, 330);
    renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });
    await waitFor(() => expect(screen.getByTestId('radar-total').textContent).toBe('At least 330'));
  });

  it('shows an exact total as a number', async () => {
    browserStorage.regions.set([0]);
    radarApi([near(1, 1_200)], unknownPlace, 329);
    renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });
    await waitFor(() => expect(screen.getByTestId('radar-total').textContent).toBe('329'));
  });

  it('changes the list when another radius is chosen, and keeps it in the address', async () => {
    browserStorage.regions.set([0]);
    const fetchMock = radarApi([near(1, 1_200), near(2, 8_000), near(3, 40_000)]);
    const { router } = renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Radius: 10 km' }));
    const options = within(await screen.findByRole('menu', { name: 'Radius' })).getAllByRole('menuitemradio');
    expect(options[0]!.getAttribute('aria-checked')).toBe('true');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 km', '20 km', '30 km', '40 km', '50 km', '60 km', '70 km', '80 km', '90 km', '100 km', '200 km', '500 km', '1,000 km',
    ]);
    fireEvent.click(options[4]!);

    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(3));
    expect(screen.getByRole('button', { name: 'Radius: 50 km' })).toBeTruthy();
    expect(router.location().search).toBe('?lat=51.5074&lon=-0.1278&radius=50000');
    expect(radarRequests(fetchMock).at(-1)?.searchParams.get('radius')).toBe('50000');
  });

  it('says when nothing is near and offers the next radius', async () => {
    browserStorage.regions.set([0]);
    radarApi([near(1, 15_000)]);
    renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });
    const empty = await screen.findByTestId('radar-empty');
    expect(empty.textContent).toContain('No news within 10 km of this point yet.');
    fireEvent.click(within(empty).getByRole('button', { name: 'Search within 20 km' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  });

  it('centres on the connection’s place with the local radius when the address has no point', async () => {
    browserStorage.regions.set([0]);
    const berlin = { ...unknownPlace, label: 'Berlin, Germany', lat: 52.52, lon: 13.405, regionId: 11 };
    const fetchMock = radarApi([near(1, 3_000)], berlin);
    renderApp({ path: '/local' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByTestId('radar-centre').textContent).toBe('News within 50 km of Berlin, Germany, where your connection appears to be.');
    expect(radarRequests(fetchMock).at(-1)?.search).toBe('?lat=52.52&lon=13.405&radius=50000&page=1&limit=30');
    expect(browserStorage.location.get()).toEqual(berlin);
  });

  it('falls back to the default map point, 500 km, when nothing is known', async () => {
    browserStorage.regions.set([0]);
    const fetchMock = radarApi([near(1, 300_000)]);
    renderApp({ path: '/local' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByTestId('radar-centre').textContent).toBe(
      "We don't know where you are yet, so this is news within 500 km of Greenwich, London.",
    );
    expect(radarRequests(fetchMock).at(-1)?.search).toBe('?lat=51.4779&lon=-0.0015&radius=500000&page=1&limit=30');
  });

  it('asks for the device position only when the reader presses “Use my location”', async () => {
    browserStorage.regions.set([0]);
    const getCurrentPosition = vi.fn((success: PositionCallback) =>
      success({ coords: { latitude: 48.856_61, longitude: 2.352_22 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const fetchMock = radarApi([near(1, 2_000)]);
    const { router } = renderApp({ path: '/local?lat=51.5074&lon=-0.1278' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(getCurrentPosition).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await waitFor(() => expect(screen.getByTestId('radar-centre').textContent).toBe('News within 50 km of your location.'));
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    // The centre's words change as the position arrives; its list is asked for right after.
    await waitFor(() => expect(radarRequests(fetchMock).at(-1)?.search).toBe('?lat=48.857&lon=2.352&radius=50000&page=1&limit=30'));
    expect(router.location().search).toBe('');
  });

  it('is written in the reader’s language, right to left', async () => {
    await i18n.changeLanguage('ar');
    browserStorage.regions.set([0]);
    radarApi([near(1, 1_200)]);
    renderApp({ path: '/local?lat=51.5074&lon=-0.1278&radius=10000' });
    await screen.findByRole('heading', { level: 1, name: 'أخبار محلية' });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('button', { name: `اعرض الرقم ${formatCount(1, 'ar')} على الخريطة: Nearby story number 1` })).toBeTruthy();
    expect(screen.getByTestId('radar-centre').textContent).toBe(`أخبار ضمن ${formatDistance(10_000, 'ar')} من النقطة الواردة في هذا الرابط.`);
    expect(document.documentElement.dir).toBe('rtl');
  });
});
