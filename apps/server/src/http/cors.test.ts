import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCors } from './cors';
import { registerErrorHandling } from './errors';

const apps: FastifyInstance[] = [];

async function buildApp(corsOrigins: string[]): Promise<FastifyInstance> {
  const app = Fastify();
  apps.push(app);
  registerErrorHandling(app);
  await registerCors(app, { corsOrigins });
  app.get('/v1/users/me', async () => ({ id: 'u1' }));
  app.post('/v1/auth/login', async () => ({ ok: true }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('CORS', () => {
  const origins = ['https://app.example.com', 'http://localhost:5173'];

  it('echoes an allowed origin and allows credentials', async () => {
    const app = await buildApp(origins);
    const response = await app.inject({ url: '/v1/users/me', headers: { origin: 'http://localhost:5173' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers.vary).toMatch(/Origin/i);
  });

  it('gives any other origin no CORS header at all', async () => {
    const app = await buildApp(origins);
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null']) {
      const response = await app.inject({ url: '/v1/users/me', headers: { origin } });
      expect(response.statusCode, origin).toBe(200);
      expect(response.headers['access-control-allow-origin'], origin).toBeUndefined();
      expect(response.headers['access-control-allow-credentials'], origin).toBeUndefined();
    }
  });

  it('answers the preflight of an allowed origin with the methods, headers and max age', async () => {
    const app = await buildApp(origins);
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('https://app.example.com');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
    expect(response.headers['access-control-allow-methods']).toBe('GET, POST, PUT, DELETE');
    expect(response.headers['access-control-allow-headers']).toBe('Authorization, Content-Type');
    expect(response.headers['access-control-max-age']).toBe('600');
  });

  it('does not answer the preflight of another origin', async () => {
    const app = await buildApp(origins);
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('adds nothing when no origin is configured', async () => {
    const app = await buildApp([]);
    const response = await app.inject({ url: '/v1/users/me', headers: { origin: 'https://app.example.com' } });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});
