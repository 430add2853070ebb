import type { ArticleList } from '@newsreel/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';

describe('the article page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows a published article and shares its link', async () => {
    const list = (await (await fetch(`${baseUrl()}/v1/articles?limit=1`)).json()) as ArticleList;
    const article = list.items[0];
    expect(article, 'the demo catalogue should hold at least one published article').toBeDefined();
    if (!article) return;

    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/${article.id}`);
    await page.getByRole('heading', { level: 1, name: article.title }).waitFor();
    await page.getByText(`Published by ${article.publisher.name}`).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share this article' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Article link').inputValue()).toBe(`${baseUrl()}/v/${article.id}`);
    await screenshot(page, 'article-share');
  });

  it('says plainly when there is no such article', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/v/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { level: 1, name: 'This article could not be found.' }).waitFor();
    await page.getByRole('link', { name: 'Back to the home page' }).waitFor();
  });
});
