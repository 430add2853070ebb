import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Headers = Record<string, string>;

/**
 * Calls the app as one signed-in caller, for route tests: `call` answers the response; `ok` its
 * JSON, failing the test with the answer on any status from 300; `refused` expects a status and a
 * message. Both the app and the caller's headers are read at each call, since tests make them in
 * beforeAll; `headers` at a call stands for someone else.
 */
export function apiCaller(appOf: () => FastifyInstance, headersOf: () => Headers) {
  const call = (method: Method, url: string, payload?: object, headers: Headers = headersOf()) => appOf().inject({ method, url, payload, headers });
  async function ok<T>(method: Method, url: string, payload?: object, headers?: Headers): Promise<T> {
    const res = await call(method, url, payload, headers);
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    // What a signed-in caller is answered is theirs: no cache keeps it.
    expect(res.headers['cache-control'], `${method} ${url}`).toBe('private, no-store');
    return (res.body ? res.json() : undefined) as T;
  }
  async function refused(method: Method, url: string, payload: object | undefined, status: number, message: RegExp, headers?: Headers) {
    const res = await call(method, url, payload, headers);
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { message: string }).message).toMatch(message);
  }
  return { call, ok, refused };
}
