import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

const APP_STORE = 'https://apps.apple.com/us/iphone/search?term=Newsreel';
const GOOGLE_PLAY = 'https://play.google.com/store/search?q=Newsreel&c=apps';
const OFFLINE = "You're offline. Newsreel will reconnect as soon as your connection is back.";

const banner = (page: Page) => page.getByRole('complementary', { name: 'Newsreel app' });

async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the page should not scroll sideways').toBeLessThanOrEqual(0);
}

describe('the mobile app', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('/app shows both store badges and a QR code of the chosen store', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/app`);
    await page.getByRole('heading', { level: 1, name: 'Take Newsreel with you' }).waitFor();
    expect(await page.getByRole('link', { name: /Download on the App Store/ }).getAttribute('href')).toBe(APP_STORE);
    expect(await page.getByRole('link', { name: /Get it on Google Play/ }).getAttribute('href')).toBe(GOOGLE_PLAY);

    const qr = page.getByRole('img', { name: 'QR code that opens App Store' });
    expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    expect(await qr.getAttribute('data-qr-value')).toBe(APP_STORE);
    await page.getByRole('button', { name: 'Android' }).click();
    expect(await page.getByRole('img', { name: 'QR code that opens Google Play' }).getAttribute('data-qr-value')).toBe(GOOGLE_PLAY);
    // A wide window gets no banner: the page itself is the offer.
    expect(await banner(page).count()).toBe(0);

    const violations = (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(violations, describeViolations(violations)).toEqual([]);
    await screenshot(page, 'app-download');
  });

  it('/app in Arabic is right-to-left and fits a phone', async () => {
    const arabic = await openPage(browser);
    await arabic.goto(`${baseUrl()}/app?lng=ar`);
    await arabic.getByRole('heading', { level: 1, name: 'خذ Newsreel معك' }).waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await screenshot(arabic, 'app-download-ar');

    const phone = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await phone.goto(`${baseUrl()}/app`);
    await phone.getByRole('img', { name: 'QR code that opens App Store' }).waitFor();
    await expectNoHorizontalOverflow(phone);
    await screenshot(phone, 'app-download-phone');
  });

  it('a phone-sized window gets the banner until it is closed, also after a reload', async () => {
    const page = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(baseUrl());
    await banner(page).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await banner(page).textContent()).toContain('Get the Newsreel app');
    await expectNoHorizontalOverflow(page);
    await screenshot(page, 'app-banner-phone');

    await page.getByRole('button', { name: 'Close the app banner' }).click();
    await banner(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.locator('main h1').waitFor();
    expect(await banner(page).count()).toBe(0);
  });

  it('an Android phone’s banner opens Google Play', async () => {
    const page = await openPage(browser, {
      viewport: { width: 390, height: 844 },
      userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    });
    await page.goto(baseUrl());
    const install = banner(page).getByRole('link', { name: /^Install/ });
    expect(await install.getAttribute('href')).toBe(GOOGLE_PLAY);
  });

  it('a laptop-sized window gets no banner', async () => {
    const page = await openPage(browser, { viewport: { width: 1280, height: 800 } });
    await page.goto(baseUrl());
    await page.locator('main h1').waitFor();
    expect(await banner(page).count()).toBe(0);
  });
});

describe('the offline notice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('appears while the connection is gone and goes once it is back', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.locator('main h1').waitFor();
    expect(await page.getByText(OFFLINE).count()).toBe(0);

    await page.context().setOffline(true);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
    await screenshot(page, 'offline-notice');

    await page.context().setOffline(false);
    await page.getByText(OFFLINE).waitFor({ state: 'detached' });
    await page.getByText("You're back online.").waitFor();
  });

  it('a list asked for while offline loads by itself once the connection is back', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/library/saved`);
    await page.getByText('Nothing saved yet').waitFor();

    await page.context().setOffline(true);
    await page.getByText(OFFLINE).waitFor();
    await page.getByRole('tab', { name: 'History' }).click();
    await page.waitForURL(/\/library\/history$/);
    // React Query holds the request while offline instead of failing it.
    await page.waitForTimeout(1_000);
    expect(await page.getByText('These articles could not be loaded', { exact: false }).count()).toBe(0);
    expect(await page.getByText('Nothing watched yet').count()).toBe(0);

    await page.context().setOffline(false);
    await page.getByText('Nothing watched yet').waitFor();
  });
});
