import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { shellApi } from '../../../test/api-fixtures';
import { mockFetch } from '../../../test/mock-fetch';
import { renderApp } from '../../../test/render';

const APP_STORE = 'https://apps.apple.com/us/iphone/search?term=Newsreel';
const GOOGLE_PLAY = 'https://play.google.com/store/search?q=Newsreel&c=apps';

describe('app download page', () => {
  it('says what the app offers and links to both stores', async () => {
    mockFetch(shellApi());
    renderApp({ path: '/app' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Take Newsreel with you' })).toBeTruthy();
    expect(screen.getByText('Breaking news alerts the moment a story breaks.')).toBeTruthy();
    const appStore = screen.getByRole('link', { name: 'Download on the App Store (opens in a new tab)' });
    expect(appStore.getAttribute('href')).toBe(APP_STORE);
    expect(appStore.getAttribute('target')).toBe('_blank');
    expect(appStore.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Get it on Google Play (opens in a new tab)' }).getAttribute('href')).toBe(GOOGLE_PLAY);
  });

  it('draws a QR code of the App Store link, and of Google Play once Android is chosen', async () => {
    mockFetch(shellApi());
    renderApp({ path: '/app' });
    const section = await screen.findByRole('region', { name: 'Scan to download' });
    const qr = within(section).getByRole('img', { name: 'QR code that opens App Store' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.getAttribute('data-qr-value')).toBe(APP_STORE);
    fireEvent.click(within(section).getByRole('button', { name: 'Android' }));
    const androidQr = within(section).getByRole('img', { name: 'QR code that opens Google Play' });
    expect(androidQr.getAttribute('data-qr-value')).toBe(GOOGLE_PLAY);
    expect(within(section).getByRole('button', { name: 'Android' }).getAttribute('aria-pressed')).toBe('true');
    expect(section.textContent).toContain("Point your phone's camera at the code to open Google Play.");
  });

  it('starts the QR code on the store of the phone it is opened on', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36');
    mockFetch(shellApi());
    renderApp({ path: '/app' });
    const section = await screen.findByRole('region', { name: 'Scan to download' });
    expect(within(section).getByRole('img', { name: 'QR code that opens Google Play' })).toBeTruthy();
  });
});
