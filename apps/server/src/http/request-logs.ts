import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Query parameters that are credentials: a visitor id names a reader's visitor (SPEC §7 sends it in
 * the query string of their lists), and `token` is the playlist statistics key. Their values never
 * reach a log line.
 */
const SECRET_QUERY_PARAMETERS = ['visitorId', 'token'];
const secretQueryValue = new RegExp(`([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#]*`, 'gi');

/** The URL as a log line shows it: the values of secret query parameters masked. */
export function loggedUrl(url: string): string {
  return url.includes('?') ? url.replace(secretQueryValue, '$1[redacted]') : url;
}

/** Fastify's own `req` serializer, with the URL as loggedUrl shows it. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: [request.headers['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * A file served from a folder by @fastify/static (the web app's assets, the demo media, the API
 * docs' scripts): those plugins answer on wildcard routes, which no API route uses.
 */
function isFolderFile(request: FastifyRequest): boolean {
  return request.routeOptions.url?.endsWith('*') ?? false;
}

/**
 * Request logs: one line per answer, with method, URL, status and time, at info for the API and
 * pages and at debug for files served from a folder (a page load fetches dozens, and their lines
 * would bury the API's). The arrival of a request is logged at debug, so a request that never
 * finishes can still be found.
 */
export class RequestLogs extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (isFolderFile(request)) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
