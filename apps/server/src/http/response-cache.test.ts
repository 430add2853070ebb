import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetCachedReads } from './expiring-cache';
import { ANSWER_TTL_MS, publicAnswers } from './response-cache';
import { PUBLIC_SHORT_CACHE } from './query';
import { schemaCompilers } from './validation';

/**
 * The micro-cache on a bare Fastify app with the same plugins the server uses, so what is
 * counted is exactly how often a route builds its answer.
 */
describe('publicAnswers', () => {
  const database = {};
  const answers = publicAnswers(database);
  let app: FastifyInstance;
  let builds = 0;
  let version = 1;
  let gate: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    const typed = Fastify(schemaCompilers().options).withTypeProvider<TypeBoxTypeProvider>();
    app = typed;
    await typed.register(compress, { global: true, threshold: 1024 });
    await typed.register(etag, { weak: true });
    typed.get(
      '/things/:id',
      {
        schema: {
          params: Type.Object({ id: Type.String() }),
          querystring: Type.Object({ limit: Type.Optional(Type.Integer()), tag: Type.Optional(Type.String()), visitorId: Type.Optional(Type.String()) }),
          response: { 200: Type.Object({ id: Type.String(), version: Type.Integer(), limit: Type.Integer(), padding: Type.String() }) },
        },
      },
      async (request, reply) =>
        answers.send(request, reply, async () => {
          builds += 1;
          await gate;
          if (request.params.id === 'missing') throw Object.assign(new Error('There is no such thing.'), { statusCode: 404 });
          // `secret` is not in the response schema: the route's serialiser leaves it out.
          return { id: request.params.id, version, limit: request.query.limit ?? 30, padding: 'x'.repeat(2_000), secret: 'no' };
        }),
    );
    typed.get('/long/:id', { schema: { params: Type.Object({ id: Type.String() }) } }, async (request, reply) =>
      answers.send(request, reply, async () => ({ id: request.params.id, version: (builds += 1) }), { ttlMs: 3 * ANSWER_TTL_MS }),
    );
    await app.ready();
  });
  afterAll(() => app.close());
  beforeEach(() => {
    forgetCachedReads(database);
    builds = 0;
    version = 1;
    gate = Promise.resolve();
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

  it('answers identical reads from one build, serialised by the route schema, with Cache-Control and an ETag', async () => {
    const first = await get('/things/a');
    version = 2;
    const second = await get('/things/a');
    expect(builds).toBe(1);
    expect(second.body).toBe(first.body);
    expect(first.json()).toEqual({ id: 'a', version: 1, limit: 30, padding: expect.any(String) });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe(PUBLIC_SHORT_CACHE);
    expect(first.headers.etag).toMatch(/^W\/".+"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    const notModified = await get('/things/a', { 'if-none-match': String(first.headers.etag) });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
  });

  it('keys by the route, its parameters and the declared query fields as validated', async () => {
    await get('/things/a?limit=5&tag=x');
    await get('/things/a?tag=x&limit=05'); // same values, another order and spelling
    await get('/things/a?tag=x&limit=5&utm_source=mail'); // undeclared fields do not count
    expect(builds).toBe(1);
    await get('/things/a?limit=6&tag=x');
    await get('/things/b?limit=5&tag=x');
    await get('/things/a');
    expect(builds).toBe(4);
  });

  it('makes concurrent identical reads wait for one build', async () => {
    let open!: () => void;
    gate = new Promise((resolve) => (open = resolve));
    const waiting = Promise.all([get('/things/c'), get('/things/c'), get('/things/c')]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    const answersGot = await waiting;
    expect(builds).toBe(1);
    expect(new Set(answersGot.map((res) => res.body)).size).toBe(1);
  });

  it('answers a personal read afresh and never keeps it', async () => {
    await get('/things/a');
    version = 2;
    expect((await get('/things/a', { authorization: 'Bearer someone' })).json().version).toBe(2);
    expect((await get('/things/a?visitorId=visitor-1')).json().version).toBe(2);
    expect(builds).toBe(3);
    // The public answer is still the one kept before.
    expect((await get('/things/a')).json().version).toBe(1);
  });

  it('never keeps an error', async () => {
    expect((await get('/things/missing')).statusCode).toBe(404);
    expect((await get('/things/missing')).statusCode).toBe(404);
    expect(builds).toBe(2);
  });

  it('compresses a kept answer for clients that ask, keeping its ETag', async () => {
    const plain = await get('/things/z');
    const gzipped = await get('/things/z', { 'accept-encoding': 'gzip' });
    expect(builds).toBe(1);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
  });

  it('forgets the answers of the routes named, at once', async () => {
    await get('/things/a');
    await get('/things/b?limit=3');
    version = 2;
    answers.forget('/things/b');
    expect((await get('/things/a')).json().version).toBe(1);
    expect((await get('/things/b?limit=3')).json().version).toBe(2);
  });

  it('keeps an answer given a longer lifetime for that long, and says its age so caches count from the read', async () => {
    const first = await get('/long/a');
    expect(first.headers.age).toBe('0');
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TTL_MS + 50));
    const later = await get('/long/a');
    expect(later.body).toBe(first.body);
    expect(builds).toBe(1);
    expect(Number(later.headers.age)).toBeGreaterThanOrEqual(1);
    expect(later.headers['cache-control']).toBe(PUBLIC_SHORT_CACHE);
  });

  it('builds again once an answer is older than its lifetime', async () => {
    await get('/things/a');
    version = 2;
    await new Promise((resolve) => setTimeout(resolve, ANSWER_TTL_MS + 50));
    expect((await get('/things/a')).json().version).toBe(2);
    expect(builds).toBe(2);
  });
});
