import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, openPage, screenshot } from './helpers';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

interface Listed<T> {
  items: T[];
}

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${baseUrl()}${path}`)).json()) as T;
}

async function hasNoHorizontalOverflow(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
}

const position = (page: Page) => page.getByTestId('sequence-position');

describe('browse pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('plays a story’s articles in a row: next goes to the second', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/stories`);
    await page.getByRole('heading', { level: 1, name: 'Stories' }).waitFor();
    const firstCard = page.locator('[data-story-id]').first();
    const storyId = await firstCard.getAttribute('data-story-id');
    await screenshot(page, 'stories');
    await firstCard.click();
    await page.waitForURL(`**/stories/${storyId}`);

    const articles = (await api<Listed<{ title: string }>>(`/v1/stories/${storyId}/articles`)).items;
    await page.getByRole('region', { name: `Player: ${articles[0]!.title}` }).waitFor();
    expect(await position(page).textContent()).toBe(`Article 1 of ${articles.length}`);
    // It starts by itself (muted when the browser wants that).
    await page.waitForFunction(() => ((document.querySelector('[data-player-variant] :is(video, audio)') as HTMLMediaElement | null)?.currentTime ?? 0) > 0.2, undefined, {
      timeout: 15_000,
    });

    await page.getByRole('button', { name: 'Next article' }).click();
    await page.getByRole('region', { name: `Player: ${articles[1]!.title}` }).waitFor();
    expect(await position(page).textContent()).toBe(`Article 2 of ${articles.length}`);
    expect(await page.locator('[aria-current="true"]').first().textContent()).toContain(articles[1]!.title);
    await screenshot(page, 'story');
  });

  it('moves on to the next article by itself when one ends', async () => {
    const page = await openPage(browser);
    const story = (await api<Listed<{ id: string }>>('/v1/stories?limit=1')).items[0]!;
    await page.goto(`${baseUrl()}/stories/${story.id}`);
    await page.locator('[data-player-variant] :is(video, audio)').waitFor({ state: 'attached' });
    // Jump to the last moment of the first article instead of watching all of it.
    await page.waitForFunction(() => {
      const media = document.querySelector('[data-player-variant] :is(video, audio)') as HTMLMediaElement | null;
      if (!media || !Number.isFinite(media.duration) || media.duration === 0) return false;
      if (media.currentTime < media.duration - 0.6) media.currentTime = media.duration - 0.3;
      return true;
    }, undefined, { timeout: 15_000, polling: 250 });
    await page.waitForFunction(() => document.querySelector('[data-testid="sequence-position"]')?.getAttribute('data-position') === '2', undefined, {
      timeout: 20_000,
    });
  });

  it('lets a touch reader swipe between a story’s articles, mirrored in Arabic', async () => {
    const page = await openPage(browser, { ...PHONE, locale: 'ar' });
    const story = (await api<Listed<{ id: string }>>('/v1/stories?limit=1')).items[0]!;
    await page.goto(`${baseUrl()}/stories/${story.id}?lng=ar`);
    const area = page.getByTestId('sequence-swipe-area');
    await area.locator('[data-player-variant]').waitFor();
    const box = (await area.boundingBox())!;
    const y = box.y + box.height / 2;
    // In Arabic the finger moving rightwards brings the next article.
    await area.dispatchEvent('pointerdown', { pointerId: 7, isPrimary: true, pointerType: 'touch', clientX: box.x + 60, clientY: y, button: 0 });
    await area.dispatchEvent('pointerup', { pointerId: 7, isPrimary: true, pointerType: 'touch', clientX: box.x + 300, clientY: y + 4, button: 0 });
    await page.waitForFunction(() => document.querySelector('[data-testid="sequence-position"]')?.getAttribute('data-position') === '2');
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'story-phone-ar');
  });

  it('lists a category’s articles', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/categories`);
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await screenshot(page, 'categories');
    await page.getByRole('link', { name: /^Science/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Science' }).waitFor();
    await page.locator('main [data-article-id]').first().waitFor();
    const categoryId = new URL(page.url()).pathname.split('/').pop()!;
    const expected = (await api<Listed<{ id: string }>>(`/v1/articles/category/${categoryId}?limit=30`)).items.map((article) => article.id);
    expect(await page.locator('main [data-article-id]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-article-id')))).toEqual(expected);
    await screenshot(page, 'category');
  });

  it('shows a publisher in its colours with its articles', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/publishers`);
    await page.getByRole('heading', { level: 1, name: 'Publishers' }).waitFor();
    await page.locator('[data-publisher-id]').first().waitFor();
    await screenshot(page, 'publishers');
    const publisher = (await api<Listed<{ id: string; name: string; branding: Record<string, string> }>>('/v1/publishers')).items[0]!;
    await page.getByRole('link', { name: new RegExp(`^${publisher.name}`) }).click();
    await page.getByRole('heading', { level: 1, name: publisher.name }).waitFor();
    const header = page.getByTestId('publisher-header');
    const hex = (publisher.branding.backgroundColour ?? '').replace('#', '');
    const rgb = `rgb(${[0, 2, 4].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)).join(', ')})`;
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(rgb);
    await page.locator('main [data-article-id]').first().waitFor();
    const expected = (await api<Listed<{ id: string }>>(`/v1/publishers/${publisher.id}/articles?limit=30`)).items.map((article) => article.id);
    expect(await page.locator('main [data-article-id]').evaluateAll((cards) => cards.map((card) => card.getAttribute('data-article-id')))).toEqual(expected);
    await screenshot(page, 'publisher');
  });

  it('shows a publisher page on a phone in Arabic', async () => {
    const page = await openPage(browser, { ...PHONE, locale: 'ar' });
    const publisher = (await api<Listed<{ id: string }>>('/v1/publishers')).items[1]!;
    await page.goto(`${baseUrl()}/publishers/${publisher.id}?lng=ar`);
    await page.getByTestId('publisher-header').waitFor();
    await page.locator('main [data-article-id]').first().waitFor();
    expect(await hasNoHorizontalOverflow(page)).toBe(true);
    await screenshot(page, 'publisher-phone-ar');
  });

  it('lists breaking news and trending articles', async () => {
    const page = await openPage(browser);
    await page.goto(`${baseUrl()}/breaking`);
    await page.getByRole('heading', { level: 1, name: 'Breaking news' }).waitFor();
    const breaking = (await api<{ total: number }>('/v1/articles/breaking?limit=1')).total;
    await page.locator('main [data-article-id]').first().waitFor();
    expect(await page.locator('main [data-article-id]').count()).toBe(Math.min(breaking, 30));
    await screenshot(page, 'breaking');
    await page.goto(`${baseUrl()}/trending`);
    await page.getByRole('heading', { level: 1, name: 'Trending' }).waitFor();
    const trending = (await api<{ total: number }>('/v1/articles/trending?limit=1')).total;
    if (trending > 0) await page.locator('main [data-article-id]').first().waitFor();
    else await page.getByText('Nothing is trending yet.', { exact: false }).waitFor();
    await screenshot(page, 'trending');
  });

  it('says so when a story, category or publisher does not exist', async () => {
    const page = await openPage(browser);
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [path, heading] of [
      [`/stories/${unknown}`, 'This story could not be found'],
      ['/stories/not-an-id', 'This story could not be found'],
      [`/categories/${unknown}`, 'This category could not be found'],
      [`/publishers/${unknown}`, 'This publisher could not be found'],
      [`/playlists/${unknown}`, 'This playlist could not be found'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
  });
});
