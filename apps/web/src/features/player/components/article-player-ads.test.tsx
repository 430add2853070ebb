import { defaultAppConfig, MediaSource, MediaType, STORAGE_KEYS, type Ad, type ArticleSummary } from '@newsreel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedAnalyticsEvents, resetAnalytics } from '../../../lib/analytics';
import { floodArticle } from '../../../test/article-fixture';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { visitAds } from '../lib/ad-rules';
import { ArticlePlayer } from './article-player';

const video: ArticleSummary = {
  ...floodArticle,
  mediafile: { type: MediaType.VIDEO, source: MediaSource.DIRECT, url: 'https://media.example/flood.mp4', fileType: 'video/mp4', fileSize: null, language: 'en', durationSeconds: 90 },
  durationSeconds: 90,
};
const AD: Ad = { adId: 'ad-1', adtitle: 'Harbour Ferries', mediafile: { file: 'https://ads.example/ferries.webm' }, clickUrl: 'https://ferries.example/' };
const withAds = { config: defaultAppConfig('web') };

/** Sets what a media element reports (jsdom plays nothing). */
function at(element: HTMLMediaElement, currentTime: number, duration: number) {
  Object.defineProperty(element, 'currentTime', { value: currentTime, configurable: true });
  Object.defineProperty(element, 'duration', { value: duration, configurable: true });
  fireEvent.timeUpdate(element);
}

describe('ArticlePlayer and its ad rules', () => {
  let played: HTMLMediaElement[];
  let fetchMock: ReturnType<typeof mockFetch>;
  beforeEach(() => {
    visitAds.reset();
    resetAnalytics();
    played = [];
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(this);
      return Promise.resolve();
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    fetchMock = mockFetch({ 'GET /v1/ads/next': () => AD });
  });

  const adRequests = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/v1/ads/next'));

  it('plays the ad first, labelled, skippable after 5 s, then the article, with its events and the last ad stored', async () => {
    renderWithProviders(<ArticlePlayer article={video} autoPlay />, { state: withAds });
    const ad = await screen.findByRole('region', { name: 'Advertisement' });
    expect(ad.textContent).toContain('Ad');
    const [articleVideo, adVideo] = [...document.querySelectorAll('video')] as HTMLVideoElement[];
    expect(adVideo?.getAttribute('src')).toBe(AD.mediafile.file);
    expect(new URL(String(adRequests()[0]?.[0]), 'http://localhost').searchParams.get('articleId')).toBe(video.id);
    await waitFor(() => expect(played).toContain(adVideo));

    fireEvent.playing(adVideo!);
    at(adVideo!, 2, 15);
    screen.getByText('Ad ends in 13 s');
    screen.getByText('Skip in 3 s');
    expect(screen.queryByRole('button', { name: 'Skip ad' })).toBeNull();
    expect(screen.getByRole('link', { name: /Learn more/ }).getAttribute('href')).toBe(AD.clickUrl);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.lastAd) ?? 'null') as { adId: string; playedAt: string };
    expect(stored.adId).toBe(AD.adId);
    // The article waits for the ad.
    fireEvent.loadedMetadata(articleVideo!);
    expect(played).not.toContain(articleVideo);

    at(adVideo!, 5, 15);
    fireEvent.click(screen.getByRole('button', { name: 'Skip ad' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull());
    expect(played).toContain(articleVideo);
    const events = queuedAnalyticsEvents().filter((event) => event.action.startsWith('Ad '));
    expect(events.map((event) => event.action)).toEqual(['Ad Impression', 'Ad Skip']);
    expect(events[0]).toMatchObject({ adId: AD.adId, adTitle: AD.adtitle, adMediaFile: AD.mediafile.file, articleId: video.id });
  });

  it('plays no ad in the home page’s hero preview, which does not count towards them either', async () => {
    const { unmount } = renderWithProviders(<ArticlePlayer article={video} autoPlay variant="hero" />, { state: withAds });
    await screen.findByRole('region', { name: /Player/ });
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
    expect(adRequests()).toHaveLength(0);
    unmount();
    // The first article the reader opens afterwards is still the visit's first: it has the ad.
    renderWithProviders(<ArticlePlayer article={{ ...video, id: 'opened-article' }} autoPlay />, { state: withAds });
    await screen.findByRole('region', { name: 'Advertisement' });
  });

  it('holds the next ad off for timeBetweenAds, even in a new visit', async () => {
    localStorage.setItem(STORAGE_KEYS.lastAd, JSON.stringify({ adId: 'ad-0', playedAt: new Date(Date.now() - 599_000).toISOString() }));
    renderWithProviders(<ArticlePlayer article={video} autoPlay />, { state: withAds });
    await screen.findByRole('region', { name: /Player/ });
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
    expect(adRequests()).toHaveLength(0);
  });

  it('plays no ad when the config has ads off, and the article when the server has none', async () => {
    const off = defaultAppConfig('web');
    off.advertising.enabled = false;
    const { unmount } = renderWithProviders(<ArticlePlayer article={video} autoPlay />, { state: { config: off } });
    await screen.findByRole('region', { name: /Player/ });
    expect(adRequests()).toHaveLength(0);
    unmount();

    visitAds.reset();
    fetchMock = mockFetch({ 'GET /v1/ads/next': () => new Response(null, { status: 204 }) });
    renderWithProviders(<ArticlePlayer article={video} autoPlay />, { state: withAds });
    await waitFor(() => expect(adRequests()).toHaveLength(1));
    const articleVideo = document.querySelector('video')!;
    await waitFor(() => expect(played).toContain(articleVideo));
    expect(screen.queryByRole('region', { name: 'Advertisement' })).toBeNull();
  });

  it('with deferAds waits for the reader’s play', async () => {
    const deferred = defaultAppConfig('web');
    deferred.advertising.rules.deferAds = true;
    renderWithProviders(<ArticlePlayer article={video} autoPlay />, { state: { config: deferred } });
    await screen.findByRole('region', { name: /Player/ });
    expect(adRequests()).toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: 'Play' })[0]!);
    await screen.findByRole('region', { name: 'Advertisement' });
    expect(adRequests()).toHaveLength(1);
  });
});
