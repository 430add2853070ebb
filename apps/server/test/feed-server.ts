import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the test host answers for a path: a body with its type, a redirect, or a status. */
export type FeedRoute = { body: string | Buffer; type?: string } | { redirect: string } | { status: number } | { stall: true };

export interface FeedServer {
  /** e.g. http://127.0.0.2:41234 */
  origin: string;
  close(): Promise<void>;
}

/**
 * A small HTTP server standing in for an outside host (a publisher's feed, an image server). It
 * listens on 127.0.0.2, a loopback address apart from the server's own 127.0.0.1, so a test can
 * let this one through (OUTSIDE_URLS_ALLOW=127.0.0.2) and still see 127.0.0.1 refused.
 */
export async function startFeedServer(routes: Record<string, FeedRoute>, host = '127.0.0.2'): Promise<FeedServer> {
  const stalled = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const route = routes[request.url ?? ''];
    if (!route) return void response.writeHead(404).end('not found');
    if ('redirect' in route) return void response.writeHead(302, { location: route.redirect }).end();
    if ('status' in route) return void response.writeHead(route.status).end();
    if ('stall' in route) return void stalled.add(response);
    response.writeHead(200, { 'content-type': route.type ?? 'application/rss+xml' }).end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const response of stalled) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
