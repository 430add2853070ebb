import { vi } from 'vitest';

export type FetchHandler = (request: { url: URL; init: RequestInit | undefined }) => unknown;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces fetch with answers keyed by "METHOD /path" (query string ignored). A handler may
 * return a Response or a body to send as JSON with status 200; unknown calls get the server's 404.
 */
export function mockFetch(handlers: Record<string, FetchHandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) {
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: `Route ${method}:${url.pathname} not found` }, 404);
    }
    const result = await handler({ url, init });
    return result instanceof Response ? result : jsonResponse(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
