import { describe, expect, it } from 'vitest';
import { APP_STORES, detectMobilePlatform } from './store-links';

const userAgents = {
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  linuxDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
};

describe('detectMobilePlatform', () => {
  it('knows iPhones and Android phones', () => {
    expect(detectMobilePlatform(userAgents.iphone)).toBe('ios');
    expect(detectMobilePlatform(userAgents.android)).toBe('android');
  });

  it('tells an iPad asking for the desktop site from a Mac by its touch screen', () => {
    expect(detectMobilePlatform(userAgents.ipadDesktopMode, 5)).toBe('ios');
    expect(detectMobilePlatform(userAgents.ipadDesktopMode, 0)).toBeNull();
  });

  it('is null for desktop browsers', () => {
    expect(detectMobilePlatform(userAgents.linuxDesktop)).toBeNull();
  });
});

describe('APP_STORES', () => {
  it('links to real store pages by default', () => {
    expect(APP_STORES.ios.url).toBe('https://apps.apple.com/us/iphone/search?term=Newsreel');
    expect(APP_STORES.android.url).toBe('https://play.google.com/store/search?q=Newsreel&c=apps');
  });
});
