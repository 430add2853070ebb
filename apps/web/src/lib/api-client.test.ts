// @vitest-environment jsdom

import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/mock-fetch';
import { ApiError, createApiClient, errorResponseOf, setAccessToken, setUnauthorizedHandler } from './api-client';

describe('createApiClient', () => {
  it('sends JSON with the bearer token when one is set, and leaves empty query values out', async () => {
    const fetchMock = mockFetch({ 'POST /v1/locations': () => ({ id: 'l1' }) });
    const api = createApiClient('https://api.example.com/');
    setAccessToken('token-123');
    try {
      const body = { label: 'Berlin, Germany', countryName: 'Germany', city: 'Berlin', lat: 52.5, lon: 13.4 };
      await expect(api.post('/v1/locations', body, { query: { ipAddress: '', regionIds: [0, 4] } })).resolves.toEqual({ id: 'l1' });
      const [url, init] = fetchMock.mock.calls[0] ?? [];
      expect(String(url)).toBe('https://api.example.com/v1/locations?regionIds=0,4');
      expect(init?.headers).toMatchObject({ Authorization: 'Bearer token-123', 'Content-Type': 'application/json' });
      expect(init?.body).toBe(JSON.stringify(body));
    } finally {
      setAccessToken(null);
    }
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = mockFetch({ 'GET /status': () => ({ status: 'ok' }) });
    await createApiClient('').get('/status');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
  });

  it('sends no token from the client of the cached public reads, so caches can answer them', async () => {
    const fetchMock = mockFetch({ 'GET /v1/articles': () => ({ items: [], page: 1, limit: 30, total: 0 }) });
    setAccessToken('a-token');
    await createApiClient('', { sendAccessToken: false }).get('/v1/articles');
    expect(fetchMock.mock.calls[0]?.[1]?.headers).not.toHaveProperty('Authorization');
    setAccessToken(null);
  });

  it('throws an ApiError carrying the parsed error body on a non-2xx answer', async () => {
    mockFetch({
      'GET /v1/regions/detect': () =>
        jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'Geo lookup is down' }, 503),
    });
    const error = await createApiClient('').get('/v1/regions/detect').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 503,
      message: 'Geo lookup is down',
      response: { data: { statusCode: 503, message: 'Geo lookup is down' } },
    });
  });

  it('keeps the error body’s code, and the seconds its Retry-After header asks to wait', async () => {
    const body = { statusCode: 429, error: 'Too Many Requests', message: 'Too many sign-in attempts. Try again in 37 seconds.', code: 'TOO_MANY_ATTEMPTS' };
    const later = new Date(Date.now() + 120_000).toUTCString();
    mockFetch({
      'POST /v1/users/login': () => new Response(JSON.stringify(body), { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '37' } }),
      'GET /v1/regions': () => new Response('Busy', { status: 503, headers: { 'retry-after': later } }),
      'GET /v1/articles': () => jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Oops' }, 500),
    });
    const client = createApiClient('');
    const limited = await client.post('/v1/users/login', {}).catch((caught: unknown) => caught);
    expect(limited).toMatchObject({ status: 429, retryAfter: 37, message: body.message, response: { data: body } });
    const busy = await client.get('/v1/regions').catch((caught: unknown) => caught);
    expect((busy as ApiError).retryAfter).toBeGreaterThanOrEqual(118);
    expect((busy as ApiError).retryAfter).toBeLessThanOrEqual(120);
    const failed = await client.get('/v1/articles').catch((caught: unknown) => caught);
    expect((failed as ApiError).retryAfter).toBeUndefined();
    expect(errorResponseOf((failed as ApiError).response.data)).toEqual({ statusCode: 500, error: 'Internal Server Error', message: 'Oops' });
    expect(errorResponseOf(body)).toEqual(body);
  });

  it('keeps a non-JSON error body as text', async () => {
    mockFetch({ 'GET /v1/regions': () => new Response('Bad gateway', { status: 502 }) });
    await expect(createApiClient('').get('/v1/regions')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
      response: { data: 'Bad gateway' },
    });
  });
});

describe('a refused access token', () => {
  const refused = () => jsonResponse({ statusCode: 401, error: 'Unauthorized', message: 'Your session has expired.' }, 401);

  it('is offered to the auth layer, and the request sent once more with the token it renewed', async () => {
    const fetchMock = mockFetch({
      'GET /v1/articles/saved': ({ init }) =>
        (init?.headers as Record<string, string>).Authorization === 'Bearer fresh' ? { items: [] } : refused(),
    });
    setAccessToken('stale');
    const handler = vi.fn(async () => {
      setAccessToken('fresh');
      return true;
    });
    const remove = setUnauthorizedHandler(handler);
    try {
      await expect(createApiClient('').get('/v1/articles/saved')).resolves.toEqual({ items: [] });
      expect(handler).toHaveBeenCalledWith('stale');
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      remove();
      setAccessToken(null);
    }
  });

  it('goes to the caller when the auth layer has no new token, or the retry is refused too', async () => {
    const fetchMock = mockFetch({ 'GET /v1/articles/saved': refused });
    setAccessToken('stale');
    const remove = setUnauthorizedHandler(async () => true);
    try {
      await expect(createApiClient('').get('/v1/articles/saved')).rejects.toMatchObject({ status: 401 });
      // One retry, not a loop.
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      remove();
      setAccessToken(null);
    }
  });

  it('is not offered when no token was sent (auth: false, or nobody signed in)', async () => {
    mockFetch({ 'POST /v1/users/login': refused });
    const handler = vi.fn(async () => true);
    const remove = setUnauthorizedHandler(handler);
    setAccessToken('token');
    try {
      await expect(createApiClient('').post('/v1/users/login', {}, { auth: false })).rejects.toMatchObject({ status: 401 });
      setAccessToken(null);
      await expect(createApiClient('').post('/v1/users/login', {})).rejects.toMatchObject({ status: 401 });
      expect(handler).not.toHaveBeenCalled();
    } finally {
      remove();
      setAccessToken(null);
    }
  });
});

/** Puts answers in the page as the server embeds them (apps/server/src/http/web-app.ts). */
function embedAnswers(answers: Record<string, unknown>): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'api-answers';
  element.textContent = JSON.stringify(answers);
  document.body.append(element);
}

describe('answers embedded in the page', () => {
  it('answers a GET of this origin from the page once, then from the network', async () => {
    embedAnswers({ '/v1/articles?page=1&limit=30': { items: ['embedded'] } });
    const fetchMock = mockFetch({ 'GET /v1/articles': () => ({ items: ['fetched'] }) });
    const api = createApiClient('');

    await expect(api.get('/v1/articles', { query: { page: 1, limit: 30 } })).resolves.toEqual({ items: ['embedded'] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('api-answers')).toBeNull();
    await expect(api.get('/v1/articles', { query: { page: 1, limit: 30 } })).resolves.toEqual({ items: ['fetched'] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves other URLs, other origins and signed-in reads to the network', async () => {
    embedAnswers({ '/v1/articles?page=1&limit=30': { items: ['embedded'] } });
    const fetchMock = mockFetch({ 'GET /v1/articles': () => ({ items: ['fetched'] }) });

    await expect(createApiClient('').get('/v1/articles', { query: { page: 2, limit: 30 } })).resolves.toEqual({ items: ['fetched'] });
    await expect(createApiClient('https://cdn.example.com').get('/v1/articles', { query: { page: 1, limit: 30 } })).resolves.toEqual({ items: ['fetched'] });
    setAccessToken('token-123');
    try {
      await expect(createApiClient('').get('/v1/articles', { query: { page: 1, limit: 30 } })).resolves.toEqual({ items: ['fetched'] });
    } finally {
      setAccessToken(null);
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await expect(createApiClient('').get('/v1/articles', { query: { page: 1, limit: 30 } })).resolves.toEqual({ items: ['embedded'] });
  });

  it('hands an embedded answer to a query as its initial data, once and without a request', async () => {
    embedAnswers({ '/v1/articles/a1?transcript=true': { id: 'a1' } });
    const fetchMock = mockFetch({ 'GET /v1/articles/a1': () => ({ id: 'fetched' }) });
    const api = createApiClient('');

    expect(api.embedded('/v1/articles/a1', { query: { transcript: false } })).toBeUndefined();
    expect(api.embedded('/v1/articles/a1', { query: { transcript: true } })).toEqual({ id: 'a1' });
    expect(api.embedded('/v1/articles/a1', { query: { transcript: true } })).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(api.get('/v1/articles/a1', { query: { transcript: true } })).resolves.toEqual({ id: 'fetched' });
  });
});
