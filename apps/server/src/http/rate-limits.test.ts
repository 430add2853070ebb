import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors';
import { RATE_LIMITS, rateLimit, registerRateLimits, waitFor, type RateLimitSettings } from './rate-limits';
import { closedPort } from '../../test/network';

const LOGIN_MAX = RATE_LIMITS.login.max;
const WRITE_MAX = RATE_LIMITS.anonymousWrite.max;

const apps: FastifyInstance[] = [];

/** A small app with our error handler, the rate limits, a login route and a write route. */
async function buildLimitedApp(settings: RateLimitSettings, logLines?: string[]): Promise<FastifyInstance> {
  const logger = logLines
    ? {
        level: 'info',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      }
    : false;
  const app = Fastify({ logger });
  apps.push(app);
  registerErrorHandling(app);
  await registerRateLimits(app, settings);
  // Stands in for the accounts code: the signed-in account, named by a test header.
  app.addHook('preHandler', async (request) => {
    const userId = request.headers['x-test-user'];
    if (typeof userId === 'string') {
      (request as unknown as { principal: { userId: string } }).principal = { userId };
    }
  });
  app.post('/v1/auth/login', { config: rateLimit('login') }, async () => ({ ok: true }));
  app.post('/v1/auth/register', { config: rateLimit('register') }, async () => ({ ok: true }));
  app.post('/v1/articles/:id/like', { config: rateLimit('anonymousWrite') }, async () => ({ ok: true }));
  app.get('/v1/articles', async () => ({ items: [] }));
  await app.ready();
  return app;
}

function login(app: FastifyInstance, remoteAddress = '203.0.113.7') {
  return app.inject({ method: 'POST', url: '/v1/auth/login', remoteAddress });
}

async function statuses(requests: Promise<{ statusCode: number }>[]): Promise<number[]> {
  return (await Promise.all(requests)).map((response) => response.statusCode);
}

function times<T>(count: number, make: (index: number) => T): T[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('rate limits in memory (no REDIS_URL)', () => {
  const settings = { redisUrl: undefined, rateLimits: true };

  it('answers the request after the limit 429 with Retry-After and our error body', async () => {
    const app = await buildLimitedApp(settings);
    for (let attempt = 1; attempt <= LOGIN_MAX; attempt += 1) {
      const response = await login(app);
      expect(response.statusCode, `attempt ${attempt}`).toBe(200);
      expect(response.headers['x-ratelimit-remaining']).toBe(String(LOGIN_MAX - attempt));
    }
    const refused = await login(app);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.`,
      code: 'TOO_MANY_ATTEMPTS',
    });
  });

  it('counts each address apart, an IPv6 /64 as one address', async () => {
    const app = await buildLimitedApp(settings);
    expect(await statuses(times(LOGIN_MAX + 1, () => login(app, '203.0.113.7')))).toContain(429);
    expect((await login(app, '198.51.100.20')).statusCode).toBe(200);

    await statuses(times(LOGIN_MAX, (i) => login(app, `2001:db8:1:2::${i + 1}`)));
    expect((await login(app, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);
    expect((await login(app, '2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts each limited route on its own and leaves other routes alone', async () => {
    const app = await buildLimitedApp(settings);
    await statuses(times(LOGIN_MAX + 1, () => login(app)));
    expect((await login(app)).statusCode).toBe(429);
    const register = await app.inject({ method: 'POST', url: '/v1/auth/register', remoteAddress: '203.0.113.7' });
    expect(register.statusCode).toBe(200);
    const feed = await app.inject({ url: '/v1/articles', remoteAddress: '203.0.113.7' });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['x-ratelimit-limit']).toBeUndefined();
  });

  it('counts writes per signed-in account, and per address for everyone else', async () => {
    const app = await buildLimitedApp(settings);
    const like = (user?: string) =>
      app.inject({
        method: 'POST',
        url: `/v1/articles/${randomBytes(4).toString('hex')}/like`,
        remoteAddress: '203.0.113.7',
        headers: user ? { 'x-test-user': user } : {},
      });
    expect(await statuses(times(WRITE_MAX, () => like('user-a')))).not.toContain(429);
    const refused = await like('user-a');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Try again in \d+ seconds\.$/);
    // Same address, another account, and the address's own (signed-out) budget: untouched.
    expect((await like('user-b')).statusCode).toBe(200);
    expect((await like()).statusCode).toBe(200);
  });

  it('is not registered at all with RATE_LIMITS=off', async () => {
    const app = await buildLimitedApp({ redisUrl: undefined, rateLimits: false });
    const answers = await Promise.all(times(LOGIN_MAX * 3, () => login(app)));
    expect(answers.map((answer) => answer.statusCode)).not.toContain(429);
    expect(answers[0]?.headers['x-ratelimit-limit']).toBeUndefined();
  });
});

describe('rate limits in Redis (REDIS_URL)', () => {
  const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
  const redisNamespace = `newsreel-rl-test-${randomBytes(6).toString('hex')}:`;
  const settings = { redisUrl, rateLimits: true, redisNamespace };
  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 2_000, retryStrategy: () => null });
    let connectionError: Error | undefined;
    redis.on('error', (error: Error) => {
      connectionError ??= error;
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      // ioredis rejects with "Connection is closed."; the socket's own error says why.
      const reason = (connectionError ?? (error as Error)).message;
      throw new Error(
        `Redis at ${redisUrl} is not reachable (${reason}). Start it (redis-server), or set TEST_REDIS_URL to one that runs.`,
        { cause: error },
      );
    }
  });

  async function ourKeys(): Promise<string[]> {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${redisNamespace}*`, count: 100 })) {
      keys.push(...(batch as string[]));
    }
    return keys;
  }

  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
    const keys = await ourKeys();
    if (keys.length > 0) await redis.del(...keys);
  });

  afterAll(async () => {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  });

  it('keeps the count in Redis: the request after the limit is 429 with Retry-After', async () => {
    const app = await buildLimitedApp(settings);
    expect(await statuses(times(LOGIN_MAX, () => login(app)))).not.toContain(429);
    const refused = await login(app);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(55);
    expect(refused.json()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many sign-in attempts. Try again in ${retryAfter} seconds.`,
      code: 'TOO_MANY_ATTEMPTS',
    });
    expect(await ourKeys()).toEqual([`${redisNamespace}POST/v1/auth/login-login:ip:203.0.113.7`]);
    expect((await login(app, '198.51.100.20')).statusCode).toBe(200);
  });

  it('shares the count between servers, which is why Redis is used', async () => {
    const first = await buildLimitedApp(settings);
    const second = await buildLimitedApp(settings);
    const half = Math.floor(LOGIN_MAX / 2);
    expect(await statuses(times(half, () => login(first)))).not.toContain(429);
    expect(await statuses(times(LOGIN_MAX - half, () => login(second)))).not.toContain(429);
    expect((await login(first)).statusCode).toBe(429);
    expect((await login(second)).statusCode).toBe(429);
  });

  it('lets requests through, and says so in the log, when Redis cannot be reached', async () => {
    const logLines: string[] = [];
    const started = Date.now();
    const app = await buildLimitedApp(
      { redisUrl: `redis://127.0.0.1:${await closedPort()}`, rateLimits: true, redisNamespace },
      logLines,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await statuses(times(LOGIN_MAX * 2, () => login(app)))).not.toContain(429);
    const warnings = logLines.filter((line) => line.includes('Redis for rate limits is unreachable'));
    expect(warnings).toHaveLength(1);
  });
});

describe('waitFor', () => {
  it.each([
    [0, '1 second'],
    [1_000, '1 second'],
    [36_100, '37 seconds'],
    [90_000, '90 seconds'],
    [90_001, '2 minutes'],
    [3_600_000, '60 minutes'],
  ])('%i ms is %s', (ms, words) => {
    expect(waitFor(ms)).toBe(words);
  });
});
