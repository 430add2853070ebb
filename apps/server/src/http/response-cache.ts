import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sharedCache } from './expiring-cache';
import { JSON_CONTENT_TYPE, PUBLIC_SHORT_CACHE } from './query';

/**
 * A micro-cache of public read answers: the serialised body and its ETag, keyed by the normalised
 * URL. Under load, identical reads are answered from memory instead of the database: lists for
 * about a second (new articles show at once), single resources such as an article for ten
 * seconds (they change rarely, and readers open the same popular ones). Each answer from the
 * cache carries `Age`, so a browser or CDN counts its 30 s max-age (`PUBLIC_SHORT_CACHE`) from
 * when the database was read: an edit or an unpublished article shows everywhere within it.
 *
 * Only public reads are kept: a request with an `Authorization` header or a `visitorId` is always
 * answered afresh (and never stored). Errors are never kept.
 */
export const ANSWER_TTL_MS = 1_000;
export const RESOURCE_ANSWER_TTL_MS = 10_000;
export const ANSWER_MAX_ENTRIES = 5_000;
/** At most this many characters of bodies in all (a page of 150 articles is about 150,000). */
export const ANSWER_MAX_CHARS = 64 * 1024 * 1024;

const FRESHNESS_TAIL =
  'browsers and CDNs may keep the answer for 30 s from then (`Cache-Control: public, max-age=30, stale-while-revalidate=60`, `Age` counting from the read, and a weak ETag to revalidate).';
/** What a cached public list says about its freshness (OpenAPI descriptions). */
export const FRESHNESS = `Public read: each server process answers identical requests from memory for up to 1 s after reading the database, and ${FRESHNESS_TAIL}`;
/** The same for a single resource (an article, a story, a playlist). */
export const RESOURCE_FRESHNESS = `Public read: each server process answers identical requests from memory for up to 10 s after reading the database, and ${FRESHNESS_TAIL}`;

export interface CachedAnswer {
  body: string;
  etag: string;
  /** When the database was read for it (ms since the epoch). */
  readAt: number;
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
   * schema (unless it is a string: the body serialised already) and keeps it. Concurrent requests
   * for the same URL share one build.
   */
  send(request: FastifyRequest, reply: FastifyReply, build: () => Promise<unknown>, options?: { ttlMs?: number }): Promise<FastifyReply>;
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
    const readAt = Date.now();
    const answer = await build();
    // A string is the body serialised already (a list of serialised items, see listOf).
    const body = typeof answer === 'string' ? answer : (reply.serialize(answer) as string);
    return { body, etag: etagOf(body), readAt };
  };
  return {
    async send(request, reply, build, { ttlMs = ANSWER_TTL_MS } = {}) {
      const answer = isPersonal(request)
        ? await serialise(reply, build)
        : await cache.getOrLoad(normalisedUrl(request), () => serialise(reply, build), ttlMs);
      // A string with a JSON content type is sent as it is; @fastify/etag keeps the ETag set here
      // and answers If-None-Match with 304.
      return reply
        .header('cache-control', PUBLIC_SHORT_CACHE)
        .header('age', String(Math.floor((Date.now() - answer.readAt) / 1000)))
        .header('etag', answer.etag)
        .type(JSON_CONTENT_TYPE)
        .send(answer.body);
    },
    forget(...paths) {
      cache.forget((key) => paths.some((path) => key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`)));
    },
  };
}
