import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, describeViolations, launchBrowser, openPage, runAxe } from './helpers';

describe('accessibility', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('the home page has no serious or critical axe violations', async () => {
    const page = await openPage(browser);
    await page.goto(baseUrl());
    await page.getByTestId('detected-region').waitFor();
    await page.getByRole('checkbox', { name: 'Global', exact: true }).waitFor();
    const violations = (await runAxe(page)).filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(violations, describeViolations(violations)).toEqual([]);
  });

  it('the home page in Arabic has none either', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/?lng=ar`);
    await page.getByTestId('detected-region').waitFor();
    await page.getByRole('checkbox').first().waitFor();
    const violations = (await runAxe(page)).filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
