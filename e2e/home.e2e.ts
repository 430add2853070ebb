import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe, screenshot } from './helpers';

const PHONE = { width: 390, height: 844 };

/** The hero player's media element, once it has a source. */
const heroMedia = '[data-feed-view="hero-player"] [data-player-variant="hero"] :is(video, audio)';
const gridCards = '[data-feed-view="grid"] [data-article-id]';

async function mediaState(page: Page): Promise<{ currentTime: number; paused: boolean }> {
  return page.locator(heroMedia).evaluate((media: HTMLMediaElement) => ({ currentTime: media.currentTime, paused: media.paused }));
}

/** Waits until the hero player's media plays; a person presses Play when the browser refuses to start it. */
async function expectPlaying(page: Page): Promise<void> {
  await page.locator(heroMedia).waitFor({ state: 'attached' });
  const started = await page
    .waitForFunction((selector) => (document.querySelector(selector) as HTMLMediaElement | null)?.currentTime ?? 0 > 0.3, heroMedia, { timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!started) await page.locator('[data-player-variant="hero"]').getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForFunction((selector) => ((document.querySelector(selector) as HTMLMediaElement | null)?.currentTime ?? 0) > 0.3, heroMedia, {
    timeout: 15_000,
  });
  expect((await mediaState(page)).currentTime).toBeGreaterThan(0.3);
}

async function seriousViolations(page: Page) {
  return (await runAxe(page)).filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

describe('home', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the hero player on a first visit and plays the first article', async () => {
    const page = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(baseUrl());
    await page.getByRole('heading', { level: 1, name: 'Welcome to Newsreel' }).waitFor();
    const layout = page.getByRole('group', { name: 'Article layout' });
    expect(await layout.getByRole('button', { name: 'Hero player' }).getAttribute('aria-pressed')).toBe('true');
    // The player plays the first article of the list beside it.
    const firstInList = page.getByRole('region', { name: /^Player: / });
    await firstInList.waitFor();
    const firstTitle = await page.locator('[data-feed-view="hero-player"] ol [data-article-id] h3').first().textContent();
    expect(await firstInList.getAttribute('aria-label')).toBe(`Player: ${firstTitle}`);
    await expectPlaying(page);
    await page.locator('[data-rail="breaking"]').waitFor();
    await page.locator('[data-rail="stories"] [data-story-id]').first().waitFor();
    expect(await seriousViolations(page), describeViolations(await seriousViolations(page))).toEqual([]);
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'home-hero-player');
    expect(consoleErrors).toEqual([]);
  });

  it('switches to the grid and keeps it after a reload', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    const layout = page.getByRole('group', { name: 'Article layout' });
    await layout.getByRole('button', { name: 'Grid' }).click();
    await page.locator(gridCards).first().waitFor();
    expect(await page.locator('[data-feed-view="hero-player"]').count()).toBe(0);
    await page.reload();
    await page.locator(gridCards).first().waitFor();
    expect(await page.getByRole('group', { name: 'Article layout' }).getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('[data-player-variant]').count()).toBe(0);
    await screenshot(page, 'home-grid');
  });

  it('loads the next 30 cards as the reader scrolls the grid', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.getByRole('group', { name: 'Article layout' }).getByRole('button', { name: 'Grid' }).click();
    await page.locator(gridCards).nth(29).waitFor();
    expect(await page.locator(gridCards).count()).toBe(30);
    await page.waitForFunction(
      (selector) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return document.querySelectorAll(selector).length > 30;
      },
      gridCards,
      { polling: 250, timeout: 20_000 },
    );
    expect(await page.locator(gridCards).count()).toBeGreaterThan(30);
    await screenshot(page, 'home-grid-scrolled');
  });

  it('mirrors in Arabic: the rails scroll right-to-left', async () => {
    const page = await openPage(browser, { locale: 'ar' });
    await page.goto(`${baseUrl()}/?lng=ar`);
    await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Newsreel' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const rail = page.locator('[data-rail="stories"]');
    await rail.locator('[data-story-id]').first().waitFor();
    const list = rail.locator('ul');
    await rail.getByRole('button', { name: /التمرير إلى الأمام/ }).click();
    await page.waitForFunction((element) => (element as HTMLElement).scrollLeft < -50, await list.elementHandle(), { timeout: 15_000 });
    // Forward in Arabic moves the later cards in from the left, and back returns to the start.
    await rail.getByRole('button', { name: /التمرير إلى الخلف/ }).click();
    await page.waitForFunction((element) => Math.abs((element as HTMLElement).scrollLeft) < 2, await list.elementHandle(), { timeout: 15_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'home-ar');
  });

  it('fits a phone, in English and in Arabic', async () => {
    for (const [language, name] of [
      ['en', 'home-phone'],
      ['ar', 'home-phone-ar'],
    ] as const) {
      const page = await openPage(browser, { viewport: PHONE, isMobile: true, hasTouch: true, locale: language });
      await page.goto(`${baseUrl()}/?lng=${language}`);
      await page.locator('[data-feed-view="hero-player"] [data-player-variant="hero"]').waitFor();
      // The rails below the player render as the reader scrolls towards them.
      await page.mouse.wheel(0, 4000);
      await page.locator('[data-rail="stories"] [data-story-id]').first().waitFor();
      expect(await hasNoHorizontalOverflow(page), language).toBe(true);
      await screenshot(page, name);
      await page.context().close();
    }
  });
});
