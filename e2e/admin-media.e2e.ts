import type { Article, ArticleList, List, Story } from '@newsreel/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, openPage, runAxe, screenshot, signInThroughForm, startOwnServer } from './helpers';
import { type RunningServer } from './server-process';

/** A real 1×1 PNG: the server checks the bytes, and the page shows it. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** A server of its own: the journey adds media the shared server's tests do not expect. */
let server: RunningServer;
const baseUrl = () => server.baseUrl;

/** Nothing wider than the screen: no sideways scroll. */
const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function get<T>(path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

describe('media in the admin console', () => {
  let browser: Browser;
  let article: Article;
  let story: Story;

  beforeAll(async () => {
    // Media processing runs on the job queue, as in `npm start` (the suite's NODE_ENV=test would turn jobs off).
    [server, browser] = await Promise.all([startOwnServer({ env: { JOBS: 'in-process' } }), launchBrowser()]);
    // A demo article with a video (its files are in the demo folder), and a demo story.
    const feed = await get<ArticleList>('/v1/articles?limit=50');
    const withVideo = feed.items.find((item) => item.mediafile?.type === 1)!;
    article = await get<Article>(`/v1/articles/${withVideo.id}`);
    story = (await get<List<Story>>('/v1/stories?limit=1')).items[0]!;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the demo superuser tests an article’s media pipeline, then adds a file that the background job measures', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: `/admin/articles/${article.id}`, origin: baseUrl() });
    const section = page.getByRole('region', { name: 'Media' });
    await section.getByRole('list', { name: 'Media files' }).waitFor();

    await section.getByRole('button', { name: 'Test media pipeline' }).click();
    const stages = section.getByRole('list', { name: 'Media pipeline stages' });
    await stages.waitFor();
    expect(await section.getByText('Every stage of the pipeline worked. Nothing was changed.').isVisible()).toBe(true);
    const [read, probe, poster, transcript] = await stages.getByRole('listitem').allInnerTexts();
    expect(read).toContain('Worked');
    expect(probe).toMatch(/matroska,webm · 0:\d\d · 640 × 360/);
    expect(poster).toMatch(/Drawing a poster frame\s+Worked/);
    expect(transcript).toContain('Skipped');

    // An audio file by its address: queued, then measured by the media.process job.
    const audio = article.media.find((file) => file.type === 2)!;
    const before = await section.getByRole('list', { name: 'Media files' }).getByRole('listitem').count();
    const form = section.getByRole('form', { name: 'Add a file by its address' });
    await form.getByRole('combobox', { name: 'Media type' }).click();
    await page.getByRole('option', { name: 'Audio' }).click();
    await form.getByRole('textbox', { name: 'File type' }).fill('video/mpeg');
    await form.getByRole('textbox', { name: 'Address' }).fill(audio.url);
    await form.getByRole('button', { name: 'Add file' }).click();
    expect(await form.getByText('For this media type the file type must be audio/….').isVisible()).toBe(true);
    await form.getByRole('textbox', { name: 'File type' }).fill('audio/mpeg');
    await form.getByRole('textbox', { name: 'Language' }).fill(article.language);
    await form.getByRole('button', { name: 'Add file' }).click();
    await page.getByText('The file was added and queued for processing.').waitFor();
    const added = section.getByRole('list', { name: 'Media files' }).getByRole('listitem').nth(before);
    await expect.poll(async () => added.innerText(), { timeout: 30_000, interval: 1000 }).toMatch(/audio\/mpeg · .+ · \d:\d\d/);
    expect(await added.innerText()).not.toContain('Processing');
    expect(describeViolations(await runAxe(page))).toBe('');
    await screenshot(page, 'admin-article-media');

    // Removed again, after asking.
    await added.getByRole('button', { name: 'Remove the Audio file' }).click();
    await page.getByRole('dialog', { name: 'Remove this media file?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => section.getByRole('list', { name: 'Media files' }).getByRole('listitem').count()).toBe(before);
    await page.context().close();
  });

  it('uploads an image to a story, which the page shows and the media store serves; the story keeps its own poster', async () => {
    const page = await openPage(browser);
    await signInThroughForm(page, 'admin@example.com', { next: `/admin/stories/${story.id}`, origin: baseUrl() });
    const section = page.getByRole('region', { name: 'Images and videos' });
    await section.getByText('This story has no images or videos yet.').waitFor();
    await section.locator('input[type="file"]').setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('The file was uploaded.').waitFor();
    const image = section.getByRole('img', { name: 'Image of the story' });
    await image.waitFor();
    const src = (await image.getAttribute('src'))!;
    expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(1);
    expect(src).toMatch(/^\/media\/stories\/.+\.png$/);
    expect((await fetch(`${baseUrl()}${src}`)).status).toBe(200);
    // The demo's stories have posters of their own: the upload does not replace it.
    expect((await get<Story>(`/v1/stories/${story.id}`)).poster).toBe(story.poster);
    expect(describeViolations(await runAxe(page))).toBe('');
    await page.context().close();
  });

  it('the media sections read right to left in Arabic and fit a 390 px phone', async () => {
    for (const [language, viewport] of [
      ['ar', { width: 390, height: 844 }],
      ['en', { width: 390, height: 844 }],
      ['ar', { width: 1280, height: 800 }],
    ] as const) {
      const page = await openPage(browser, { viewport });
      await signInThroughForm(page, 'admin@example.com', { next: `/admin/articles/${article.id}`, origin: baseUrl() });
      await page.goto(`${baseUrl()}/admin/articles/${article.id}?lng=${language}`);
      const section = page.getByRole('region', { name: language === 'ar' ? 'الوسائط' : 'Media' });
      await section.getByRole('listitem').first().waitFor();
      await section.getByRole('button', { name: language === 'ar' ? 'اختبار معالجة الوسائط' : 'Test media pipeline' }).click();
      await section.getByRole('list', { name: language === 'ar' ? 'مراحل معالجة الوسائط' : 'Media pipeline stages' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await screenshot(page, `admin-article-media-${language}-${viewport.width}`);

      await page.goto(`${baseUrl()}/admin/stories/${story.id}?lng=${language}`);
      await page.getByRole('region', { name: language === 'ar' ? 'الصور ومقاطع الفيديو' : 'Images and videos' }).getByRole('button').first().waitFor();
      expect(await fitsTheScreen(page)).toBe(true);
      expect(describeViolations(await runAxe(page))).toBe('');
      await screenshot(page, `admin-story-assets-${language}-${viewport.width}`);
      await page.context().close();
    }
  }, 240_000);
});
