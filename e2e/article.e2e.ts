import type { ArticleList } from '@newsreel/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';

async function firstArticle() {
  const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=1`)).json()) as ArticleList;
  const article = list.items[0];
  if (!article) throw new Error('the demo catalogue should hold at least one published article');
  return article;
}

describe('the article page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a published article with its player, transcript and related articles, and shares its link', async () => {
    const article = await firstArticle();
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.getByRole('region', { name: `Player: ${article.title}` }).waitFor();
    await page.getByRole('link', { name: article.publisher.name, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Transcript' }).getByRole('button').first().waitFor();
    const category = article.categories[0];
    if (category) await page.getByRole('region', { name: `More in ${category.name}` }).getByRole('heading', { level: 3 }).first().waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this article' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Article link').inputValue()).toBe(`${baseUrl()}/v/${article.id}`);
    const preview = dialog.getByRole('img', { name: `Preview of the shared link: ${article.title}` });
    await preview.waitFor();
    await page.waitForFunction(() => (document.querySelector('[role="dialog"] img') as HTMLImageElement | null)?.complete === true);
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1200);
    await screenshot(page, 'article-share');
  });

  it('keeps a like and a save after a reload', async () => {
    const article = await firstArticle();
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}`);
    const like = page.getByRole('button', { name: /^Like\b/ });
    const save = page.getByRole('button', { name: /^Save\b/ });
    await like.and(page.locator(':enabled')).waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    // The buttons show a press at once; the reload waits for the API to have confirmed both.
    const liked = page.waitForResponse((response) => response.url().endsWith('/v1/articles/like') && response.request().method() === 'POST');
    await like.click();
    await expect.poll(() => like.getAttribute('aria-pressed')).toBe('true');
    const saved = page.waitForResponse((response) => response.url().endsWith('/v1/articles/save') && response.request().method() === 'POST');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    expect((await liked).ok()).toBe(true);
    expect((await saved).ok()).toBe(true);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await like.and(page.locator(':enabled')).waitFor();
    expect(await like.getAttribute('aria-pressed')).toBe('true');
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: /^Dislike\b/ }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(page, 'article-liked-saved');
  });

  it('holds its shape while loading (no layout shift) and on a phone has no sideways scroll', async () => {
    const article = await firstArticle();
    const page = await openPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.waitForTimeout(1500);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((entries) => {
            for (const entry of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 200);
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.05);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'article-phone');
  });

  it('says plainly when there is no such article', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'This article could not be found.' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});
