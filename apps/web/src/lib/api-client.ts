import { withQuery, type ErrorResponse, type QueryValue } from '@newsreel/contracts';

/**
 * A non-2xx answer from the API. `response.data` is the parsed body: `{ statusCode, error, message }`
 * (and for some errors a `code`) for every error the Newsreel server sends, or whatever text a
 * proxy in front of it answered.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly response: { readonly data: unknown };
  /** The seconds the answer's Retry-After header asked to wait (a 429, a 503), when it had one. */
  readonly retryAfter: number | undefined;

  constructor(status: number, data: unknown, retryAfter?: number) {
    super(errorResponseOf(data)?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.response = { data };
    this.retryAfter = retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** True for the API's "no such thing" answers: 404, and 400 for an id that cannot exist. */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 400);
}

/** The server's error body when `data` has its shape. */
export function errorResponseOf(data: unknown): ErrorResponse | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { statusCode, error, message, code } = data as Record<string, unknown>;
  if (typeof message !== 'string') return undefined;
  return {
    statusCode: typeof statusCode === 'number' ? statusCode : 0,
    error: typeof error === 'string' ? error : '',
    message,
    ...(typeof code === 'string' && code ? { code } : {}),
  };
}

/** A Retry-After header in seconds: it holds either the seconds or the date to wait for. */
function retryAfterOf(header: string | null): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

let accessToken: string | null = null;

/** The auth layer sets the access token here; every client then sends it as a bearer token. */
export function setAccessToken(token: string | null): void {
  accessToken = token;
}

export function getAccessToken(): string | null {
  return accessToken;
}

/**
 * Told when the API refuses an access token (401): the auth layer answers whether it has a fresh
 * token now (the request is then sent once more with it) or not (the 401 goes to the caller). It
 * gets the token that was refused, so requests that were already on their way when the token was
 * renewed do not renew it again.
 */
export type UnauthorizedHandler = (refusedToken: string) => Promise<boolean>;

let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth layer's hook for refused tokens; returns the function that removes it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): () => void {
  unauthorizedHandler = handler;
  return () => {
    if (unauthorizedHandler === handler) unauthorizedHandler = null;
  };
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** 'include' for the calls that rely on the refresh-token cookie. */
  credentials?: RequestCredentials;
  /**
   * false: send no access token, and leave a 401 to the caller (sign-in, refresh and sign-out,
   * which the refresh cookie or the body identify).
   */
  auth?: boolean;
}

export interface ApiClient {
  readonly baseUrl: string;
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /**
   * The answer the server embedded in the page for this GET, taken once (later reads go to the
   * network): a query's initial data, so the first render already shows it.
   */
  embedded<T>(path: string, options?: Pick<RequestOptions, 'query'>): T | undefined;
}

/** The element in which the server embeds the first API answers of a page (see apps/server/src/http/web-app.ts). */
const API_ANSWERS_ELEMENT_ID = 'api-answers';
const embeddedAnswers = new Map<string, unknown>();

/** Moves answers the server embedded in the page (if it has not been read yet) into memory. */
function readEmbeddedAnswers(): void {
  const element = typeof document === 'undefined' ? null : document.getElementById(API_ANSWERS_ELEMENT_ID);
  if (!element) return;
  element.remove();
  try {
    for (const [url, data] of Object.entries(JSON.parse(element.textContent ?? '') as Record<string, unknown>)) embeddedAnswers.set(url, data);
  } catch {
    // A damaged block only costs the round trips it would have saved.
  }
}

/**
 * The answer the server embedded in the page for a GET of `url` on this origin, once: the first
 * screen then needs no round trip for it; any later request for the same URL goes to the network.
 */
function takeEmbeddedAnswer(url: string): { data: unknown } | undefined {
  readEmbeddedAnswers();
  if (embeddedAnswers.size === 0) return undefined;
  const target = new URL(url, window.location.href);
  if (target.origin !== window.location.origin) return undefined;
  const key = `${target.pathname}${target.search}`;
  if (!embeddedAnswers.has(key)) return undefined;
  const data = embeddedAnswers.get(key);
  embeddedAnswers.delete(key);
  return { data };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const contentType = response.headers.get('content-type') ?? '';
  if (!contentType.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A fetch-based client for one base URL. It does no UI work: a non-2xx answer becomes an
 * ApiError for the caller (or the error helpers) to handle; a refused token is first offered to
 * the auth layer's handler (setUnauthorizedHandler), which may renew it for one more try.
 */
export function createApiClient(
  baseUrl: string,
  {
    fetch: fetchImpl,
    sendAccessToken = true,
  }: {
    fetch?: typeof fetch;
    /** false for the cached copy of public reads: a token there would only keep caches from answering. */
    sendAccessToken?: boolean;
  } = {},
): ApiClient {
  const base = baseUrl.replace(/\/+$/, '');

  const urlOf = (path: string, query: RequestOptions['query']) => `${base}${query ? withQuery(path, query) : path}`;

  async function request<T>(method: string, path: string, options: RequestOptions = {}, retried = false): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const token = options.auth === false || !sendAccessToken ? null : accessToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const url = urlOf(path, options.query);
    const embedded = method === 'GET' && !token ? takeEmbeddedAnswer(url) : undefined;
    if (embedded) return embedded.data as T;
    // Looked up per call so a test (or a polyfill) that replaces fetch later is honoured.
    const doFetch = fetchImpl ?? globalThis.fetch;
    const response = await doFetch(url, {
      method,
      headers,
      body,
      signal: options.signal,
      credentials: options.credentials,
    });
    const data = await readBody(response);
    if (response.status === 401 && token && !retried && unauthorizedHandler && (await unauthorizedHandler(token))) {
      return request<T>(method, path, options, true);
    }
    if (!response.ok) throw new ApiError(response.status, data, retryAfterOf(response.headers.get('retry-after')));
    return data as T;
  }

  return {
    baseUrl: base,
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
    embedded: <T,>(path: string, options: Pick<RequestOptions, 'query'> = {}) =>
      accessToken ? undefined : (takeEmbeddedAnswer(urlOf(path, options.query))?.data as T | undefined),
  };
}
