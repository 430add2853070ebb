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

  it('turns on for a host name containing "embed": no app bar, a link to the full site', async () => {
    const page = await openPage(browser);
    // Chromium resolves every *.localhost name to the loopback address the server listens on.
    await page.goto(`http://embed.localhost:${serverPort()}/`);
    await page.getByRole('heading', { level: 1, name: 'Welcome to Newsreel' }).waitFor();
    await page.locator('[data-embedded="true"]').waitFor();
    expect(await page.getByRole('button', { name: 'Language: English' }).count()).toBe(0);
    const link = page.getByRole('link', { name: 'Open Newsreel' });
    expect(await link.getAttribute('href')).toBe(`http://localhost:${serverPort()}/`);
    await screenshot(page, 'embedded');
  });

  it('stays off on the ordinary host', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.locator('[data-embedded="false"]').waitFor();
    expect(await page.getByRole('button', { name: 'Language: English' }).count()).toBe(1);
  });
});
