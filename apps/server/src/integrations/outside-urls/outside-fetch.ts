import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { HttpError } from '../../http/errors';

/**
 * Fetches an address a caller gave us (a publisher's Media RSS feed, a thumbnail to import) without
 * letting it reach into the server's own network: every address a host name resolves to, on the
 * first request and on every redirect, is checked by request-filtering-agent when the connection
 * opens, and loopback, private, link-local, carrier-grade NAT, unique-local and unspecified
 * addresses are refused (169.254.169.254, the cloud metadata address, is link-local). Answers are
 * limited in size and in time.
 */
export interface OutsideFetchOptions {
  /** The largest body accepted, in bytes; a larger one stops the download. */
  maxBytes: number;
  /** The whole fetch, redirects included, must end within this. */
  timeoutMs?: number;
  maxRedirects?: number;
  /** Sent as Accept. */
  accept?: string;
  /** Addresses or CIDR ranges let through although private (OUTSIDE_URLS_ALLOW: a test's own feed server). */
  allowAddresses?: readonly string[];
}

export interface OutsideResponse {
  /** The address the body came from, after redirects. */
  url: string;
  contentType: string | undefined;
  body: Buffer;
}

export type OutsideFetchFailure = 'bad-url' | 'refused-address' | 'too-large' | 'timeout' | 'too-many-redirects' | 'http-status' | 'unreachable';

/** Why an outside address could not be read; `message` says so in words a publisher can act on. */
export class OutsideFetchError extends Error {
  constructor(
    readonly reason: OutsideFetchFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutsideFetchError';
  }
}

/** The answer a caller gets for each way reading their address can fail: theirs (4xx) or the outside server's (502/504). */
const STATUS_OF: Record<OutsideFetchFailure, number> = {
  'bad-url': 400,
  'refused-address': 400,
  'too-large': 413,
  timeout: 504,
  'too-many-redirects': 502,
  'http-status': 502,
  unreachable: 502,
};

export function httpErrorOf(error: OutsideFetchError): HttpError {
  return new HttpError(STATUS_OF[error.reason], error.message);
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_REDIRECTS = 5;

/** Parses `text` as an http(s) address, or fails with 'bad-url'. */
export function outsideUrlOf(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutsideFetchError('bad-url', 'That is not a web address: give the full address, starting with https://.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new OutsideFetchError('bad-url', `Only http and https addresses can be read, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new OutsideFetchError('bad-url', 'Addresses with a user name or password in them are not read.');
  return url;
}

export async function fetchOutside(address: string, options: OutsideFetchOptions): Promise<OutsideResponse> {
  const filter = { allowIPAddressList: [...(options.allowAddresses ?? [])] };
  // One agent pair per fetch, without keep-alive: a connection is never reused for another host.
  const agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  try {
    let url = outsideUrlOf(address);
    for (let redirects = 0; ; redirects++) {
      const answer = await requestOnce(url, agents, deadline, options);
      if (!('location' in answer)) return answer;
      if (redirects >= (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
        throw new OutsideFetchError('too-many-redirects', `${address} redirects more than ${options.maxRedirects ?? DEFAULT_MAX_REDIRECTS} times.`);
      }
      url = outsideUrlOf(new URL(answer.location, url).toString());
    }
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

function requestOnce(
  url: URL,
  agents: { http: http.Agent; https: https.Agent },
  deadline: AbortSignal,
  options: OutsideFetchOptions,
): Promise<OutsideResponse | { location: string }> {
  const secure = url.protocol === 'https:';
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).get(
      url,
      { agent: secure ? agents.https : agents.http, signal: deadline, headers: { accept: options.accept ?? '*/*', 'user-agent': 'Newsreel' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({ location: response.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          reject(new OutsideFetchError('http-status', `${url.host} answered ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''} for ${url.pathname}.`));
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (declared > options.maxBytes) {
          response.destroy();
          reject(tooLarge(url, options.maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let received = 0;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > options.maxBytes) {
            response.destroy();
            reject(tooLarge(url, options.maxBytes));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ url: url.toString(), contentType: response.headers['content-type'], body: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(failureOf(error, url)));
      },
    );
    request.on('error', (error) => reject(failureOf(error, url)));
  });
}

function tooLarge(url: URL, maxBytes: number): OutsideFetchError {
  return new OutsideFetchError('too-large', `${url.host} sent more than ${Math.round(maxBytes / 1024)} KiB; larger files are not read.`);
}

function failureOf(error: Error, url: URL): OutsideFetchError {
  if (error instanceof OutsideFetchError) return error;
  if (error.name === 'TimeoutError' || error.name === 'AbortError') {
    return new OutsideFetchError('timeout', `${url.host} did not answer in time; try again later.`);
  }
  // request-filtering-agent's refusal: "DNS lookup 10.0.0.1(family:4, host:…) is not allowed. …"
  if (/is not allowed/.test(error.message)) {
    return new OutsideFetchError('refused-address', `${url.host} is an address inside a private network, which the server does not read from.`);
  }
  return new OutsideFetchError('unreachable', `${url.host} could not be reached (${error.message}).`);
}
