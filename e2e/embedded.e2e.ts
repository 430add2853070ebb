import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot, serverPort } from './helpers';

describe('embedded mode', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('turns on for a host name containing "embed": the player and its list, no app bar, a link to the full site', async () => {
    const page = await openPage(browser);
    // Chromium resolves every *.localhost name to the loopback address the server listens on.
    await page.goto(`http://embed.localhost:${serverPort()}/`);
    await page.locator('[data-embedded="true"]').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Newsreel news player' }).waitFor();
    expect(await page.getByRole('button', { name: 'Language: English' }).count()).toBe(0);
    expect(await page.getByRole('banner').getByRole('button').count()).toBe(0);
    // The player plays the first report of the list beside it; nothing else is on the page.
    const player = page.getByRole('region', { name: /^Player: / });
    await player.waitFor();
    const list = page.locator('[data-testid="embedded-home"] ol [data-article-id]');
    expect(await list.count()).toBeGreaterThan(1);
    expect(await player.getAttribute('aria-label')).toBe(`Player: ${await list.first().locator('h3').textContent()}`);
    expect(await page.locator('[data-rail]').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Article layout' }).count()).toBe(0);
    const link = page.getByRole('link', { name: 'Open Newsreel' });
    expect(await link.getAttribute('href')).toBe(`http://localhost:${serverPort()}/`);
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'embedded');
  });

  it('fits a small iframe-sized window, in Arabic too', async () => {
    const page = await openPage(browser, { viewport: { width: 480, height: 640 }, locale: 'ar' });
    await page.goto(`http://embed.localhost:${serverPort()}/?lng=ar`);
    await page.locator('[data-player-variant="hero"]').waitFor();
    await page.locator('[data-testid="embedded-home"] ol [data-article-id]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await screenshot(page, 'embedded-ar-small');
  });

  it('stays off on the ordinary host', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.locator('[data-embedded="false"]').waitFor();
    expect(await page.getByRole('button', { name: 'Language: English' }).count()).toBe(1);
  });
});
