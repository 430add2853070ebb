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
