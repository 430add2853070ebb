import { MediaSource, MediaType, type ArticleSummary } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { floodArticle } from '../../../test/article-fixture';
import { mockFetch } from '../../../test/mock-fetch';
import { renderWithProviders } from '../../../test/render';
import { ArticlePlayer } from './article-player';

/** A stand-in for hls.js: records what the player asks of it. */
const hls = vi.hoisted(() => {
  const instances: FakeHls[] = [];
  class FakeHls {
    static Events = { ERROR: 'hlsError' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    static isSupported = () => true;
    source = '';
    media: HTMLMediaElement | null = null;
    destroyed = false;
    recovered = 0;
    private handlers: ((event: string, data: { fatal: boolean; type: string }) => void)[] = [];
    constructor(readonly config: Record<string, unknown>) {
      instances.push(this);
    }
    on(_event: string, handler: (event: string, data: { fatal: boolean; type: string }) => void) {
      this.handlers.push(handler);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.media = media;
    }
    recoverMediaError() {
      this.recovered += 1;
    }
    destroy() {
      this.destroyed = true;
    }
    fail(type: string) {
      for (const handler of this.handlers) handler('hlsError', { fatal: true, type });
    }
  }
  return { FakeHls, instances };
});
vi.mock('hls.js', () => ({ default: hls.FakeHls }));

const stream: ArticleSummary = {
  ...floodArticle,
  mediafile: {
    type: MediaType.VIDEO,
    source: MediaSource.DIRECT,
    url: 'https://streams.example/flood/master.m3u8',
    fileType: 'application/vnd.apple.mpegurl',
    fileSize: null,
    language: 'en',
    durationSeconds: 90,
  },
  durationSeconds: 90,
};

describe('ArticlePlayer with an HLS stream', () => {
  beforeEach(() => {
    hls.instances.length = 0;
    mockFetch({});
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  });

  it('plays it through hls.js where the browser has no native HLS, and lets it go afterwards', async () => {
    const { unmount } = renderWithProviders(<ArticlePlayer article={stream} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    const [player] = hls.instances;
    const video = document.querySelector('video');
    expect(player?.source).toBe('https://streams.example/flood/master.m3u8');
    expect(player?.media).toBe(video);
    expect(video?.getAttribute('src')).toBeNull();
    unmount();
    expect(player?.destroyed).toBe(true);
  });

  it('recovers once from a media error, then says it could not play, with a retry', async () => {
    renderWithProviders(<ArticlePlayer article={stream} />);
    await waitFor(() => expect(hls.instances).toHaveLength(1));
    hls.instances[0]!.fail('mediaError');
    expect(hls.instances[0]!.recovered).toBe(1);
    hls.instances[0]!.fail('mediaError');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This report could not be played.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // A retry makes a new element and a new stream player.
    await waitFor(() => expect(hls.instances).toHaveLength(2));
    expect(hls.instances[0]!.destroyed).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('leaves plain files to the browser', async () => {
    const file: ArticleSummary = { ...stream, mediafile: { ...stream.mediafile!, url: '/media/demo/flood/video.webm', fileType: 'video/webm' } };
    renderWithProviders(<ArticlePlayer article={file} />);
    expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/demo/flood/video.webm');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hls.instances).toHaveLength(0);
  });
});

describe('ArticlePlayer when the media is ahead of React', () => {
  it('starts at the asked second and plays even if the metadata was read before the player was committed', async () => {
    mockFetch({});
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    // As when a sliced first render lets the file's metadata arrive before the commit: no
    // `loadedmetadata` is ever dispatched to the committed element.
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(1);
    vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(90);
    const file: ArticleSummary = { ...stream, mediafile: { ...stream.mediafile!, url: '/media/demo/flood/video.webm', fileType: 'video/webm' } };
    renderWithProviders(<ArticlePlayer article={file} startAt={30} autoPlay />);
    await waitFor(() => expect(play).toHaveBeenCalled());
    expect(document.querySelector('video')!.currentTime).toBe(30);
    expect(within(screen.getByRole('region')).getByRole('slider', { name: 'Seek' }).getAttribute('max')).toBe('90');
  });

  it('says it could not play if the file failed before the player was committed', async () => {
    mockFetch({});
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
    // The `error` event went to the element before React listened; only its state is left
    // (jsdom has no `error` property on media elements, so it is given one here).
    const formatError = { code: 4, message: 'MEDIA_ELEMENT_ERROR: Format error' };
    Object.defineProperty(HTMLMediaElement.prototype, 'error', { configurable: true, get: () => formatError });
    try {
      const file: ArticleSummary = { ...stream, mediafile: { ...stream.mediafile!, url: '/media/demo/flood/missing.webm', fileType: 'video/webm' } };
      renderWithProviders(<ArticlePlayer article={file} />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('This report could not be played.');
    } finally {
      Reflect.deleteProperty(HTMLMediaElement.prototype, 'error');
    }
  });
});

/** A plain video file whose metadata the browser has read, as jsdom cannot. */
function renderReadyVideo(article: ArticleSummary = { ...stream, mediafile: { ...stream.mediafile!, url: '/media/demo/flood/video.webm', fileType: 'video/webm' } }) {
  mockFetch({});
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(1);
  vi.spyOn(HTMLMediaElement.prototype, 'duration', 'get').mockReturnValue(90);
  renderWithProviders(<ArticlePlayer article={article} startAt={30} />);
  return { play, player: screen.getByRole('region'), video: document.querySelector('video')! };
}

describe('ArticlePlayer controls', () => {
  it('offers labelled controls that say their state, and answers its keys', async () => {
    const { play, player, video } = renderReadyVideo();
    await waitFor(() => expect(video.currentTime).toBe(30));
    expect(player.getAttribute('aria-label')).toBe(`Player: ${stream.title}`);
    expect(player.tabIndex).toBe(0);
    const controls = within(player);
    expect(controls.getByRole('slider', { name: 'Seek' }).getAttribute('aria-valuetext')).toBe('0:30 of 1:30');
    expect(controls.getByRole('slider', { name: 'Volume' })).toBeTruthy();
    expect(controls.getByRole('button', { name: 'Mute' })).toBeTruthy();

    const captions = controls.getByRole('button', { name: 'Captions' });
    expect(captions.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(captions);
    expect(captions.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(controls.getByRole('button', { name: 'Playback speed: 1×' }));
    expect(controls.getByRole('button', { name: 'Playback speed: 1.25×' })).toBeTruthy();
    expect(video.playbackRate).toBe(1.25);

    // The first button of the bar is Play (the e2e tests find it there).
    const playButton = player.querySelector('[data-player-controls] button');
    expect(playButton?.getAttribute('aria-label')).toBe('Play');
    fireEvent.click(playButton!);
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.play(video);
    expect(controls.getByRole('button', { name: 'Pause' })).toBeTruthy();

    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(35);
    fireEvent.keyDown(player, { key: 'm', code: 'KeyM' });
    expect(video.muted).toBe(true);
  });

  it('in Arabic moves forward with the left arrow, along the mirrored seek bar', async () => {
    await i18n.changeLanguage('ar');
    const { player, video } = renderReadyVideo();
    await waitFor(() => expect(video.currentTime).toBe(30));
    fireEvent.keyDown(player, { key: 'ArrowLeft' });
    expect(video.currentTime).toBe(35);
    fireEvent.keyDown(player, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(30);
  });

  it('shows a spinner while a playing report waits for data', () => {
    const { player, video } = renderReadyVideo();
    fireEvent.play(video);
    expect(within(player).queryByRole('progressbar')).toBeNull();
    fireEvent.waiting(video);
    expect(within(player).getByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
    fireEvent.playing(video);
    expect(within(player).queryByRole('progressbar')).toBeNull();
  });

  it('draws audio over its poster with a waveform, and offers no full screen', () => {
    const audio: ArticleSummary = {
      ...stream,
      poster: '/media/demo/flood/poster.jpg',
      mediafile: { ...stream.mediafile!, type: MediaType.AUDIO, url: '/media/demo/flood/audio.webm', fileType: 'audio/webm' },
    };
    const { player } = renderReadyVideo(audio);
    expect(within(player).getByText('Audio report')).toBeTruthy();
    expect(player.querySelectorAll('[data-playing] > span')).toHaveLength(56);
    expect(within(player).queryByRole('button', { name: 'Full screen' })).toBeNull();
  });

  it('shows the transcript inside the player when there is nothing to play', () => {
    mockFetch({});
    const transcriptOnly = {
      ...floodArticle,
      transcript: { articleId: floodArticle.id, language: 'en', languages: ['en'], cues: [{ start: 0, end: 4, text: 'The river is rising.' }] },
    };
    renderWithProviders(<ArticlePlayer article={transcriptOnly} variant="hero" />);
    const player = screen.getByRole('region');
    expect(player.hasAttribute('tabindex')).toBe(false);
    expect(within(player).getByText('Transcript only')).toBeTruthy();
    expect(within(player).getByText('The river is rising.')).toBeTruthy();
    expect(within(player).queryByRole('slider')).toBeNull();
  });
});
