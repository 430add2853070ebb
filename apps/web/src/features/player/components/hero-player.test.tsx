import { MediaSource, MediaType, type ArticleSummary } from '@newsreel/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { floodArticle } from '../../../test/article-fixture';
import { fakeIntersectionObserver } from '../../../test/fake-intersection-observer';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { HeroPlayer, UP_NEXT_SECONDS } from './hero-player';

function report(index: number, type: MediaType = MediaType.VIDEO): ArticleSummary {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    ...floodArticle,
    id,
    title: `Report number ${index} from the coast`,
    breaking: index === 1,
    poster: `/media/demo/${index}/poster.jpg`,
    mediafile: {
      type,
      source: MediaSource.MEDIA_STORE,
      url: `/media/demo/${index}/${type === MediaType.VIDEO ? 'video.webm' : 'audio.mp3'}`,
      fileType: type === MediaType.VIDEO ? 'video/webm' : 'audio/mpeg',
      fileSize: null,
      language: 'en',
      durationSeconds: 20,
    },
    durationSeconds: 20,
  };
}

const reports = [report(1), report(2, MediaType.AUDIO), report(3), report(4), report(5)];
const video = () => document.querySelector('video') as HTMLVideoElement;

function renderHero(props: Partial<Parameters<typeof HeroPlayer>[0]> = {}) {
  const onLoadMore = vi.fn();
  const result = renderWithProviders(
    <MemoryRouter>
      <HeroPlayer articles={reports} hasMore={false} onLoadMore={onLoadMore} heading="Latest" {...props} />
    </MemoryRouter>,
  );
  return { ...result, onLoadMore };
}

/** The title under the player (the cards in the list have their own headings). */
const nowPlaying = () => screen.getAllByRole('heading', { level: 3, name: /^Report number/ }).find((heading) => !heading.closest('ol'))!;

function mockMedia() {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  mockFetch({ 'POST /v1/articles/view': () => ({ ok: true }) });
}

describe('HeroPlayer', () => {
  beforeAll(async () => {
    // The "Up next" card's code loads when a report first ends; once it has, the card shows at
    // once, as the countdown tests below expect.
    mockMedia();
    renderHero();
    fireEvent.ended(video());
    await screen.findByText(/^Next report in/);
    cleanup();
    vi.restoreAllMocks();
  });

  beforeEach(mockMedia);

  it('plays the first report, with the list beside it and a link to its page', () => {
    const { store } = renderHero();
    expect(screen.getByRole('heading', { level: 2, name: 'Latest' })).toBeTruthy();
    expect(nowPlaying().textContent).toBe('Report number 1 from the coast');
    expect(video().getAttribute('src')).toBe('/media/demo/1/video.webm');
    expect(screen.getByRole('link', { name: 'Open the article' }).getAttribute('href')).toBe(`/v/${reports[0]!.id}`);
    const items = within(screen.getByRole('list')).getAllByRole('button');
    expect(items).toHaveLength(reports.length);
    expect(items[0]!.getAttribute('aria-current')).toBe('true');
    expect(store.getState().currentArticle?.id).toBe(reports[0]!.id);
  });

  it('jumps to a report chosen from the list', () => {
    const { store } = renderHero();
    fireEvent.click(screen.getByRole('button', { name: /Report number 2 from the coast/ }));
    expect(nowPlaying().textContent).toBe('Report number 2 from the coast');
    // Audio plays through the same element, drawn as its poster with a waveform.
    expect(video().getAttribute('src')).toBe('/media/demo/2/audio.mp3');
    expect(screen.getByText('Audio report')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Report number 2 from the coast/ }).getAttribute('aria-current')).toBe('true');
    expect(store.getState().currentArticle?.id).toBe(reports[1]!.id);
  });

  it('moves on to the next report by itself after the "Up next" countdown', () => {
    vi.useFakeTimers();
    renderHero();
    fireEvent.ended(video());
    const upNext = screen.getByText('Next report in 0:05');
    expect(upNext).toBeTruthy();
    for (let second = 0; second < UP_NEXT_SECONDS; second += 1) {
      act(() => vi.advanceTimersByTime(1000));
    }
    expect(nowPlaying().textContent).toBe('Report number 2 from the coast');
    expect(screen.queryByText(/^Next report in/)).toBeNull();
  });

  it('lets the reader play the next report now, or stay', () => {
    renderHero();
    fireEvent.ended(video());
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Play now' })).toBeNull();
    expect(nowPlaying().textContent).toBe('Report number 1 from the coast');

    fireEvent.ended(video());
    fireEvent.click(screen.getByRole('button', { name: 'Play now' }));
    expect(nowPlaying().textContent).toBe('Report number 2 from the coast');
  });

  it('asks for more reports as the channel nears the end of the list', () => {
    const { onLoadMore } = renderHero({ hasMore: true });
    expect(onLoadMore).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /Report number 3 from the coast/ }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('records a report as watched once it has played a moment', async () => {
    const fetchMock = mockFetch({ 'POST /v1/articles/view': () => ({ ok: true }) });
    const { store } = renderHero();
    // The shell gives every session a visitor; here the store holds none, so set one.
    act(() => store.dispatch({ type: 'visitor/set', visitor: { id: 'visitor-123456', regionId: 0, ipAddress: '', updatedAt: new Date().toISOString(), screenWidth: 1280, screenHeight: 800 } }));
    video().currentTime = 2;
    fireEvent.timeUpdate(video());
    fireEvent.timeUpdate(video());
    expect(store.getState().viewedArticles).toEqual([reports[0]!.id]);
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/v1/articles/view'))).toHaveLength(1));
    const views = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/v1/articles/view'));
    expect(views).toHaveLength(1);
    expect(JSON.parse(String(views[0]?.[1]?.body))).toMatchObject({ articleIds: [reports[0]!.id], action: 'add', visitorId: 'visitor-123456' });
  });

  it('holds its shape while the first reports load', () => {
    renderHero({ articles: [] });
    expect(screen.getByRole('heading', { level: 2, name: 'Latest' })).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(video()).toBeNull();
  });

  it('draws the first cards of a long list with the player, and more as the reader scrolls towards its end', () => {
    const observer = fakeIntersectionObserver();
    try {
      const page = Array.from({ length: 30 }, (_, index) => report(index + 1));
      const { onLoadMore } = renderHero({ articles: page, hasMore: true });
      const drawnCards = () => within(screen.getByRole('list')).getAllByRole('listitem').length;
      expect(drawnCards()).toBe(6);
      observer.enter();
      expect(drawnCards()).toBe(18);
      observer.enter();
      expect(drawnCards()).toBe(30);
      expect(onLoadMore).not.toHaveBeenCalled();
      observer.enter();
      expect(onLoadMore).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
