import { randomUUID } from 'node:crypto';
import { INGEST_MAX_CALL_BYTES, INGEST_MAX_RECORD_BYTES, INGEST_MAX_RECORDS, type StreamRecord } from '@newsreel/contracts';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/schema';
import { createTestApp, testConfig, type TestApp } from '../../../test/helpers';
import {
  KINESALITE_CREDENTIALS,
  KINESALITE_REGION,
  createRestartableDatabase,
  eventually,
  makeRecord,
  startTestKinesis,
  startTestNats,
  storedCounts,
  uniqueStreamName,
  type RestartableDatabase,
} from '../../../test/streams';

/**
 * A refusal while the stream is down comes without waiting out a statement (its timeout is 5 s)
 * or the client: the pool's wait for a connection is 1 s at the most. On a slow 2-core machine
 * under load the refusal itself took up to 3 s, so the bound is that of a hang, not a speed.
 */
const REFUSED_AT_ONCE_MS = 4_500;

const URL = '/v1/proxy/kinesis';
const US_ADDRESS = '8.8.8.8';
const US_REGION_ID = 2;

const post = (app: FastifyInstance, events: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: URL, payload: { events }, headers });

const idsOf = (records: StreamRecord[]) => records.map((record) => record.data.eventId);

async function rowsOf(db: Kysely<Database>, ids: string[]) {
  const { rows } = await sql<{ event_id: string; event_time: Date; region_id: number; partition_key: string; action: string; visitor_id: string | null; data: Record<string, unknown> }>`
    select event_id, event_time, region_id, partition_key, action, visitor_id, data from analytics_events where event_id = any(${ids}::uuid[])`.execute(db);
  return rows;
}

describe('POST /v1/proxy/kinesis on the default (postgres) stream', () => {
  let t: TestApp;
  let trusting: TestApp;
  let db: Kysely<Database>;
  beforeAll(async () => {
    [t, trusting] = await Promise.all([createTestApp(), createTestApp({ TRUST_PROXY: 'true' })]);
    db = t.database.handle.db;
  });
  afterAll(async () => {
    await Promise.all([t?.close(), trusting?.close()]);
  });

  it('stores every event of the call once the stream holds them, with the server’s stamps', async () => {
    const records = [makeRecord(), makeRecord({ action: 'Play', articleId: randomUUID() }, 'article_events'), makeRecord({ action: 'Ad Impression', adId: 'ad-1' }, 'ad_events')];
    const before = Date.now();
    const res = await post(t.app, records);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 3, duplicates: 0 });
    expect(res.headers['cache-control']).toBe('private, no-store');

    const rows = await rowsOf(db, idsOf(records));
    expect(rows).toHaveLength(3);
    for (const record of records) {
      const row = rows.find((r) => r.event_id === record.data.eventId)!;
      expect(row).toMatchObject({ partition_key: record.partitionKey, action: record.data.action, visitor_id: 'visitor-test-0001', region_id: 0 });
      expect(row.event_time.getTime()).toBe(record.data.epochSeconds * 1000);
      // What the client sent passes through, beside the stamps.
      expect(row.data).toMatchObject({ ...record.data, addressRegionId: 0 });
      expect(new Date(row.data.receivedAt as string).getTime()).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('stores a retried batch once, and one event named twice in a call once', async () => {
    const records = [makeRecord(), makeRecord(), makeRecord()];
    expect((await post(t.app, records)).json()).toEqual({ stored: 3, duplicates: 0 });
    expect((await post(t.app, records)).json()).toEqual({ stored: 0, duplicates: 3 });

    const twice = makeRecord();
    expect((await post(t.app, [twice, makeRecord(), twice])).json()).toEqual({ stored: 2, duplicates: 1 });
    const counts = await storedCounts(db, [...idsOf(records), twice.data.eventId]);
    expect([...counts.values()]).toEqual([1, 1, 1, 1]);
  });

  it('stores the retries of a batch sent many times at once, once', async () => {
    const records = Array.from({ length: 20 }, () => makeRecord());
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(t.app, records)));
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200));
    expect(answers.reduce((sum, res) => sum + (res.json() as { stored: number }).stored, 0)).toBe(20);
    const counts = await storedCounts(db, idsOf(records));
    expect(counts.size).toBe(20);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });

  it('takes a text/plain body holding JSON, as navigator.sendBeacon sends it', async () => {
    const records = [makeRecord({ action: 'Watch Time', watchSeconds: 7 })];
    const res = await t.app.inject({ method: 'POST', url: URL, payload: JSON.stringify({ events: records }), headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ stored: 1, duplicates: 0 });

    const broken = await t.app.inject({ method: 'POST', url: URL, payload: '{"events": [', headers: { 'content-type': 'text/plain' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/JSON/i);
  });

  it.each([
    ['an unknown partition key', { ...makeRecord(), partitionKey: 'video_events' }, /events\.0\.partitionKey must be one of: app_events, article_events, ad_events/],
    ['data that is not an object', { partitionKey: 'app_events', data: 'Page View' }, /events\.0\.data must be object/],
    ['an eventId that is not a UUID', makeRecord({ eventId: 'event-1' }), /events\.0\.data\.eventId must match format "uuid"/],
    ['no action', { partitionKey: 'app_events', data: { ...makeRecord().data, action: undefined } }, /events\.0\.data\.action is required/],
    ['epochSeconds that is not a whole number', makeRecord({ epochSeconds: 1_760_000_000.5 }), /events\.0\.data\.epochSeconds must be integer/],
    ['epochSeconds as text', makeRecord({ epochSeconds: '1760000000' as unknown as number }), /events\.0\.data\.epochSeconds must be integer/],
  ])('answers 400 naming the field for %s, and stores nothing of the call', async (_what, bad, message) => {
    const good = makeRecord();
    const res = await post(t.app, [good, bad].reverse());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect((await storedCounts(db, [good.data.eventId])).size).toBe(0);
  });

  it(`answers 400 naming the limit for more than ${INGEST_MAX_RECORDS} records, and stores none`, async () => {
    const records = Array.from({ length: INGEST_MAX_RECORDS + 1 }, () => makeRecord());
    const res = await post(t.app, records);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`A call carries at most ${INGEST_MAX_RECORDS} records (this one has 501): send the rest in the next call. Nothing was stored.`);
    expect((await storedCounts(db, idsOf(records))).size).toBe(0);

    const full = records.slice(0, INGEST_MAX_RECORDS);
    expect((await post(t.app, full)).json()).toEqual({ stored: INGEST_MAX_RECORDS, duplicates: 0 });
  });

  it('answers 413 naming the limit for a record over 1 MiB, and stores nothing of the call', async () => {
    const good = makeRecord();
    const large = makeRecord({ query: 'x'.repeat(INGEST_MAX_RECORD_BYTES) });
    const res = await post(t.app, [good, large]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/^events\[1\] is 1,048,\d{3} bytes with the server's stamps; a record may be at most 1,048,576 bytes \(1 MiB\)/);
    expect((await storedCounts(db, [good.data.eventId, large.data.eventId])).size).toBe(0);

    // A record just under the limit with its stamps goes through.
    const fits = makeRecord({ query: 'x'.repeat(INGEST_MAX_RECORD_BYTES - 1_000) });
    expect((await post(t.app, [fits])).statusCode).toBe(200);
  });

  it('answers 413 naming the limit for a call over 5 MiB, and stores nothing of it', async () => {
    const records = Array.from({ length: 6 }, () => makeRecord({ query: 'x'.repeat(1_000_000) }));
    const body = JSON.stringify({ events: records });
    expect(body.length).toBeGreaterThan(INGEST_MAX_CALL_BYTES);
    const res = await t.app.inject({ method: 'POST', url: URL, payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      `The call is ${body.length.toLocaleString('en')} bytes; a call may be at most 5,242,880 bytes (5 MiB): send fewer records a call. Nothing was stored.`,
    );
    expect((await storedCounts(db, idsOf(records))).size).toBe(0);

    // Five such records fit the call; the route's own limit is the call limit, not the server's 1 MiB.
    expect((await post(t.app, records.slice(0, 5))).json()).toEqual({ stored: 5, duplicates: 0 });
  });

  it('stamps the region of the client address, read from X-Forwarded-For only when TRUST_PROXY is set', async () => {
    const headers = { 'x-forwarded-for': US_ADDRESS };
    const [viaProxy, direct] = [makeRecord({ regionId: 8 }), makeRecord({ regionId: 8 })];
    expect((await post(trusting.app, [viaProxy], headers)).statusCode).toBe(200);
    expect((await post(t.app, [direct], headers)).statusCode).toBe(200);

    const [trusted] = await rowsOf(trusting.database.handle.db, [viaProxy.data.eventId]);
    expect(trusted).toMatchObject({ region_id: US_REGION_ID, data: { addressRegionId: US_REGION_ID, regionId: 8 } });
    // Not trusted: the address is the connection's own (loopback, region unknown: 0).
    const [untrusted] = await rowsOf(db, [direct.data.eventId]);
    expect(untrusted).toMatchObject({ region_id: 0, data: { addressRegionId: 0, regionId: 8 } });
  });

  it('files an event by its own time, unless that is more than a day ahead of the server’s clock', async () => {
    const now = Math.floor(Date.now() / 1000);
    const lastWeek = makeRecord({ epochSeconds: now - 7 * 86_400 });
    const soon = makeRecord({ epochSeconds: now + 3_600 });
    const wrongClock = makeRecord({ epochSeconds: now + 3 * 86_400 });
    const started = Date.now();
    expect((await post(t.app, [lastWeek, soon, wrongClock])).json()).toEqual({ stored: 3, duplicates: 0 });
    const rows = await rowsOf(db, idsOf([lastWeek, soon, wrongClock]));
    const timeOf = (record: StreamRecord) => rows.find((row) => row.event_id === record.data.eventId)!.event_time.getTime();
    expect(timeOf(lastWeek)).toBe(lastWeek.data.epochSeconds * 1000);
    expect(timeOf(soon)).toBe(soon.data.epochSeconds * 1000);
    expect(timeOf(wrongClock)).toBeGreaterThanOrEqual(started - 1_000);
    expect(timeOf(wrongClock)).toBeLessThanOrEqual(Date.now());
  });

  it('is rate-limited per reader with room for a batch a second and its retries', async () => {
    const res = await post(t.app, [makeRecord()]);
    expect(res.headers['x-ratelimit-limit']).toBe('600');
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/docs/json')).json();
    expect(doc.paths[URL].post).toMatchObject({ operationId: 'ingestAnalyticsEvents', tags: ['analytics'] });
    expect(Object.keys(doc.paths[URL].post.responses)).toEqual(expect.arrayContaining(['200', '400', '413', '503']));
  });
});

describe('POST /v1/proxy/kinesis while the database (the default stream) is down', () => {
  let database: RestartableDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await createRestartableDatabase();
    app = await buildApp(testConfig(), { database: database.handle });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('answers 503 with Retry-After and stores nothing; the retry lands once it is back', async () => {
    const records = Array.from({ length: 30 }, () => makeRecord());
    await database.takeDown();
    const started = Date.now();
    const refused = await post(app, records);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ code: 'TEMPORARILY_UNAVAILABLE', message: expect.stringMatching(/send the same batch again/i) });
    expect(Date.now() - started).toBeLessThan(REFUSED_AT_ONCE_MS);

    const before = database.handle;
    const handle = await database.bringBack();
    // PGlite lives in the process: it comes back as a restarted server does, with a new app.
    if (handle !== before) {
      await app.close();
      app = await buildApp(testConfig(), { database: handle });
    }
    expect((await storedCounts(database.handle.db, idsOf(records))).size).toBe(0);
    expect((await post(app, records)).json()).toEqual({ stored: 30, duplicates: 0 });
    const counts = await storedCounts(database.handle.db, idsOf(records));
    expect([...counts.values()]).toEqual(records.map(() => 1));
  });
});

describe.each(['nats', 'kinesis'] as const)('POST /v1/proxy/kinesis on the %s stream', (driver) => {
  let t: TestApp;
  let cut: () => Promise<void>;
  let restore: () => Promise<void>;
  let cleanUp: () => Promise<void>;
  beforeAll(async () => {
    const name = uniqueStreamName();
    if (driver === 'nats') {
      const nats = await startTestNats();
      t = await createTestApp({ STREAM: 'nats', NATS_URL: nats.url, STREAM_NAME: name });
      ({ cut, restore } = nats.relay);
      cleanUp = async () => {
        await nats.deleteStream(name);
        await nats.close();
      };
    } else {
      const kinesis = await startTestKinesis();
      await kinesis.createStream(name);
      t = await createTestApp({
        STREAM: 'kinesis',
        KINESIS_ENDPOINT: kinesis.endpoint,
        KINESIS_REGION: KINESALITE_REGION,
        AWS_ACCESS_KEY_ID: KINESALITE_CREDENTIALS.accessKeyId,
        AWS_SECRET_ACCESS_KEY: KINESALITE_CREDENTIALS.secretAccessKey,
        STREAM_NAME: name,
      });
      ({ cut, restore } = kinesis.relay);
      cleanUp = () => kinesis.close();
    }
  });
  afterAll(async () => {
    await t?.close();
    await cleanUp?.();
  });

  const inStoreOnce = async (records: StreamRecord[]) => {
    const ids = idsOf(records);
    await eventually(async () => (await storedCounts(t.database.handle.db, ids)).size === ids.length, 15_000, 'the copy into the store');
    const counts = await storedCounts(t.database.handle.db, ids);
    return [...counts.values()].every((count) => count === 1);
  };

  it('reports the stream in /status', async () => {
    const res = await t.app.inject('/status');
    expect(res.json()).toMatchObject({ status: 'ok', stream: { status: 'up', driver } });
  });

  it('answers 200 once the stream holds the events, which its reader copies into the store once', async () => {
    const records = [makeRecord(), makeRecord({}, 'article_events')];
    expect((await post(t.app, records)).json()).toMatchObject({ stored: 2 });
    // The retry after a lost answer.
    expect((await post(t.app, records)).statusCode).toBe(200);
    expect(await inStoreOnce(records)).toBe(true);
  });

  it('answers 503 with Retry-After while the stream is down, and takes the client’s retry once it is back', async () => {
    const records = Array.from({ length: 10 }, () => makeRecord());
    await cut();
    await eventually(async () => (await t.app.inject('/status')).statusCode === 503, 5_000, '/status seeing the stream down');
    expect((await t.app.inject('/status')).json()).toMatchObject({ status: 'degraded', stream: { status: 'down', driver } });

    const started = Date.now();
    const refused = await post(t.app, records);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(REFUSED_AT_ONCE_MS);

    await restore();
    await eventually(async () => (await post(t.app, records)).statusCode === 200, 15_000, 'the retried batch taken');
    expect(await inStoreOnce(records)).toBe(true);
  });
});
