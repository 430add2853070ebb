import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseDriver, type TestApp } from '../../../test/helpers';

describe('GET /status', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports version, uptime and a healthy database and stream', async () => {
    const res = await t.app.inject('/status');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      database: { status: 'up', driver: testDatabaseDriver },
      stream: { status: 'up', driver: 'postgres' },
    });
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });
});

describe('a database that goes down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.takeDown();
  });
  afterAll(() => t.close());

  it('makes /status answer 503 with the database marked down, promptly', async () => {
    const started = Date.now();
    const res = await t.app.inject('/status');
    expect(res.statusCode).toBe(503);
    // The default stream is the events table, in the same database.
    expect(res.json()).toMatchObject({ status: 'degraded', database: { status: 'down' }, stream: { status: 'down', driver: 'postgres' } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('makes data routes answer 503 with a message, not hang or 500', async () => {
    const reads = await t.app.inject('/v1/config/app?type=web');
    expect(reads.statusCode).toBe(503);
    expect(reads.json()).toMatchObject({ message: expect.stringMatching(/database is unavailable/i), code: 'TEMPORARILY_UNAVAILABLE' });
    expect(reads.headers['retry-after']).toBe('5');

    const writes = await t.app.inject({
      method: 'POST',
      url: '/v1/locations',
      payload: { label: 'Oslo', countryName: 'Norway', city: 'Oslo', lat: 59.91, lon: 10.75 },
    });
    expect(writes.statusCode).toBe(503);
  });

  it('keeps answering routes that need no database', async () => {
    const res = await t.app.inject('/v1/regions');
    expect(res.statusCode).toBe(200);
  });
});
