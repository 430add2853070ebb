import { defaultAppConfig } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { saveAppConfig } from './app-config-repository';

describe('GET /v1/config/app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the default config when none is stored', async () => {
    const res = await t.app.inject('/v1/config/app?type=web');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultAppConfig('web'));
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+/);
  });

  it('answers the stored config of that type', async () => {
    const stored = { ...defaultAppConfig('ios'), subscription: { enabled: true, meter: { freeArticles: 3, periodDays: 7 } } };
    await saveAppConfig(t.database.handle.db, stored);
    const res = await t.app.inject('/v1/config/app?type=ios');
    expect(res.json()).toEqual(stored);
    // A config stored before the usage meter existed reads with the default meter.
    await saveAppConfig(t.database.handle.db, { ...defaultAppConfig('ios'), subscription: { enabled: true } });
    const old = await t.app.inject('/v1/config/app?type=ios');
    expect(old.json().subscription).toEqual({ enabled: true, meter: { freeArticles: 5, periodDays: 30 } });
    const web = await t.app.inject('/v1/config/app?type=web');
    expect(web.json().subscription.enabled).toBe(false);
  });

  it('rejects an unknown or missing type with the allowed values', async () => {
    const unknown = await t.app.inject('/v1/config/app?type=fridge');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'querystring.type must be one of: web, ios, android, tv',
    });
    const missing = await t.app.inject('/v1/config/app');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('querystring.type is required');
  });

  it('ignores query fields it does not know', async () => {
    const res = await t.app.inject('/v1/config/app?type=web&utm_source=newsletter');
    expect(res.statusCode).toBe(200);
  });
});
