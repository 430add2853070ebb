import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';
import { readerPages, waitForPage } from './pages';

/** How far the page is wider than the window (0 when nothing overflows sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('layout on phones, TVs and in right-to-left languages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const viewports = [
    { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    { name: 'tv', viewport: { width: 3840, height: 2160 }, isMobile: false, hasTouch: false },
  ];

  for (const { name: size, ...options } of viewports) {
    it(`no page overflows sideways at ${options.viewport.width}×${options.viewport.height}`, async () => {
      const page = await openPage(browser, options);
      const overflowing: string[] = [];
      for (const { name, path } of await readerPages()) {
        for (const language of ['en', 'ar']) {
          await page.goto(`${baseUrl()}${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
          await waitForPage(page);
          const overflow = await horizontalOverflow(page);
          if (overflow > 0) overflowing.push(`${name} in ${language}: ${overflow}px wider than the window`);
          if (['home', 'article', 'local', 'search'].includes(name)) await screenshot(page, `${size}-${name}-${language}`);
        }
      }
      expect(overflowing, overflowing.join('\n')).toEqual([]);
      // Every reader page, twice: at 3840×2160 on CI's two cores that is about a minute.
    }, 180_000);
  }

  it('keeps a signed-in reader’s full app bar (notifications, account) within a 360 px phone, in English and Arabic', async () => {
    const page = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl()}/account/signin`);
    await page.getByLabel('Email').fill('reader@example.com');
    await page.getByLabel('Password', { exact: true }).fill('newsreel-demo');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/account/signin'));
    for (const language of ['en', 'ar']) {
      await page.goto(`${baseUrl()}/?lng=${language}`);
      await waitForPage(page);
      const account = page.locator('header button[aria-haspopup="menu"]').last();
      await account.waitFor();
      const box = (await account.boundingBox())!;
      expect(box.x, language).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, language).toBeLessThanOrEqual(360);
      expect(await horizontalOverflow(page), language).toBe(0);
      await screenshot(page, `phone-360-signed-in-${language}`);
    }
  });

  it('mirrors the app bar and the menu in Arabic', async () => {
    const page = await openPage(browser);
    const positions: Record<string, { menu: number; language: number; drawer: number }> = {};
    for (const language of ['en', 'ar']) {
      await page.goto(`${baseUrl()}/?lng=${language}`);
      await waitForPage(page);
      const menu = page.locator('header button[aria-haspopup="dialog"]').first();
      const languageButton = page.locator('header button[aria-label^="Language"], header button[aria-label^="اللغة"]').first();
      const menuBox = await menu.boundingBox();
      const languageBox = await languageButton.boundingBox();
      await menu.click();
      const drawer = page.locator('nav').filter({ has: page.locator('a[href="/stories"]') }).first();
      await drawer.waitFor();
      const drawerBox = await drawer.boundingBox();
      if (language === 'ar') await screenshot(page, 'arabic-menu');
      await page.keyboard.press('Escape');
      positions[language] = { menu: menuBox?.x ?? -1, language: languageBox?.x ?? -1, drawer: drawerBox?.x ?? -1 };
    }
    const width = 1280;
    // English: menu at the left, language button at the right, drawer from the left.
    expect(positions.en?.menu).toBeLessThan(width / 2);
    expect(positions.en?.language).toBeGreaterThan(width / 2);
    expect(positions.en?.drawer).toBeLessThan(width / 2);
    // Arabic: all three mirrored.
    expect(positions.ar?.menu).toBeGreaterThan(width / 2);
    expect(positions.ar?.language).toBeLessThan(width / 2);
    expect(positions.ar?.drawer).toBeGreaterThan(width / 2);
  });
});
