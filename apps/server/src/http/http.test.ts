import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

describe('HTTP conventions', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'newsreel-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Newsreel</title><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
    t = await createTestApp({ WEB_DIST_DIR: webDist, BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const url of ['/v1/nothing-here', '/api/nothing', '/v1/regions/extra/segments']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', message: expect.stringContaining(url) });
    }
  });

  it('answers page paths with the web app, and never swallows /v1, /api or /docs', async () => {
    for (const url of ['/', '/search', '/stories/some-story?lng=ar']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Newsreel</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const docs = await t.app.inject('/docs/json');
    expect(docs.json().openapi).toMatch(/^3\./);
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const res = await t.app.inject('/assets/index-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject('/assets/gone-000.js');
    expect(missing.statusCode).toBe(404);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/locations',
      payload: { label: 'x'.repeat(4096), countryName: 'Y', city: 'Z', lat: 0, lon: 0 },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, message: expect.any(String) });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/locations',
      headers: { 'content-type': 'application/json' },
      payload: '{"label": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('documents every route with an operationId in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    const operations = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap(
      (methods) => Object.values(methods),
    );
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const operation of operations) expect(operation.operationId).toBeTruthy();
    const ui = await t.app.inject('/docs');
    expect([200, 302]).toContain(ui.statusCode);
  });
});
