import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, signInThroughForm } from './helpers';
import { readerPages, waitForPage } from './pages';

/** How far the page is wider than the window (0 when nothing overflows sideways). */
function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The app bar's controls that overlap a neighbour, as "a / b": each control is what the toolbar
 * holds, counted as drawn (everything inside it, which spills out of a control the bar squeezed),
 * compared side by side.
 */
function overlappingBarControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const toolbar = document.querySelector('header > div');
    if (!toolbar) return ['no app bar'];
    const boxes = Array.from(toolbar.children).flatMap((child) => {
      const parts = [child, ...Array.from(child.querySelectorAll('*'))];
      const rects = parts.map((part) => part.getBoundingClientRect()).filter((rect) => rect.width > 0 && rect.height > 0);
      if (rects.length === 0) return [];
      const name = child.getAttribute('aria-label') ?? child.querySelector('[aria-label]')?.getAttribute('aria-label') ?? child.tagName;
      return [{ name, left: Math.min(...rects.map((r) => r.left)), right: Math.max(...rects.map((r) => r.right)) }];
    });
    const overlaps: string[] = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i]!, boxes[j]!];
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1) overlaps.push(`${a.name} / ${b.name}`);
      }
    }
    return overlaps;
  });
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

  it('keeps the app bar, signed out and signed in (notifications, account), within 360 and 412 px phones, nothing overlapping, in English and Arabic', async () => {
    const page = await openPage(browser, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    for (const signedIn of [false, true]) {
      if (signedIn) await signInThroughForm(page, 'reader@example.com');
      for (const width of [360, 412]) {
        await page.setViewportSize({ width, height: 740 });
        // English last: the sign-in form is then in English.
        for (const language of ['ar', 'en']) {
          await page.goto(`${baseUrl()}/?lng=${language}`);
          await waitForPage(page);
          const account = page.locator('header > div > :last-child');
          await account.waitFor();
          if (signedIn) await page.locator('header [aria-label^="Notifications"], header [aria-label^="الإشعارات"]').first().waitFor();
          const box = (await account.boundingBox())!;
          const label = `${signedIn ? 'signed in' : 'signed out'}, ${width} px, ${language}`;
          expect(box.x, label).toBeGreaterThanOrEqual(0);
          expect(box.x + box.width, label).toBeLessThanOrEqual(width);
          expect(await horizontalOverflow(page), label).toBe(0);
          expect(await overlappingBarControls(page), label).toEqual([]);
          await screenshot(page, `phone-${width}-${signedIn ? 'signed-in' : 'signed-out'}-${language}`);
        }
      }
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
