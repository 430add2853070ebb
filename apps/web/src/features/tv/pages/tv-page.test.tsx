import { apiPaths, DEVICE_SECRET_HEADER, MediaSource, MediaType, type ArticleSummary } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { floodArticle } from '../../../test/article-fixture';
import { shellApi } from '../../../test/api-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { tvCredentials } from '../lib/tv-credentials';
import { pairedTv, TV_ID } from '../test/tv-fixtures';

const ID = TV_ID;
const SECRET = 'secret-1';

const device = pairedTv;

function report(index: number, type: MediaType | null = MediaType.VIDEO): ArticleSummary {
  return {
    ...floodArticle,
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    title: `Report number ${index}`,
    mediafile: type && {
      type,
      source: MediaSource.MEDIA_STORE,
      url: `/media/demo/${index}/video.webm`,
      fileType: 'video/webm',
      fileSize: null,
      language: 'en',
      durationSeconds: 20,
    },
  };
}
const feed = [report(1), report(2, null), report(3), report(4)];

const problem = (status: number, code: string) => jsonResponse({ statusCode: status, error: 'Error', message: 'refused', code }, status);

function render(handlers: Record<string, FetchHandler>) {
  const fetchMock = mockFetch(shellApi(handlers));
  return { ...renderApp({ path: '/tv' }), fetchMock };
}

/** The article named over the player. */
const nowPlaying = () => screen.getByRole('heading', { level: 1 }).textContent;

beforeEach(() => {
  tvCredentials.remove();
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the TV app', () => {
  it('registers and shows its code, the address to type and a QR code of the pairing link', async () => {
    const { fetchMock } = render({
      [`POST ${apiPaths.devices}`]: () => jsonResponse({ id: ID, pairingCode: 'ABCD2345', expiresAt: new Date(Date.now() + 600_000).toISOString(), secret: SECRET, pollIntervalSeconds: 5 }, 201),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pair this screen' })).toBeTruthy();
    expect(screen.getByTestId('tv-pairing-code').textContent).toBe('ABCD-2345');
    expect(screen.getByText(`${window.location.host}/pair`)).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^The code changes in (10:00|9:5\d)$/);
    expect(screen.getByTitle('QR code to pair this screen')).toBeTruthy();
    expect(tvCredentials.get()).toEqual({ id: ID, secret: SECRET });
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith(apiPaths.devices)) ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: expect.any(String), type: expect.any(String) });
  });

  it('plays the owner’s feed once paired; the arrows move between articles, Back opens the menu', async () => {
    tvCredentials.set({ id: ID, secret: SECRET });
    const { fetchMock } = render({
      [`POST ${apiPaths.deviceLease(ID)}`]: () => ({ status: 'paired', device }),
      [`GET ${apiPaths.articlesForDevice(ID)}`]: () => ({ items: feed, page: 1, limit: 30, total: feed.length }),
      [`DELETE ${apiPaths.deviceLease(ID)}`]: () => new Response(null, { status: 204 }),
    });
    await waitFor(() => expect(nowPlaying()).toBe('Report number 1'));
    const feedCall = fetchMock.mock.calls.find(([url]) => String(url).includes(apiPaths.articlesForDevice(ID)));
    expect(new Headers(feedCall?.[1]?.headers).get(DEVICE_SECRET_HEADER)).toBe(SECRET);

    // Report 2 has nothing to play: the TV skips it.
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(nowPlaying()).toBe('Report number 3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(nowPlaying()).toBe('Report number 1');

    // Down opens the rail on the article playing; OK on another plays it.
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    const rail = await screen.findByRole('navigation', { name: 'Articles' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Report number 1'));
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    fireEvent.keyDown(window, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Report number 4'));
    fireEvent.click(within(rail).getByRole('button', { name: 'Report number 4' }));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Articles' })).toBeNull());
    expect(nowPlaying()).toBe('Report number 4');

    // Back (here LG webOS's key code) opens the menu; Back again closes it.
    fireEvent.keyDown(window, { key: 'Unidentified', keyCode: 461 });
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.keyDown(window, { key: 'Backspace' });
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Stop playing here' }));
    expect(await screen.findByRole('heading', { name: 'Stopped' })).toBeTruthy();
    expect(menu.isConnected).toBe(false);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith(apiPaths.deviceLease(ID)) && init?.method === 'DELETE' && init.keepalive)).toBe(true));
  });

  it('says another screen is playing (409), and tries again on OK', async () => {
    tvCredentials.set({ id: ID, secret: SECRET });
    const answers: FetchHandler[] = [() => problem(409, 'STREAM_IN_USE'), () => ({ status: 'paired', device })];
    render({
      [`POST ${apiPaths.deviceLease(ID)}`]: (request) => answers.shift()?.(request),
      [`GET ${apiPaths.articlesForDevice(ID)}`]: () => ({ items: feed, page: 1, limit: 30, total: feed.length }),
    });
    expect(await screen.findByRole('heading', { name: 'Playing on another screen' })).toBeTruthy();
    const retry = screen.getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(document.activeElement).toBe(retry));
    fireEvent.click(retry);
    await waitFor(() => expect(nowPlaying()).toBe('Report number 1'));
  });

  it('says a subscription is needed (402), naming where to subscribe', async () => {
    tvCredentials.set({ id: ID, secret: SECRET });
    render({ [`POST ${apiPaths.deviceLease(ID)}`]: () => problem(402, 'SUBSCRIPTION_REQUIRED') });
    expect(await screen.findByRole('heading', { name: 'A subscription is needed' })).toBeTruthy();
    expect(screen.getByText(`To play your feed on this screen, subscribe on your phone at ${window.location.host}/account/subscription. This screen starts by itself once you have.`)).toBeTruthy();
  });

  it('registers again with a new code when it was unpaired (404)', async () => {
    tvCredentials.set({ id: 'gone', secret: 'old' });
    render({
      [`POST ${apiPaths.deviceLease('gone')}`]: () => problem(404, ''),
      [`POST ${apiPaths.devices}`]: () => jsonResponse({ id: ID, pairingCode: 'WXYZ6789', expiresAt: new Date(Date.now() + 600_000).toISOString(), secret: SECRET, pollIntervalSeconds: 5 }, 201),
    });
    await waitFor(() => expect(screen.getByTestId('tv-pairing-code').textContent).toBe('WXYZ-6789'));
    expect(tvCredentials.get()).toEqual({ id: ID, secret: SECRET });
  });
});
