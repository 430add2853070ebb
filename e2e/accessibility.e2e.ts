import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe } from './helpers';
import { readerPages, waitForPage } from './pages';

describe('accessibility', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const language of ['en', 'ar']) {
    it(`no page has serious or critical axe violations (${language})`, async () => {
      const page = await openPage(browser);
      const problems: string[] = [];
      for (const { name, path } of await readerPages()) {
        await page.goto(`${baseUrl()}${path}${path.includes('?') ? '&' : '?'}lng=${language}`);
        await waitForPage(page);
        const violations = (await runAxe(page)).filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        if (violations.length > 0) problems.push(`${name} (${path}):\n${describeViolations(violations)}`);
      }
      expect(problems, problems.join('\n\n')).toEqual([]);
    });
  }

  it('the menu, its links and the language button work from the keyboard, with visible focus', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await waitForPage(page);
    // The skip link comes first, then the menu button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('aria-label')).toBe('Open the menu');
    const outline = await focused.evaluate((element) => getComputedStyle(element).outlineStyle + getComputedStyle(element).boxShadow);
    expect(outline).not.toBe('nonenone');
    await page.keyboard.press('Enter');
    const stories = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stories' });
    await stories.waitFor();
    await stories.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/stories$/);
  });
});
