import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';
import { schemaCompilers } from './validation';

describe('route schemas compiled on first use', () => {
  it('validates, coerces and serializes as an eagerly compiled route does, compiling each part once, when first used', async () => {
    const schemas = schemaCompilers();
    const app = Fastify(schemas.options).withTypeProvider<TypeBoxTypeProvider>();
    app.post(
      '/things/:id',
      {
        schema: {
          params: Type.Object({ id: Type.Integer() }),
          querystring: Type.Object({ tags: Type.Optional(Type.Array(Type.String())) }),
          body: Type.Object({ count: Type.Integer({ minimum: 1 }) }),
          response: { 200: Type.Object({ id: Type.Integer(), tags: Type.Array(Type.String()), count: Type.Integer() }) },
        },
      },
      async (request) => ({ id: request.params.id, tags: request.query.tags ?? [], count: request.body.count, secret: 'left out' }),
    );
    await app.ready();
    // params, querystring, body, the 200 serializer: none compiled by registering the route.
    expect(schemas.pending()).toBe(4);

    const ok = await app.inject({ method: 'POST', url: '/things/7?tags=a', payload: { count: 2 } });
    expect(ok.statusCode).toBe(200);
    // Path and query text coerced to the schema's types (one tag read as a list); the serializer
    // writes only the schema's fields.
    expect(ok.json()).toEqual({ id: 7, tags: ['a'], count: 2 });
    expect(schemas.pending()).toBe(0);

    // A failure's errors are Ajv's, read through the function compiled on first use.
    const badBody = await app.inject({ method: 'POST', url: '/things/7', payload: { count: '2' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toContain('body/count');
    const badParams = await app.inject({ method: 'POST', url: '/things/seven', payload: { count: 2 } });
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json().message).toContain('params/id');
    await app.close();
  });
});

describe("every route's schemas", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await testApp.app.ready();
  });
  afterAll(() => testApp.close());

  it('are left to compile when first used, and all of them compile', () => {
    // Hundreds of routes, each GET with a HEAD twin: starting compiles none of them.
    expect(testApp.schemas.pending()).toBeGreaterThan(500);
    expect(() => testApp.schemas.compileAll()).not.toThrow();
    expect(testApp.schemas.pending()).toBe(0);
  });
});
