import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedCache } from './expiring-cache';
import { PUBLIC_SHORT_CACHE } from './query';

/**
 * A micro-cache of public read answers: the serialised body and its ETag, kept for about a
 * second, keyed by the normalised URL. Under load, identical reads within that second are
 * answered from memory instead of the database. Browsers and CDNs may already keep these answers
 * for 30 s (`PUBLIC_SHORT_CACHE`), so one second more changes nothing a client can rely on.
 *
 * Only public reads are kept: a request with an `Authorization` header or a `visitorId` is always
 * answered afresh (and never stored). Errors are never kept.
 */
export const ANSWER_TTL_MS = 1_000;
export const ANSWER_MAX_ENTRIES = 500;
/** At most this many characters of bodies in all (a page of 150 articles is about 150,000). */
export const ANSWER_MAX_CHARS = 32 * 1024 * 1024;

/** What a cached public read says about its freshness (OpenAPI descriptions). */
export const FRESHNESS =
  'Public read: each server process answers identical requests from memory for up to 1 s, and browsers and CDNs may keep the answer for 30 s more (`Cache-Control: public, max-age=30, stale-while-revalidate=60`, with a weak ETag to revalidate).';

export interface CachedAnswer {
  body: string;
  etag: string;
}

/** The same weak ETag as @fastify/etag makes (SHA-1, base64), so revalidation works either way. */
function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64')}"`;
}

/**
 * The route, its parameters and the query fields its schema declares, with the values as
 * validated (so `?limit=30&utm_source=x` and `?limit=30` are one key, and order does not matter).
 */
function normalisedUrl(request: FastifyRequest): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  const path = (request.routeOptions.url ?? request.url.split('?')[0]!).replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
  const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
  const query = (request.query ?? {}) as Record<string, unknown>;
  const fields = Object.keys(schema?.properties ?? {})
    .filter((name) => query[name] !== undefined)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(JSON.stringify(query[name]))}`);
  return fields.length > 0 ? `${path}?${fields.join('&')}` : path;
}

function isPersonal(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return request.headers.authorization !== undefined || query?.visitorId !== undefined;
}

export interface PublicAnswers {
  /**
   * Answers a public read with `Cache-Control: PUBLIC_SHORT_CACHE` from the micro-cache, or
   * builds it with `build` (which may throw, e.g. a 404), serialises it with the route's response
   * schema and keeps it. Concurrent requests for the same URL share one build.
   */
  send(request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>): Promise<FastifyReply>;
  /** Forgets the answers of the routes whose URL starts with one of these paths (after a write). */
  forget(...paths: string[]): void;
}

/** The micro-cache of public answers read from one database (shared by every route module). */
export function publicAnswers(database: object): PublicAnswers {
  const cache = sharedCache<CachedAnswer>(database, 'public-answers', {
    ttlMs: ANSWER_TTL_MS,
    maxEntries: ANSWER_MAX_ENTRIES,
    maxWeight: ANSWER_MAX_CHARS,
    weigh: (answer) => answer.body.length,
  });
  const serialise = async (reply: FastifyReply, build: () => Promise<unknown>): Promise<CachedAnswer> => {
    const body = reply.serialize(await build()) as string;
    return { body, etag: etagOf(body) };
  };
  return {
    async send(request, reply, build) {
      const answer = isPersonal(request)
        ? await serialise(reply, build)
        : await cache.getOrLoad(normalisedUrl(request), () => serialise(reply, build));
      // A string with a JSON content type is sent as it is; @fastify/etag keeps the ETag set here
      // and answers If-None-Match with 304.
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .header('etag', answer.etag)
        .type('application/json; charset=utf-8')
        .send(answer.body);
    },
    forget(...paths) {
      cache.forget((key) => paths.some((path) => key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`)));
    },
  };
}
