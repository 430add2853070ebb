import { describe, expect, it } from 'vitest';
import { fullSiteUrl, isEmbeddedHost } from './embedded';

const at = (href: string) => new URL(href);

describe('embedded mode', () => {
  it('is on when the host name contains "embed"', () => {
    expect(isEmbeddedHost('embed.newsreel.tv')).toBe(true);
    expect(isEmbeddedHost('news-EMBED.example.com')).toBe(true);
    expect(isEmbeddedHost('embed.localhost')).toBe(true);
    expect(isEmbeddedHost('newsreel.tv')).toBe(false);
    expect(isEmbeddedHost('localhost')).toBe(false);
  });

  it('links back to the same page on the full site', () => {
    expect(fullSiteUrl(at('https://embed.newsreel.tv/v/42?lng=fr'))).toBe('https://newsreel.tv/v/42?lng=fr');
    expect(fullSiteUrl(at('http://embed.localhost:4173/'))).toBe('http://localhost:4173/');
    expect(fullSiteUrl(at('https://embed.newsreel.tv/v/42'), 'https://www.newsreel.tv/')).toBe(
      'https://www.newsreel.tv/v/42',
    );
  });
});
