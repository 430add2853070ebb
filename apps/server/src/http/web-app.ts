import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { errorBody } from './errors';
import { APP_SCRIPTS_ELEMENT_ID, FIRST_PAINT_STYLE, firstPaintHtml, START_AFTER_POSTER_SCRIPT, type FirstPaintLayout } from './first-paint';
import { escapeHtml } from './html';
import { REQUESTED_CLIENT_HINTS } from '../modules/visitors/device';

/** Paths that belong to the API; the single-page app's fallback never answers them. */
const API_PREFIXES = ['/v1/', '/api/', '/docs', '/status', '/media/'];

export const WEB_APP_NOT_BUILT_MESSAGE = 'The web app has not been built yet. Run `npm run build`, then reload.';

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/** One chunk of the Vite manifest (dist/.vite/manifest.json), keyed by its source path. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What the first screen of a page needs beyond the shell: the lazy modules the client router loads
 * for it (apps/web/src/app/router.tsx: the route's page, and MUI's theme for a page drawn with MUI)
 * and the API answers it asks for first, as the web
 * client writes their URLs (path and query in the same order). Only public answers: nothing that
 * depends on the reader's own regions, visitor id or token.
 */
export const FIRST_SCREENS: readonly {
  pattern: RegExp;
  routeModules: readonly string[];
  apiUrls: (match: RegExpExecArray) => string[];
  firstPaint: FirstPaintLayout;
}[] = [
  {
    // The reader's feed as a first visit (Global, page 1) asks for it; with other regions chosen
    // the client asks for its own and this answer is not used.
    pattern: /^\/$/,
    routeModules: ['src/app/routes/home-page.tsx'],
    apiUrls: () => ['/v1/articles?page=1&limit=30'],
    firstPaint: 'home',
  },
  {
    pattern: /^\/v\/([0-9a-f-]{36})$/i,
    routeModules: ['src/features/articles/pages/article-page.tsx'],
    apiUrls: (match) => [`/v1/articles/${match[1]}?transcript=true`],
    firstPaint: 'article',
  },
];

/** The id of the element carrying the embedded API answers; apps/web/src/lib/api-client.ts reads it. */
export const API_ANSWERS_ELEMENT_ID = 'api-answers';

/** The Vite manifest of the build, read again whenever a new build replaces it. */
function manifestReader(webDistDir: string): () => Promise<Manifest> {
  const file = path.join(webDistDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest } | undefined;
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(await readFile(file, 'utf8')) as Manifest };
      return cached.manifest;
    } catch {
      // A build without a manifest still works; its pages only miss the early hints.
      return {};
    }
  };
}

/** The files of a chunk and of every chunk it imports statically, each once. */
function chunkFiles(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => chunkFiles(manifest, imported, seen))];
}

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can appear in it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}


/** The poster the first screen shows largest: the article's own, or the first of the feed. */
function leadPoster(answer: unknown): string | undefined {
  if (typeof answer !== 'object' || answer === null) return undefined;
  const record = answer as { poster?: unknown; items?: { poster?: unknown }[] };
  const poster = Array.isArray(record.items) ? record.items[0]?.poster : record.poster;
  // Only the app's own media: a poster elsewhere is left to the page.
  return typeof poster === 'string' && poster.startsWith('/') && !poster.startsWith('//') ? poster : undefined;
}

/**
 * With a static first paint the page's scripts are not needed to show it: the entry's <script> and
 * Vite's modulepreload links give way to a list (entry first, then those chunks, then the page's
 * own `routeChunks`) that START_AFTER_POSTER_SCRIPT fetches once the poster is on screen.
 */
function withScriptsAfterFirstPaint(html: string, routeChunks: string[]): string {
  const scripts: string[] = [];
  const page = html.replace(
    /\s*<(?:script type="module" crossorigin src|link rel="modulepreload" crossorigin href)="(\/assets\/[^"]+\.js)"\s*\/?>(?:<\/script>)?/g,
    (whole, src: string) => {
      if (whole.includes('<script')) scripts.unshift(src);
      else scripts.push(src);
      return '';
    },
  );
  if (scripts.length === 0) return html;
  scripts.push(...routeChunks);
  const start = `<script type="application/json" id="${APP_SCRIPTS_ELEMENT_ID}">${jsonForScript(scripts)}</script>\n    <script type="module">${START_AFTER_POSTER_SCRIPT}</script>`;
  return page.replace(/<\/body>/i, () => `  ${start}\n  </body>`);
}

/**
 * index.html for one page with what its first screen needs, so the browser fetches it at once
 * instead of after the app has started: modulepreload links for the page's own chunks, a preload
 * of the poster it shows largest, and the public API answers it asks for first, embedded as JSON.
 */
async function withFirstScreen(app: FastifyInstance, manifest: Manifest, request: FastifyRequest, html: string): Promise<string> {
  const pathname = request.url.split('?')[0] ?? request.url;
  for (const screen of FIRST_SCREENS) {
    const match = screen.pattern.exec(pathname);
    if (!match) continue;
    const present = new Set([...html.matchAll(/(?:href|src)="\/(assets\/[^"]+)"/g)].map((found) => found[1]));
    const seen = new Set<string>();
    const routeChunks = screen.routeModules
      .flatMap((module) => chunkFiles(manifest, module, seen))
      .filter((file) => !present.has(file))
      .map((file) => `/${file}`);
    const answers: Record<string, unknown> = {};
    for (const url of screen.apiUrls(match)) {
      const answer = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      if (answer.statusCode !== 200 || !String(answer.headers['content-type']).includes('json')) continue;
      answers[url] = answer.json();
    }
    const poster = Object.values(answers).map(leadPoster).find(Boolean);
    // Embedded in a publisher's page (SPEC §9: an embed.* host) the app has no bar and another layout.
    const paintFirst = poster !== undefined && !request.hostname.includes('embed') && /<div id="root"><\/div>/.test(html);
    const hints: string[] = [];
    if (poster) hints.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(poster)}" />`);
    if (paintFirst) hints.push(FIRST_PAINT_STYLE);
    else hints.push(...routeChunks.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}" />`));
    let page = html;
    if (paintFirst) page = page.replace('<div id="root"></div>', () => `${firstPaintHtml(screen.firstPaint, PRODUCT_NAME, poster)}<div id="root"></div>`);
    if (hints.length > 0) page = page.replace(/<\/head>/i, () => `  ${hints.join('\n    ')}\n  </head>`);
    if (paintFirst) page = withScriptsAfterFirstPaint(page, routeChunks);
    if (Object.keys(answers).length > 0) {
      const script = `<script type="application/json" id="${API_ANSWERS_ELEMENT_ID}">${jsonForScript(answers)}</script>`;
      page = page.replace(/<\/body>/i, () => `  ${script}\n  </body>`);
    }
    return page;
  }
  return html;
}

/**
 * The app's stylesheets (one file: the build does not split CSS) written into the page instead of
 * linked, so the first paint waits for no second download. Contents are read once per file name;
 * names are content hashes, so a new build brings new names.
 */
function stylesheetInliner(webDistDir: string): (html: string) => Promise<string> {
  const contents = new Map<string, string>();
  const link = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g;
  return async (html) => {
    const files = [...html.matchAll(link)].map((found) => found[1] as string);
    for (const file of files) {
      if (!contents.has(file)) contents.set(file, await readFile(path.join(webDistDir, file), 'utf8'));
    }
    // `</style` cannot appear in a built stylesheet's rules, but a string in one could hold it.
    return html.replace(link, (whole, file: string) => {
      const css = contents.get(file) ?? '';
      return /<\/style/i.test(css) ? whole : `<style data-href="/${file}">${css}</style>`;
    });
  };
}

const isHtml = (reply: FastifyReply) => String(reply.getHeader('content-type') ?? '').startsWith('text/html');

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time,
 * and any other page path answered with index.html so the client router can take it. Pages whose
 * first screen is known (FIRST_SCREENS) carry what it needs, whichever route answers them
 * (`/v/{id}` is answered by the shared-link route with its preview tags).
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const manifest = manifestReader(webDistDir);
  const inlineStylesheets = stylesheetInliner(webDistDir);
  let cachedIndex: { mtimeMs: number; size: number; html: string } | undefined;
  const indexHtml = async (): Promise<string> => {
    const info = await stat(indexFile);
    if (cachedIndex?.mtimeMs !== info.mtimeMs || cachedIndex.size !== info.size) {
      cachedIndex = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(indexFile, 'utf8') };
    }
    return cachedIndex.html;
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // `/` is a page like any other (the route below), not the bare index.html.
      index: false,
      // Called with Fastify's reply in @fastify/static 10.
      setHeaders(reply, filePath) {
        const relative = path.relative(webDistDir, filePath);
        reply.header(
          'cache-control',
          relative.startsWith(`assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
    // Runs for every answer, so anything but a page passes straight through, without a promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string' || !isHtml(reply) || isApiPath(request.url)) {
        done(null, payload);
        return;
      }
      reply.header('accept-ch', REQUESTED_CLIENT_HINTS.join(', '));
      manifest()
        .then((built) => withFirstScreen(app, built, request, payload))
        .then(async (withAnswers) => {
          // The ETag was taken of the page without its answers, which change while it does not:
          // with it a browser could keep old answers by revalidating. Without it, it reloads the page.
          if (withAnswers !== payload) reply.removeHeader('etag');
          return inlineStylesheets(withAnswers);
        })
        .then(
          (page) => done(null, page),
          (error: unknown) => {
            // The page works without its early hints (and with its stylesheet linked); they are never worth a failed page.
            request.log.warn({ err: error }, 'first-screen hints left out');
            done(null, payload);
          },
        );
    });
  }

  const sendPage = async (reply: FastifyReply) => {
    // A build being replaced can leave no index.html for a moment: the same answer as no build.
    const html = await indexHtml().catch(() => undefined);
    if (html === undefined) return reply.status(503).send(errorBody(503, WEB_APP_NOT_BUILT_MESSAGE));
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  if (built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendPage(reply));

  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && built) return sendPage(reply);
    if (wantsPage) {
      return reply
        .status(503)
        .send(errorBody(503, WEB_APP_NOT_BUILT_MESSAGE));
    }
    return reply
      .status(404)
      .send(errorBody(404, `There is nothing at ${request.method} ${request.url.split('?')[0]}.`));
  });
}
