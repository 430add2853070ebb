import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';

describe('the locale chooser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('switches to Arabic, right to left, and keeps it on the next visit', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    expect(await page.getAttribute('html', 'dir')).toBe('ltr');

    await page.getByRole('button', { name: 'Language: English' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose your language' });
    await chooser.waitFor();
    await chooser.getByRole('button', { name: 'العربية' }).click();

    await page.waitForSelector('html[dir="rtl"][lang="ar"]');
    await page.getByRole('heading', { level: 1, name: 'مرحبًا بك في Newsreel' }).waitFor();
    await screenshot(page, 'arabic');

    await page.reload();
    await page.waitForSelector('html[dir="rtl"][lang="ar"]');
    await page.getByRole('button', { name: 'اللغة: العربية' }).waitFor();
  });

  it('takes the language from ?lng=', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/?lng=he`);
    await page.waitForSelector('html[dir="rtl"][lang="he"]');
    await page.goto(`${baseUrl()}/?lng=fr`);
    await page.waitForSelector('html[dir="ltr"][lang="fr"]');
    await page.getByRole('heading', { level: 1, name: 'Bienvenue sur Newsreel' }).waitFor();
  });
});
