import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ArticleStatus, IdParamsSchema, MediaType, type ArticleSummary } from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_URL } from '../../db/demo-seed';
import { errorBody, errorResponses, notFound } from '../../http/errors';
import { escapeHtml } from '../../http/html';
import { WEB_APP_NOT_BUILT_MESSAGE } from '../../http/web-app';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, cleanText, ogImageCacheOf, renderOgImage, resolveLocalPoster } from './og-image';

/**
 * Shared links (SPEC §2): /v/{articleId} is the web app's page with the article's title and
 * Open Graph / Twitter card tags for link previews, and /api/articles/{articleId}/ogimage.jpg
 * is the preview image those tags point at.
 */

export interface ShareRoutesOptions {
  deps: AppDeps;
  /** Where poster URLs of local media point: files of `dir` served under `urlPrefix`. */
  media?: { dir: string; urlPrefix: string };
  /** How many preview images are kept in memory (one per article). */
  cachedImages?: number;
}

const SITE_NAME = 'Newsreel';
const IMAGE_CACHE = 'public, max-age=86400';
const PAGE_CACHE = 'public, max-age=60';
const DESCRIPTION_MAX = 200;
const NOT_FOUND_MESSAGE = 'There is no published article with that id.';

/** `text` cut at a word to at most `max` characters, with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/u, '')}…`;
}

export interface ShareMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the preview image. */
  image: string;
  type: 'video.other' | 'article';
  publishedAt: string | null;
}

const isReplacedMeta = (tag: string) =>
  /\b(?:property|name)\s*=\s*["']?(?:og:|twitter:|description\b)/i.test(tag);

/**
 * index.html with the article's title and its link-preview tags in <head>; the page's own
 * description, og: and twitter: tags give way to them. Every value is HTML-escaped.
 */
export function withShareMeta(html: string, meta: ShareMeta): string {
  const property = (name: string, content: string) =>
    `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  const tags = [
    named('description', meta.description),
    `<link rel="canonical" href="${escapeHtml(meta.url)}" />`,
    property('og:site_name', SITE_NAME),
    property('og:type', meta.type),
    property('og:title', meta.title),
    property('og:description', meta.description),
    property('og:url', meta.url),
    property('og:image', meta.image),
    property('og:image:type', 'image/jpeg'),
    property('og:image:width', String(OG_IMAGE_WIDTH)),
    property('og:image:height', String(OG_IMAGE_HEIGHT)),
    property('og:image:alt', meta.title),
    ...(meta.type === 'article' && meta.publishedAt ? [property('article:published_time', meta.publishedAt)] : []),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', meta.title),
    named('twitter:description', meta.description),
    named('twitter:image', meta.image),
    named('twitter:image:alt', meta.title),
  ];
  const title = `<title>${escapeHtml(`${meta.title} · ${SITE_NAME}`)}</title>`;

  // Replacer functions throughout: a title holding "$&" must not be read as a pattern.
  let page = html.replace(/<meta\b[^>]*>[ \t]*(?:\r?\n)?/gi, (tag) => (isReplacedMeta(tag) ? '' : tag));
  let hasTitle = false;
  page = page.replace(/<title\b[^>]*>[\s\S]*?<\/title>/i, () => {
    hasTitle = true;
    return title;
  });
  const head = [...(hasTitle ? [] : [title]), ...tags].join('\n    ');
  if (/<\/head>/i.test(page)) return page.replace(/<\/head>/i, () => `  ${head}\n  </head>`);
  if (/<head\b[^>]*>/i.test(page)) return page.replace(/<head\b[^>]*>/i, (open) => `${open}\n    ${head}`);
  return `${head}\n${page}`;
}

/** index.html of the built web app, read again whenever the file changes; undefined when absent. */
function indexHtmlReader(webDistDir: string) {
  const file = path.join(webDistDir, 'index.html');
  let cached: { mtimeMs: number; size: number; html: string } | undefined;
  return async (): Promise<string | undefined> => {
    try {
      const info = await stat(file);
      if (!info.isFile()) return undefined;
      if (cached?.mtimeMs !== info.mtimeMs || cached.size !== info.size) {
        cached = { mtimeMs: info.mtimeMs, size: info.size, html: await readFile(file, 'utf8') };
      }
      return cached.html;
    } catch {
      return undefined;
    }
  };
}

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin the client used: Fastify's protocol and host, which follow X-Forwarded-Proto and
 * X-Forwarded-Host only when the app trusts the proxy. Null for a Host header that is not a host.
 */
function originOf(request: FastifyRequest): string | null {
  return HOST.test(request.host) ? `${request.protocol}://${request.host}` : null;
}

export const shareRoutes: FastifyPluginAsyncTypebox<ShareRoutesOptions> = async (app, options) => {
  const { deps } = options;
  const { articles } = deps.content;
  const db = deps.database.db;
  const media = options.media ?? { dir: DEMO_MEDIA_DIR, urlPrefix: DEMO_MEDIA_URL };
  const images = ogImageCacheOf(db, options.cachedImages ?? 200);
  const indexHtml = indexHtmlReader(deps.config.webDistDir);

  /**
   * The version of a public article's preview: the later of its own and its publisher's last
   * change, in microseconds; undefined when the article is unknown or not public.
   */
  async function versionOf(id: string): Promise<string | undefined> {
    const { rows } = await sql<{ version: string }>`
      SELECT (extract(epoch FROM greatest(a.updated_at, p.updated_at)) * 1000000)::bigint::text AS version
      FROM articles a JOIN publishers p ON p.id = a.publisher_id
      WHERE a.id = ${id} AND a.status = ${ArticleStatus.ACTIVE} AND a.published_at <= now()`.execute(db);
    return rows[0]?.version;
  }

  app.get(
    '/api/articles/:id/ogimage.jpg',
    {
      schema: {
        operationId: 'getArticleOgImage',
        summary: 'The link-preview image of a published article',
        description: `A ${OG_IMAGE_WIDTH}×${OG_IMAGE_HEIGHT} JPEG: the poster with the title, publisher and Newsreel name. Cached for a day; changes to the article give a new ETag.`,
        tags: ['articles'],
        params: IdParamsSchema,
        response: {
          200: {
            description: `A ${OG_IMAGE_WIDTH}×${OG_IMAGE_HEIGHT} JPEG image`,
            content: { 'image/jpeg': { schema: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }) } },
          },
          ...errorResponses(400, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const version = await versionOf(id);
      if (version === undefined) throw notFound(NOT_FOUND_MESSAGE);
      const { image } = images.get(id, version, async () => {
        const article = await articles.summaryOf(id);
        if (!article) throw notFound(NOT_FOUND_MESSAGE);
        const posterFile = await resolveLocalPoster(article.poster, media.dir, media.urlPrefix);
        return renderOgImage({ title: article.title, publisher: article.publisher.name, posterFile });
      });
      const { body, etag } = await image;
      return reply
        .header('content-type', 'image/jpeg')
        .header('cache-control', IMAGE_CACHE)
        .header('etag', etag)
        // Link previews are drawn by other sites: let their pages show the image.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(body);
    },
  );

  app.get(
    '/v/:id',
    {
      // A page of the web app, not part of the API.
      schema: { hide: true, params: IdParamsSchema },
      // A malformed id is still answered with the web app, which shows its own not-found.
      attachValidation: true,
    },
    async (request, reply) => {
      const html = await indexHtml();
      if (html === undefined) {
        return reply.status(503).send(errorBody(503, WEB_APP_NOT_BUILT_MESSAGE));
      }
      const page = (status: number, body: string, cacheControl = PAGE_CACHE) =>
        reply
          .status(status)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', cacheControl)
          .send(body);
      if (request.validationError) return page(404, html);

      const { id } = request.params;
      let found: [ArticleSummary | undefined, string | undefined];
      try {
        found = await Promise.all([articles.summaryOf(id), versionOf(id)]);
      } catch (error) {
        // The page still loads; the app shows the error. Not cached.
        request.log.error({ err: error }, 'shared article lookup failed');
        return page(503, html, 'no-cache');
      }
      const [article, version] = found;
      if (!article || version === undefined) return page(404, html);

      const origin = originOf(request) ?? '';
      const imagePath = `/api/articles/${encodeURIComponent(id)}/ogimage.jpg?v=${version}`;
      const video = article.mediafile?.type === MediaType.VIDEO || article.mediafile?.type === MediaType.DUBBED_VIDEO;
      return page(
        200,
        withShareMeta(html, {
          title: cleanText(article.title),
          description: shorten(cleanText(article.description), DESCRIPTION_MAX),
          url: `${origin}/v/${encodeURIComponent(id)}`,
          image: `${origin}${imagePath}`,
          type: video ? 'video.other' : 'article',
          publishedAt: article.publishedAt,
        }),
      );
    },
  );
};
