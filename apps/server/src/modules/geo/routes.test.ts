import { REGIONS } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

// 8.8.8.8 is in the United States in the shipped geo-IP database.
const US_ADDRESS = '8.8.8.8';

describe('regions and locations', () => {
  let t: TestApp;
  let trusting: TestApp;
  beforeAll(async () => {
    [t, trusting] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), trusting.close()]);
  });

  it('lists the 22 regions in id order with the grouped ones marked', async () => {
    const res = await t.app.inject('/v1/regions');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const body = res.json();
    expect(body.total).toBe(22);
    expect(body.items.map((r: { code: string }) => r.code)).toEqual(REGIONS.map((r) => r.code));
    expect(body.items.filter((r: { grouped: boolean }) => r.grouped).map((r: { id: number }) => r.id)).toEqual([4, 10]);
  });

  it('detects a location from the address asked for', async () => {
    const res = await t.app.inject(`/v1/locations/detect?ipAddress=${US_ADDRESS}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toMatchObject({
      ipAddress: US_ADDRESS,
      countryCode: 'US',
      countryName: 'United States',
      regionId: 2,
      lat: expect.any(Number),
      lon: expect.any(Number),
    });
  });

  it('answers region 0 with nulls for an address it cannot place, never an error', async () => {
    for (const ipAddress of ['10.0.0.1', '127.0.0.1', 'not-an-ip', '::1']) {
      const res = await t.app.inject({ url: '/v1/locations/detect', query: { ipAddress } });
      expect(res.statusCode, ipAddress).toBe(200);
      expect(res.json()).toMatchObject({ regionId: 0, countryCode: null, city: null, lat: null });
    }
  });

  it('reads X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const headers = { 'x-forwarded-for': US_ADDRESS };
    const untrusted = await t.app.inject({ url: '/v1/regions/detect', headers });
    expect(untrusted.json()).toMatchObject({ regionId: 0, countryCode: null });

    const trusted = await trusting.app.inject({ url: '/v1/regions/detect', headers });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json()).toMatchObject({ regionId: 2, countryCode: 'US', region: { code: 'US' } });
  });

  it('stores a valid location and returns it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/locations',
      payload: { label: '  Lisbon, Portugal ', countryName: 'Portugal', city: 'Lisbon', lat: 38.72, lon: -9.14 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ id: expect.any(String), label: 'Lisbon, Portugal', lat: 38.72, lon: -9.14 });
    const stored = await t.database.handle.db.selectFrom('locations').selectAll().execute();
    expect(stored).toHaveLength(1);
  });

  it('rejects a bad location naming the field, and stores nothing', async () => {
    const before = await t.database.handle.db.selectFrom('locations').select('id').execute();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ label: 'X', countryName: 'Y', city: 'Z', lat: 91, lon: 0 }, /body\.lat must be <= 90/],
      [{ label: 'X', countryName: 'Y', city: 'Z', lat: 0, lon: -181 }, /body\.lon must be >= -180/],
      [{ label: 'X', countryName: 'Y', city: 'Z', lat: 'north', lon: 0 }, /body\.lat must be number/],
      // A JSON body has types of its own: numbers sent as text, or text sent as a number, are not guessed at.
      [{ label: 'X', countryName: 'Y', city: 'Z', lat: '38.72', lon: 0 }, /body\.lat must be number/],
      [{ label: 42, countryName: 'Y', city: 'Z', lat: 0, lon: 0 }, /body\.label must be string/],
      [{ countryName: 'Y', city: 'Z', lat: 0, lon: 0 }, /body\.label is required/],
      [{ label: 'X', countryName: 'Y', city: 'Z', lat: 0, lon: 0, admin: true }, /body\.admin is not a known field/],
    ];
    for (const [payload, message] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/locations', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const after = await t.database.handle.db.selectFrom('locations').select('id').execute();
    expect(after).toHaveLength(before.length);
  });

  it('treats script- and SQL-looking text as plain data', async () => {
    const label = "'); drop table locations; -- <script>alert(1)</script>";
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/locations',
      payload: { label, countryName: 'Nowhere', city: 'Nowhere', lat: 0, lon: 0 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().label).toBe(label);
  });
});
