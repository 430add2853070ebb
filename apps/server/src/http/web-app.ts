import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

/** Paths that belong to the API; the single-page app's fallback never answers them. */
const API_PREFIXES = ['/v1/', '/api/', '/docs', '/status', '/media/'];

export const WEB_APP_NOT_BUILT_MESSAGE = 'The web app has not been built yet. Run `npm run build`, then reload.';

export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => pathname === prefix.replace(/\/$/, '') || pathname.startsWith(prefix));
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html revalidated every time,
 * and any other page path answered with index.html so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
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
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !path.extname(request.url.split('?')[0] ?? '');
    if (wantsPage && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
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
