import type { Page } from 'playwright-core';
import { baseUrl } from './helpers';

interface Listed {
  items: { id: string }[];
}

async function firstId(path: string): Promise<string> {
  const list = (await (await fetch(`${baseUrl()}${path}`)).json()) as Listed;
  const id = list.items[0]?.id;
  if (!id) throw new Error(`${path} listed nothing: the demo catalogue should fill it`);
  return id;
}

/** Every page of the reader's app, with a real id from the demo catalogue where one is needed. */
export async function readerPages(): Promise<{ name: string; path: string }[]> {
  const [articleId, storyId, categoryId, publisherId] = await Promise.all([
    firstId('/v1/articles?limit=1'),
    firstId('/v1/stories?limit=1'),
    firstId('/v1/categories?limit=1'),
    firstId('/v1/publishers?limit=1'),
  ]);
  return [
    { name: 'home', path: '/' },
    { name: 'article', path: `/v/${articleId}` },
    { name: 'stories', path: '/stories' },
    { name: 'story', path: `/stories/${storyId}` },
    { name: 'categories', path: '/categories' },
    { name: 'category', path: `/categories/${categoryId}` },
    { name: 'publishers', path: '/publishers' },
    { name: 'publisher', path: `/publishers/${publisherId}` },
    { name: 'breaking', path: '/breaking' },
    { name: 'trending', path: '/trending' },
    { name: 'local', path: '/local' },
    { name: 'search', path: '/search?q=climate' },
    { name: 'library', path: '/library/saved' },
    { name: 'app-download', path: '/app' },
    { name: 'sign-in', path: '/account/signin' },
    { name: 'register', path: '/account/register' },
    { name: 'forgot-password', path: '/account/forgot' },
  ];
}

/** Waits until the page shows its heading and has stopped loading. */
export async function waitForPage(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}
