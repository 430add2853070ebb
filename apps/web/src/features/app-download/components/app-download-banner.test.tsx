import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';
import { APP_BANNER_DISMISSED_KEY } from '../banner-dismissal';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const banner = () => screen.queryByRole('complementary', { name: 'Newsreel app' });

/** A window as narrow as a phone: every "max-width" media query matches. */
function narrowWindow() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('app download banner', () => {
  it('on an Android phone offers the Google Play listing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    mockFetch(shellApi());
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(banner()?.textContent).toContain('Get the Newsreel app');
    expect(screen.getByRole('link', { name: 'Install from Google Play (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://play.google.com/store/search?q=Newsreel&c=apps',
    );
  });

  it('on an iPhone offers the App Store listing', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    mockFetch(shellApi());
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Install from App Store (opens in a new tab)' }).getAttribute('href')).toBe(
      'https://apps.apple.com/us/iphone/search?term=Newsreel',
    );
  });

  it('in a narrow window of an unknown platform leads to the /app page', async () => {
    narrowWindow();
    mockFetch(shellApi());
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Get it' }).getAttribute('href')).toBe('/app');
  });

  it('is not shown in a wide desktop window', async () => {
    mockFetch(shellApi());
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).toBeNull();
  });

  it('closes for good: the choice is remembered for the next visit', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    mockFetch(shellApi());
    const { unmount } = renderApp();
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Close the app banner' }));
    expect(banner()).toBeNull();
    expect(localStorage.getItem(APP_BANNER_DISMISSED_KEY)).not.toBeNull();
    unmount();
    renderApp();
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).toBeNull();
  });

  it('is not shown in embedded mode, nor on the /app page', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(ANDROID);
    mockFetch(shellApi());
    const { unmount } = renderApp({ state: { embedded: true } });
    await screen.findByRole('heading', { level: 1 });
    expect(banner()).toBeNull();
    unmount();
    renderApp({ path: '/app' });
    await screen.findByRole('heading', { level: 1, name: 'Take Newsreel with you' });
    expect(banner()).toBeNull();
  });
});
