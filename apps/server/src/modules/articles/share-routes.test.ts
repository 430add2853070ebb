import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ArticleStatus, MediaSource, MediaType } from '@newsreel/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type * as DemoSeed from '../../db/demo-seed';
import { OgImageCache, resolveLocalPoster, wrapText, type OgImage } from './og-image';
import { withShareMeta } from './share-routes';

// The app serves local posters from DEMO_MEDIA_DIR; here that is a temporary folder the tests fill.
const media = await vi.hoisted(async () => {
  const fs = await import('node:fs/promises');
  const nodeOs = await import('node:os');
  const nodePath = await import('node:path');
  return { dir: await fs.mkdtemp(nodePath.join(nodeOs.tmpdir(), 'newsreel-og-media-')) };
});
vi.mock('../../db/demo-seed', async (importOriginal) => ({
  ...(await importOriginal<typeof DemoSeed>()),
  DEMO_MEDIA_DIR: media.dir,
}));

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Newsreel: news videos from the regions you follow." />
    <meta property="og:title" content="Newsreel" />
    <title>Newsreel</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const DESCRIPTION = 'A description of the article that is long enough for the schema, more than fifty characters.';
const NASTY_TITLE = `Budget "deal" <script>alert('x')</script> & $& more`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const RED = { r: 208, g: 16, b: 16 };

afterAll(() => rm(media.dir, { recursive: true, force: true }));

type Fixture = Awaited<ReturnType<typeof seed>>;

async function writePoster(folder: string) {
  await mkdir(path.join(media.dir, folder), { recursive: true });
  await sharp({ create: { width: 1600, height: 900, channels: 3, background: RED } })
    .jpeg()
    .toFile(path.join(media.dir, folder, 'poster.jpg'));
  return `/media/demo/${folder}/poster.jpg`;
}

async function seed(t: TestApp) {
  const db = t.database.handle.db;
  const publisher = await db
    .insertInto('publishers')
    .values({ slug: 'og-daily', name: 'OG Daily', website: null, logo_url: null, branding: '{}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hourAgo = new Date(Date.now() - 3_600_000);
  let n = 0;
  const article = async (values: {
    title?: string;
    poster_url?: string | null;
    status?: number;
    published_at?: Date;
  }) => {
    n += 1;
    const row = await db
      .insertInto('articles')
      .values({
        slug: `og-article-${n}`,
        title: values.title ?? `Shared article number ${n} about the city budget`,
        description: DESCRIPTION,
        status: values.status ?? ArticleStatus.ACTIVE,
        territory: 0,
        breaking: false,
        language: 'en',
        publisher_id: publisher.id,
        category_ids: [],
        region_ids: [0],
        location_name: null,
        location_slug: null,
        lat: null,
        lon: null,
        poster_url: values.poster_url ?? null,
        duration_seconds: null,
        published_at: values.published_at ?? hourAgo,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const fixture = {
    withPoster: await article({ poster_url: await writePoster('og-poster') }),
    forCaching: await article({ poster_url: await writePoster('og-cached') }),
    noPoster: await article({}),
    remotePoster: await article({ poster_url: 'https://cdn.example.com/posters/one.jpg' }),
    traversal: await article({ poster_url: '/media/demo/../../../../../etc/passwd' }),
    nasty: await article({ title: NASTY_TITLE }),
    video: await article({ title: 'A video article about the harbour' }),
    pending: await article({ status: 0 }),
    scheduled: await article({ published_at: new Date(Date.now() + 86_400_000) }),
  };
  await db
    .insertInto('media_assets')
    .values({
      article_id: fixture.video,
      story_id: null,
      type: MediaType.VIDEO,
      source: MediaSource.MEDIA_STORE,
      url: '/media/demo/og-video/video.webm',
      file_type: 'video/webm',
      file_size: 1000,
      language: 'en',
      duration_seconds: 10,
    })
    .execute();
  return fixture;
}

async function pixel(jpeg: Buffer, x = 20, y = 20) {
  const data = await sharp(jpeg).extract({ left: x, top: y, width: 1, height: 1 }).raw().toBuffer();
  return { r: data[0]!, g: data[1]!, b: data[2]! };
}

const isPoster = (p: { r: number; g: number; b: number }) => p.r > 120 && p.g < 60 && p.b < 60;

async function webDist(html = INDEX_HTML) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-og-web-'));
  await writeFile(path.join(dir, 'index.html'), html);
  return dir;
}

const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`))?.[1];

describe('shared links', () => {
  let t: TestApp;
  let dist: string;
  let f: Fixture;
  beforeAll(async () => {
    dist = await webDist();
    t = await createTestApp({ WEB_DIST_DIR: dist });
    f = await seed(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  describe('GET /api/articles/:id/ogimage.jpg', () => {
    it('draws a 1200×630 JPEG over the local poster', async () => {
      const res = await t.app.inject(`/api/articles/${f.withPoster}/ogimage.jpg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const body = res.rawPayload;
      expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(body).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
      expect(isPoster(await pixel(body))).toBe(true);
      // The bottom is darkened for the text.
      const bottom = await pixel(body, 1190, 625);
      expect(bottom.r).toBeLessThan(60);
    });

    it('uses the branded gradient when the poster is missing, remote or outside the media folder', async () => {
      for (const id of [f.noPoster, f.remotePoster, f.traversal]) {
        const res = await t.app.inject(`/api/articles/${id}/ogimage.jpg`);
        expect(res.statusCode).toBe(200);
        expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
        const corner = await pixel(res.rawPayload);
        expect(isPoster(corner)).toBe(false);
        expect(Math.max(corner.r, corner.g, corner.b)).toBeLessThan(90);
      }
    });

    it('serves a repeat request from memory with the same bytes and ETag, and 304 on If-None-Match', async () => {
      const url = `/api/articles/${f.nasty}/ogimage.jpg`;
      let started = performance.now();
      const cold = await t.app.inject(url);
      const coldMs = performance.now() - started;
      started = performance.now();
      const warm = await t.app.inject(url);
      const warmMs = performance.now() - started;
      expect(warm.statusCode).toBe(200);
      expect(warm.rawPayload.equals(cold.rawPayload)).toBe(true);
      expect(warm.headers.etag).toBe(cold.headers.etag);
      expect(warmMs).toBeLessThan(coldMs);
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(cold.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
    });

    it('keeps an image until its article changes, then draws it again', async () => {
      const url = `/api/articles/${f.forCaching}/ogimage.jpg`;
      const first = await t.app.inject(url);
      expect(isPoster(await pixel(first.rawPayload))).toBe(true);
      // With the poster gone, the cached image is still served...
      await rm(path.join(media.dir, 'og-cached'), { recursive: true });
      const cached = await t.app.inject(url);
      expect(cached.rawPayload.equals(first.rawPayload)).toBe(true);
      // ...until the article is updated: then it is drawn again, now without the poster.
      await sql`UPDATE articles SET updated_at = now() + interval '1 second' WHERE id = ${f.forCaching}`.execute(
        t.database.handle.db,
      );
      const redrawn = await t.app.inject(url);
      expect(redrawn.statusCode).toBe(200);
      expect(redrawn.headers.etag).not.toBe(first.headers.etag);
      expect(isPoster(await pixel(redrawn.rawPayload))).toBe(false);
    });

    it('answers 404 for unknown and unpublished articles and 400 for a malformed id', async () => {
      for (const id of [UNKNOWN_ID, f.pending, f.scheduled]) {
        const res = await t.app.inject(`/api/articles/${id}/ogimage.jpg`);
        expect(res.statusCode, id).toBe(404);
        expect(res.json()).toEqual({
          statusCode: 404,
          error: 'Not Found',
          message: 'There is no published article with that id.',
        });
      }
      const malformed = await t.app.inject('/api/articles/not-an-id/ogimage.jpg');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringContaining('params.id') });
    });

    it('is documented as getArticleOgImage answering image/jpeg; the page route is not in the API', async () => {
      const doc = (await t.app.inject('/docs/json')).json();
      const operation = doc.paths['/api/articles/{id}/ogimage.jpg'].get;
      expect(operation.operationId).toBe('getArticleOgImage');
      expect(operation.responses['200'].content['image/jpeg'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '400', '404', '503']));
      expect(doc.paths['/v/{id}']).toBeUndefined();
    });
  });

  describe('GET /v/:id', () => {
    it('answers the web app with the title and the link-preview tags of the article', async () => {
      const res = await t.app.inject(`/v/${f.withPoster}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      const html = res.body;
      expect(html).toContain('<title>Shared article number 1 about the city budget · Newsreel</title>');
      expect(html).toContain('<div id="root"></div>');
      expect(metaContent(html, 'og:title')).toBe('Shared article number 1 about the city budget');
      expect(metaContent(html, 'og:description')).toBe(DESCRIPTION);
      expect(metaContent(html, 'og:type')).toBe('article');
      expect(metaContent(html, 'og:site_name')).toBe('Newsreel');
      expect(metaContent(html, 'og:url')).toBe(`http://localhost:80/v/${f.withPoster}`);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:title')).toBe('Shared article number 1 about the city budget');
      expect(metaContent(html, 'twitter:description')).toBe(DESCRIPTION);
      const image = metaContent(html, 'og:image')!;
      expect(image).toMatch(new RegExp(`^http://localhost:80/api/articles/${f.withPoster}/ogimage\\.jpg\\?v=\\d+$`));
      expect(metaContent(html, 'twitter:image')).toBe(image);
      // The page's own description and og:title give way; each tag appears once.
      expect(html.match(/name="description"/g)).toHaveLength(1);
      expect(html.match(/property="og:title"/g)).toHaveLength(1);
      expect(html).not.toContain('news videos from the regions you follow');
      // The image URL answers the image.
      const fetched = await t.app.inject(image.replace('http://localhost:80', ''));
      expect(fetched.statusCode).toBe(200);
      expect(fetched.headers['content-type']).toBe('image/jpeg');
    });

    it('marks an article with a video as video.other', async () => {
      const html = (await t.app.inject(`/v/${f.video}`)).body;
      expect(metaContent(html, 'og:type')).toBe('video.other');
    });

    it('escapes the title everywhere it appears', async () => {
      const res = await t.app.inject(`/v/${f.nasty}`);
      expect(res.statusCode).toBe(200);
      const escaped = 'Budget &quot;deal&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; $&amp; more';
      expect(res.body).toContain(`<title>${escaped} · Newsreel</title>`);
      expect(metaContent(res.body, 'og:title')).toBe(escaped);
      expect(metaContent(res.body, 'twitter:title')).toBe(escaped);
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain(`"deal"`);
    });

    it('ignores X-Forwarded-Proto and X-Forwarded-Host from a proxy the app does not trust', async () => {
      const res = await t.app.inject({
        url: `/v/${f.withPoster}`,
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
      });
      expect(metaContent(res.body, 'og:image')).toMatch(/^http:\/\/localhost:80\//);
    });

    it('answers unknown, unpublished and malformed ids with the plain web app and 404', async () => {
      for (const id of [UNKNOWN_ID, f.pending, f.scheduled, 'not-an-id', '123']) {
        const res = await t.app.inject(`/v/${id}`);
        expect(res.statusCode, id).toBe(404);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.body).toBe(INDEX_HTML);
      }
    });
  });
});

describe('shared links behind a trusted proxy', () => {
  let t: TestApp;
  let dist: string;
  let f: Fixture;
  beforeAll(async () => {
    dist = await webDist();
    t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: 'true' });
    f = await seed(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('builds absolute URLs from the forwarded protocol and host', async () => {
    const res = await t.app.inject({
      url: `/v/${f.noPoster}`,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'news.example.com' },
    });
    expect(metaContent(res.body, 'og:image')).toMatch(
      new RegExp(`^https://news\\.example\\.com/api/articles/${f.noPoster}/ogimage\\.jpg\\?v=\\d+$`),
    );
    expect(metaContent(res.body, 'og:url')).toBe(`https://news.example.com/v/${f.noPoster}`);
  });

  it('reads index.html again when it changes, and answers like the web app when it is gone', async () => {
    await writeFile(path.join(dist, 'index.html'), '<html><head><title>Rebuilt</title></head><body></body></html>');
    const rebuilt = await t.app.inject(`/v/${f.noPoster}`);
    expect(rebuilt.body).toContain('<title>Shared article number 3 about the city budget · Newsreel</title>');
    expect(rebuilt.body).not.toContain('Rebuilt');
    await rm(path.join(dist, 'index.html'));
    const missing = await t.app.inject(`/v/${f.noPoster}`);
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toMatchObject({ statusCode: 503, message: expect.stringContaining('npm run build') });
  });
});

describe('og-image helpers', () => {
  const width = (text: string) => Array.from(text).length * 10;

  it('wraps to at most three lines and ends cut text with an ellipsis', () => {
    expect(wrapText('one two three', 200, 3, width)).toEqual({ lines: ['one two three'], truncated: false });
    const long = wrapText('alpha beta gamma delta epsilon zeta eta theta iota kappa', 110, 3, width);
    expect(long.truncated).toBe(true);
    expect(long.lines).toEqual(['alpha beta', 'gamma delta', 'epsilon…']);
    for (const line of long.lines) expect(width(line)).toBeLessThanOrEqual(110);
    const unbroken = wrapText('Donaudampfschifffahrtsgesellschaft', 100, 3, width);
    expect(unbroken.lines).toHaveLength(3);
    expect(unbroken.lines[2]!.endsWith('…')).toBe(true);
  });

  it('resolves only existing files inside the media folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'newsreel-og-root-'));
    const outside = await mkdtemp(path.join(os.tmpdir(), 'newsreel-og-outside-'));
    try {
      await mkdir(path.join(root, 'story'));
      await writeFile(path.join(root, 'story', 'poster.jpg'), 'x');
      await writeFile(path.join(outside, 'secret.jpg'), 'x');
      await symlink(path.join(outside, 'secret.jpg'), path.join(root, 'story', 'link.jpg'));
      const resolve = (url: string | null) => resolveLocalPoster(url, root, '/media/demo');
      expect(await resolve('/media/demo/story/poster.jpg?v=2')).toBe(path.join(root, 'story', 'poster.jpg'));
      expect(await resolve('/media/demo/story/missing.jpg')).toBeNull();
      expect(await resolve(null)).toBeNull();
      expect(await resolve('https://cdn.example.com/media/demo/story/poster.jpg')).toBeNull();
      expect(await resolve('/media/other/story/poster.jpg')).toBeNull();
      expect(await resolve(`/media/demo/../${path.basename(outside)}/secret.jpg`)).toBeNull();
      expect(await resolve(`/media/demo/%2e%2e/${path.basename(outside)}/secret.jpg`)).toBeNull();
      expect(await resolve(`/media/demo/${'..%2f'.repeat(12)}etc/passwd`)).toBeNull();
      expect(await resolve('/media/demo/story/link.jpg')).toBeNull();
      expect(await resolve('/media/demo/%E0%A4%A')).toBeNull();
      expect(await resolve('/media/demo/story')).toBeNull();
    } finally {
      await rm(root, { recursive: true, force: true });
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('keeps at most the configured number of images, dropping the least recently used', async () => {
    const cache = new OgImageCache(2);
    let renders = 0;
    const render = async (): Promise<OgImage> => {
      renders += 1;
      return { body: Buffer.from([renders]), etag: `"${renders}"`, poster: false };
    };
    cache.get('a', '1', render);
    cache.get('b', '1', render);
    expect(cache.get('a', '1', render).hit).toBe(true);
    cache.get('c', '1', render);
    expect(cache.size).toBe(2);
    expect(cache.get('a', '1', render).hit).toBe(true);
    expect(cache.get('b', '1', render).hit).toBe(false);
    expect(cache.get('b', '2', render).hit).toBe(false);
    expect(renders).toBe(5);
  });

  it('inserts tags into a page without a title and reads "$" in values literally', () => {
    const html = withShareMeta('<html><head></head><body></body></html>', {
      title: 'Cost $& $1 up',
      description: 'd',
      url: 'https://x.example/v/1',
      image: 'https://x.example/i.jpg',
      type: 'article',
      publishedAt: null,
    });
    expect(html).toContain('<title>Cost $&amp; $1 up · Newsreel</title>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });
});
