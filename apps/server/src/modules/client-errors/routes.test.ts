import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { ClientErrorReport } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../../test/helpers';
import { buildApp } from '../../app';

interface LogLine {
  level: number;
  msg: string;
  clientError?: ClientErrorReport;
}
const WARN = 40;

const report = (overrides: Partial<ClientErrorReport> = {}): ClientErrorReport => ({
  message: 'The analytics ingest answered 503',
  context: { source: 'analytics', status: 503, records: 12 },
  url: 'https://news.example/v/42',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
  reportedAt: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

/** An app whose log lines are kept, with the settings given. */
async function loggingApp(env: Record<string, string> = {}) {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ LOG_LEVEL: 'warn', ...env }), { database: database.handle, logStream });
  return { app, database, lines };
}

/**
 * Sentry's ingestion as a real HTTP server: a DSN http://publickey@127.0.0.1:port/7 makes the SDK post
 * envelopes (a header line, then item header and payload lines) to /api/7/envelope/.
 */
async function startSentryIngest() {
  const events: Record<string, unknown>[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString().split('\n').filter(Boolean);
      for (let index = 1; index + 1 < lines.length; index += 2) {
        const header = JSON.parse(lines[index]!) as { type: string };
        if (header.type === 'event') events.push({ path: request.url, ...(JSON.parse(lines[index + 1]!) as Record<string, unknown>) });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { events, dsn: `http://publickey@127.0.0.1:${port}/7`, server };
}

const post = (app: FastifyInstance, payload: unknown, remoteAddress = '198.51.100.7') =>
  app.inject({ method: 'POST', url: '/v1/client-errors', payload: payload as object, remoteAddress });

describe('POST /v1/client-errors', () => {
  let logged: Awaited<ReturnType<typeof loggingApp>>;
  beforeAll(async () => {
    logged = await loggingApp();
  });
  afterAll(async () => {
    await logged?.app.close();
    await logged?.database.dispose();
  });

  it('takes a batch of reports and logs each at warn', async () => {
    const res = await post(logged.app, { reports: [report(), report({ message: 'Config could not be read', context: { source: 'config' }, count: 4, userAgent: undefined })] });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ received: 2 });
    const warnings = logged.lines.filter((line) => line.clientError);
    expect(warnings.map((line) => [line.level, line.msg])).toEqual([
      [WARN, 'client error: The analytics ingest answered 503'],
      [WARN, 'client error: Config could not be read'],
    ]);
    expect(warnings[0]!.clientError).toEqual(report());
    expect(warnings[1]!.clientError).toMatchObject({ context: { source: 'config' }, count: 4 });
  });

  it.each([
    ['no reports', { reports: [] }, /body\.reports must NOT have fewer than 1 items/],
    ['more than 20', { reports: Array.from({ length: 21 }, () => report()) }, /body\.reports must NOT have more than 20 items/],
    ['no message', { reports: [{ ...report(), message: undefined }] }, /body\.reports\.0\.message is required/],
    ['a message too long', { reports: [report({ message: 'x'.repeat(1_001) })] }, /body\.reports\.0\.message must NOT have more than 1000 characters/],
    ['a nested context', { reports: [report({ context: { detail: { deep: true } } as never })] }, /body\.reports\.0\.context\.detail/],
    ['too many context fields', { reports: [report({ context: Object.fromEntries(Array.from({ length: 21 }, (_, index) => [`k${index}`, index])) })] }, /body\.reports\.0\.context must NOT have more than 20 properties/],
    ['a date that is not one', { reports: [report({ reportedAt: 'yesterday' })] }, /body\.reports\.0\.reportedAt must match format "date-time"/],
    ['an unknown field', { reports: [{ ...report(), cookie: 'secret' }] }, /body\.reports\.0\.cookie is not a known field/],
  ])('answers 400 naming the field for %s, and logs nothing', async (_case, payload, message) => {
    const before = logged.lines.length;
    const res = await post(logged.app, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(logged.lines.slice(before).filter((line) => line.clientError)).toEqual([]);
  });

  it('answers 413 for a body far larger than any batch of reports', async () => {
    const res = await logged.app.inject({
      method: 'POST',
      url: '/v1/client-errors',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ reports: [report({ message: 'x'.repeat(300_000) })] }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('takes 30 calls a minute from one address, then answers 429 with Retry-After; other addresses go on', async () => {
    const address = '203.0.113.99';
    for (let call = 0; call < 30; call += 1) expect((await post(logged.app, { reports: [report()] }, address)).statusCode).toBe(202);
    const refused = await post(logged.app, { reports: [report()] }, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json().message).toMatch(/^Too many error reports\. Try again in \d+ seconds\.$/);
    expect((await post(logged.app, { reports: [report()] }, '203.0.113.100')).statusCode).toBe(202);
  });
});

describe('with SENTRY_DSN', () => {
  it('stops the start on a DSN that Sentry would not take, naming the setting', () => {
    expect(() => testConfig({ SENTRY_DSN: 'https://public-key@o0.ingest.sentry.io/0' })).toThrow(/^Invalid setting SENTRY_DSN: must be a project's DSN/);
    expect(() => testConfig({ SENTRY_DSN: 'ftp://key@host/1' })).toThrow(/^Invalid setting SENTRY_DSN: must start with https:\/\/ or http:\/\//);
    expect(testConfig({ SENTRY_DSN: 'https://abc123@o0.ingest.sentry.io/42' }).sentryDsn).toBe('https://abc123@o0.ingest.sentry.io/42');
  });

  let sentry: Awaited<ReturnType<typeof startSentryIngest>>;
  let app: FastifyInstance;
  let database: TestDatabase;
  beforeAll(async () => {
    sentry = await startSentryIngest();
    ({ app, database } = await loggingApp({ SENTRY_DSN: sentry.dsn }));
    // A route that fails as no route should: its 500 is the server's own error.
    app.get('/test/fails', async () => {
      throw new TypeError('Cannot read properties of undefined (reading "id")');
    });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await new Promise((resolve) => sentry?.server.close(resolve));
  });

  it('sends each client report to Sentry, tagged with where it came from', async () => {
    expect((await post(app, { reports: [report({ stack: 'Error: The analytics ingest answered 503\n    at send (analytics-sender.ts:1:1)' })] })).statusCode).toBe(202);
    await vi.waitFor(() => expect(sentry.events.find((event) => event.message === 'The analytics ingest answered 503')).toBeDefined(), { timeout: 5_000 });
    const event = sentry.events.find((item) => item.message === 'The analytics ingest answered 503')!;
    expect(event).toMatchObject({
      path: expect.stringMatching(/^\/api\/7\/envelope\//),
      level: 'error',
      environment: 'test',
      tags: { source: 'web', reportSource: 'analytics' },
      extra: { url: 'https://news.example/v/42', count: 1, context: { source: 'analytics', status: 503, records: 12 }, stack: expect.stringContaining('analytics-sender.ts') },
    });
  });

  it("sends the server's own unexpected failures (a 500) to Sentry, and the caller gets the usual message", async () => {
    const res = await app.inject({ method: 'GET', url: '/test/fails' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBe('Something went wrong on our side. Try again, and tell us if it keeps happening.');
    await vi.waitFor(() => expect(sentry.events.find((event) => (event.tags as Record<string, string> | undefined)?.source === 'server')).toBeDefined(), { timeout: 5_000 });
    const event = sentry.events.find((item) => (item.tags as Record<string, string> | undefined)?.source === 'server')!;
    expect(event).toMatchObject({
      exception: { values: [expect.objectContaining({ type: 'TypeError', value: 'Cannot read properties of undefined (reading "id")' })] },
      extra: { method: 'GET', url: '/test/fails' },
    });
  });

  it('still takes and logs reports while Sentry cannot be reached', async () => {
    const unreachable = await loggingApp({ SENTRY_DSN: 'http://publickey@127.0.0.1:9/7' });
    try {
      expect((await post(unreachable.app, { reports: [report({ message: 'Region detection failed' })] })).statusCode).toBe(202);
      expect(unreachable.lines.some((line) => line.clientError?.message === 'Region detection failed')).toBe(true);
    } finally {
      await unreachable.app.close();
      await unreachable.database.dispose();
    }
  });
});
