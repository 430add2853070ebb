import { MediaSource, MediaType, type MediaFile } from '@newsreel/contracts';
import { describe, expect, it } from 'vitest';
import { floodArticle } from '../../../test/article-fixture';
import { captionsUrl, isHlsUrl, mediaKindOf, transcriptLanguageOf } from './media-source';

const file = (type: MediaFile['type'], url = '/media/demo/a/file'): MediaFile => ({
  type,
  source: MediaSource.MEDIA_STORE,
  url,
  fileType: '',
  fileSize: null,
  language: 'en',
  durationSeconds: 20,
});

describe('media source', () => {
  it('plays video, audio, or nothing for transcript-only articles', () => {
    expect(mediaKindOf({ ...floodArticle, mediafile: file(MediaType.VIDEO) })).toBe('video');
    expect(mediaKindOf({ ...floodArticle, mediafile: file(MediaType.DUBBED_VIDEO) })).toBe('video');
    expect(mediaKindOf({ ...floodArticle, mediafile: file(MediaType.AUDIO) })).toBe('audio');
    expect(mediaKindOf({ ...floodArticle, mediafile: file(MediaType.TRANSCRIPT) })).toBe('none');
    expect(mediaKindOf({ ...floodArticle, mediafile: null })).toBe('none');
  });

  it('recognises HLS playlists only', () => {
    expect(isHlsUrl('https://cdn.example/live/master.m3u8')).toBe(true);
    expect(isHlsUrl('/stream/index.M3U8?token=1')).toBe(true);
    expect(isHlsUrl('/media/demo/a/video.webm')).toBe(false);
    expect(isHlsUrl('/media/m3u8-notes/audio.mp3')).toBe(false);
  });

  it('asks the server for WebVTT captions, in the transcript language when there is one', () => {
    expect(captionsUrl('', 'abc')).toBe('/v1/articles/abc/transcript?format=vtt');
    expect(captionsUrl('https://data.example', 'abc', 'fr')).toBe('https://data.example/v1/articles/abc/transcript?format=vtt&language=fr');
  });

  it('reads the transcript language of a full article', () => {
    expect(transcriptLanguageOf(floodArticle)).toBeUndefined();
    expect(transcriptLanguageOf({ ...floodArticle, transcript: { articleId: floodArticle.id, language: 'de', languages: ['de', 'en'], cues: [] } })).toBe('de');
  });
});
