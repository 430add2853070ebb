import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';
import { webDistDirOf } from './server-process';

describe('the shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("loads with the title 'Newsreel', its header and the home page", async () => {
    const page = await openPage(browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await page.goto(baseUrl());
    await page.getByRole('heading', { level: 1, name: 'Welcome to Newsreel' }).waitFor();
    expect(await page.title()).toBe('Newsreel');
    expect(await page.getByRole('banner').getByText('Newsreel').isVisible()).toBe(true);
    // The region detected for 127.0.0.1 (nowhere: Global) names the region button.
    await page.getByRole('button', { name: 'Regions: Global' }).waitFor();
    await page.locator('[data-feed-view] video, [data-feed-view] audio, [data-feed-view] li').first().waitFor();
    await screenshot(page, 'home');
    expect(consoleErrors).toEqual([]);
  });

  it('is built without the Sentry SDK when no Sentry DSN is set', () => {
    // The suite's build has no VITE_SENTRY_DSN: error reports go to the API, and the SDK would be dead weight.
    const manifest = readFileSync(path.join(webDistDirOf(), '.vite/manifest.json'), 'utf8');
    expect(manifest).toContain('src/lib/error-report-sender.ts');
    expect(manifest).not.toMatch(/@sentry\/|sentry-reporting/);
  });

  it('answers an unknown address with the not-found page and a link home', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/no/such/page`);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Welcome to Newsreel' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('remembers the view type across visits', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    const grid = page.getByRole('button', { name: 'Grid' });
    expect(await page.getByRole('button', { name: 'Hero player' }).getAttribute('aria-pressed')).toBe('true');
    await grid.click();
    await page.reload();
    expect(await page.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
  });
});
