import { describe, expect, it } from 'vitest';
import { RICH_FEED, XML_BOMB, XXE_FEED } from '../../../test/mrss-fixtures';
import { MrssFeedError, parseMrssFeed } from './mrss-feed';

describe('reading a Media RSS feed', () => {
  const feed = parseMrssFeed(RICH_FEED, 'https://harbour.example/feed.xml');

  it('keeps the channel and every item', () => {
    expect(feed).toMatchObject({ url: 'https://harbour.example/feed.xml', title: 'Harbour Daily video', description: 'The latest from the harbour', language: 'en-gb' });
    expect(feed.items).toHaveLength(2);
  });

  it('keeps every piece of metadata of an item, under whatever prefix the feed binds Media RSS to', () => {
    const [cranes] = feed.items;
    expect(cranes).toEqual({
      guid: 'harbour-cranes-2026',
      title: 'Harbour cranes return after a year of repairs & tests',
      description: 'The three container cranes at the north quay are working again after a year of repairs, and the port expects shorter queues.',
      link: 'https://harbour.example/video/cranes',
      publishedAt: '2026-11-26T08:30:00.000Z',
      language: 'en',
      categories: ['Business', 'Transport', 'Economy'],
      keywords: ['port', 'cranes', 'shipping'],
      media: [
        { url: 'https://cdn.harbour.example/cranes-1080.mp4', kind: 'video', fileType: 'video/mp4', fileSize: 48211234, durationSeconds: 154.5, width: 1920, height: 1080, language: 'en' },
        { url: 'https://cdn.harbour.example/cranes-audio.m4a', kind: 'audio', fileType: 'audio/mp4', fileSize: 2211234, durationSeconds: 154.5, width: null, height: null, language: null },
        { url: 'https://cdn.harbour.example/cranes.en.vtt', kind: 'transcript', fileType: 'text/vtt', fileSize: null, durationSeconds: null, width: null, height: null, language: 'en' },
      ],
      thumbnails: [{ url: 'https://cdn.harbour.example/cranes.jpg', width: 1280, height: 720 }],
      credits: [
        { name: 'Mira Holt', role: 'reporter' },
        { name: 'Jon Park', role: 'camera' },
      ],
      copyright: '© Harbour Daily',
      problems: [],
    });
  });

  it('names what keeps an item from becoming an article as it is', () => {
    const short = feed.items[1]!;
    expect(short.media).toEqual([expect.objectContaining({ kind: 'image', fileType: 'image/jpeg', fileSize: 1200 })]);
    expect(short.problems).toEqual(['title-too-short', 'description-too-short', 'no-playable-media']);
    expect(short.language).toBe('en-gb');
  });

  it('refuses documents with a DOCTYPE (entity bombs, external entities) before parsing them', () => {
    for (const xml of [XML_BOMB, XXE_FEED]) {
      expect(() => parseMrssFeed(xml, 'https://x.example/feed')).toThrow(MrssFeedError);
      expect(() => parseMrssFeed(xml, 'https://x.example/feed')).toThrow(/DOCTYPE/);
    }
  });

  it('says plainly when the address holds something other than an RSS feed', () => {
    expect(() => parseMrssFeed('<html><body>Hello</body></html>', 'https://x.example/')).toThrow(/web page, not a feed/);
    expect(() => parseMrssFeed('<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom</title></feed>', 'https://x.example/')).toThrow(/not hold an RSS feed/);
    expect(() => parseMrssFeed('<rss><channel><title>open', 'https://x.example/')).toThrow(/well-formed XML/);
    expect(() => parseMrssFeed('{"items": []}', 'https://x.example/')).toThrow(MrssFeedError);
  });
});
