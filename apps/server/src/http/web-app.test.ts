import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { seedDemoCatalogue } from '../db/demo-seed';
import { APP_SCRIPTS_ELEMENT_ID, START_AFTER_POSTER_CSP, START_AFTER_POSTER_SCRIPT } from './first-paint';
import { API_ANSWERS_ELEMENT_ID, FIRST_SCREENS, jsonForScript } from './web-app';

const webAppDir = fileURLToPath(new URL('../../../web/', import.meta.url));

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Newsreel</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** A manifest as Vite writes it: the home route needs its own chunk, a rail chunk and the shared one. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', imports: ['_shared-abc.js'] },
  '_shared-abc.js': { file: 'assets/shared-abc.js' },
  '_rail-abc.js': { file: 'assets/rail-abc.js', imports: ['_shared-abc.js', 'index.html'] },
  'src/app/routes/home-page.tsx': { file: 'assets/home-page-abc.js', imports: ['_rail-abc.js', 'index.html'] },
};

const APP_CSS = ':root{--nr-bg:#0e0f12}body{margin:0}';

function embeddedAnswers(html: string): Record<string, unknown> {
  const match = new RegExp(`<script type="application/json" id="${API_ANSWERS_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : {};
}

describe('the web app pages', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-'));
    await mkdir(path.join(webDist, '.vite'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), INDEX_HTML);
    await writeFile(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'assets', 'index-abc.css'), APP_CSS);
    t = await createTestApp({ WEB_DIST_DIR: webDist });
    await seedDemoCatalogue(t.database.handle.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('writes the app stylesheet into every page instead of linking it, so the first paint waits for no second download', async () => {
    for (const url of ['/', '/stories', '/no/such/page']) {
      const html = (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
      expect(html).toContain(`<style data-href="/assets/index-abc.css">${APP_CSS}</style>`);
      expect(html).not.toContain('rel="stylesheet"');
    }
    // The file itself is still served, for anything that links it.
    const css = await t.app.inject({ url: '/assets/index-abc.css' });
    expect(css.statusCode).toBe(200);
    expect(css.body).toBe(APP_CSS);
  });

  it('asks browsers on every page for the client hints the visitor’s device is read from, and not on API answers', async () => {
    for (const url of ['/', '/stories', '/no/such/page']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.headers['accept-ch'], url).toBe('Sec-CH-UA-Arch, Sec-CH-UA-Bitness, Sec-CH-UA-Model, Sec-CH-UA-Platform-Version, Sec-CH-UA-Full-Version-List, Sec-CH-UA-Form-Factors');
    }
    expect((await t.app.inject({ url: '/v1/regions' })).headers['accept-ch']).toBeUndefined();
  });

  it('gives / its route chunks, its first feed answer, and a first paint of the lead poster', async () => {
    const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Answers change while index.html does not: no ETag that would let a browser keep old ones.
    expect(res.headers.etag).toBeUndefined();

    const html = res.body;
    // With the static first paint on screen the scripts wait for the poster: listed, entry first, not linked.
    const scripts = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];
    expect(JSON.parse(scripts ?? '[]')).toEqual(['/assets/index-abc.js', '/assets/shared-abc.js', '/assets/home-page-abc.js', '/assets/rail-abc.js']);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).toContain(`<script type="module">${START_AFTER_POSTER_SCRIPT}</script>`);
    // The one inline script is the one the page's CSP allows.
    const res2 = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(String(res2.headers['content-security-policy'])).toContain(`script-src 'self' ${START_AFTER_POSTER_CSP}`);
    // Chunks the page already names are not named twice.
    expect(html.match(/shared-abc\.js/g)).toHaveLength(1);

    const feed = (await t.app.inject('/v1/articles?page=1&limit=30')).json<{ items: { poster: string }[] }>();
    expect(embeddedAnswers(html)).toEqual({ '/v1/articles?page=1&limit=30': feed });
    const poster = feed.items[0]?.poster ?? '';
    expect(poster).toMatch(/^\/media\//);
    expect(html).toContain(`<link rel="preload" as="image" fetchpriority="high" href="${poster}" />`);
    expect(html).toMatch(new RegExp(`<div id="first-paint" aria-hidden="true">.*<img src="${poster}" alt="".*</div><div id="root"></div>`));
  });

  it('gives /v/{id} its article answer and poster beside the link-preview tags', async () => {
    const feed = (await t.app.inject('/v1/articles?limit=1')).json<{ items: { id: string }[] }>();
    const id = feed.items[0]?.id ?? '';
    const res = await t.app.inject({ url: `/v/${id}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta property="og:title"');
    const article = (await t.app.inject(`/v1/articles/${id}?transcript=true`)).json<{ poster: string }>();
    expect(embeddedAnswers(res.body)).toEqual({ [`/v1/articles/${id}?transcript=true`]: article });
    expect(res.body).toContain(`<img src="${article.poster}" alt=""`);
    expect(res.headers.etag).toBeUndefined();
  });

  it('leaves pages without a known first screen, unknown articles and embedded hosts as they are', async () => {
    const search = await t.app.inject({ url: '/search?q=rain', headers: { accept: 'text/html' } });
    expect(search.statusCode).toBe(200);
    expect(search.body).toBe(INDEX_HTML.replace(/<link rel="stylesheet"[^>]*>/, `<style data-href="/assets/index-abc.css">${APP_CSS}</style>`));

    const unknown = await t.app.inject({ url: '/v/00000000-0000-4000-8000-000000000000', headers: { accept: 'text/html' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain(API_ANSWERS_ELEMENT_ID);

    const embedded = await t.app.inject({ url: '/', headers: { accept: 'text/html', host: 'embed.newsreel.example' } });
    expect(embedded.body).toContain(API_ANSWERS_ELEMENT_ID);
    expect(embedded.body).not.toContain('first-paint');
    // Without a first paint to wait for, the scripts load at once: the page's own chunks beside the entry.
    expect(embedded.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(embedded.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-page-abc.js" />');
    expect(embedded.body).toContain('<link rel="modulepreload" crossorigin href="/assets/rail-abc.js" />');
    expect(embedded.body).not.toContain(APP_SCRIPTS_ELEMENT_ID);
  });

  it('answers 503 for a page while index.html is missing, as when the app is not built', async () => {
    const indexFile = path.join(webDist, 'index.html');
    await rm(indexFile);
    try {
      const res = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ statusCode: 503, message: expect.stringContaining('npm run build') });
    } finally {
      await writeFile(indexFile, INDEX_HTML);
    }
  });

    it('names route modules that exist in the web app', () => {
    for (const module of FIRST_SCREENS.flatMap((screen) => screen.routeModules)) expect(existsSync(path.join(webAppDir, module)), module).toBe(true);
  });

  it('embeds JSON that cannot end its script element', () => {
    const json = jsonForScript({ title: '</script><script>alert(1)</script><!--' });
    expect(json).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(json)).toEqual({ title: '</script><script>alert(1)</script><!--' });
  });
});
