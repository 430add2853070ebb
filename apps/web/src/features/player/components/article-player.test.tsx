import { MediaSource, MediaType, type ArticleSummary } from '@newsreel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
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
});
