import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';

async function saveRegion(page: Page, regionName: string) {
  await page.getByRole('button', { name: /^Regions: / }).click();
  const dialog = page.getByRole('dialog', { name: 'Your regions' });
  await dialog.getByRole('checkbox', { name: regionName, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save regions' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('the notification bar', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a success message after saving regions and hides it after 5 s', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await saveRegion(page, 'Germany');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const shownAt = Date.now();
    expect(await alert.textContent()).toContain('Your regions are saved.');
    await screenshot(page, 'notification');

    await page.waitForTimeout(3_500);
    expect(await alert.isVisible()).toBe(true);
    await alert.waitFor({ state: 'hidden', timeout: 5_000 });
    const hiddenAfter = Date.now() - shownAt;
    expect(hiddenAfter).toBeGreaterThanOrEqual(4_500);
    expect(hiddenAfter).toBeLessThan(8_000);
  });

  it('hides on Escape', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await saveRegion(page, 'Sweden');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await page.keyboard.press('Escape');
    await alert.waitFor({ state: 'hidden', timeout: 1_500 });
  });

  it('hides on a click elsewhere', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await saveRegion(page, 'France');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    await page.getByRole('heading', { level: 1 }).click();
    await alert.waitFor({ state: 'hidden', timeout: 1_500 });
  });
});
