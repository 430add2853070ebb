import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, type TestApp, type TestDatabase } from '../../../test/helpers';
import { readRollups, recountRollups, trafficEvents, type TrafficIds } from '../../../test/rollups';
import { migrate } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { mulberry32 } from '../../db/seeded-random';
import { storeEvents, type StoredEventInput } from './event-store';
import { startRollupWorker } from './rollup-worker';
import { applyAllRollups, applyRollupChunk, readRollupLag } from './rollups';

const ARTICLE = '0b6f3c1e-9a43-4c59-8f34-6a1d2b7c8e01';
const OTHER_ARTICLE = '1c7a4d2f-0b54-4d6a-9045-7b2e3c8d9f12';
const PUBLISHER = '2d8b5e30-1c65-4e7b-a156-8c3f4d9e0a23';
const PLAYLIST = '3e9c6f41-2d76-4f8c-b267-9d405eaf1b34';
const POLL = '4fad7052-3e87-409d-8378-ae516fb02c45';
const QUESTION = '50be8163-4f98-41ae-9489-bf6270c13d56';
const ANSWER = '61cf9274-50a9-42bf-a59a-c07381d24e67';

const IDS: TrafficIds = {
  articles: [
    { id: ARTICLE, publisherId: PUBLISHER },
    { id: OTHER_ARTICLE, publisherId: PUBLISHER },
    { id: randomUUID(), publisherId: randomUUID() },
  ],
  playlists: [PLAYLIST, randomUUID()],
  polls: [{ pollId: POLL, questionId: QUESTION, answerIds: [ANSWER, randomUUID()] }],
};

function event(action: string, time: string, fields: Record<string, unknown> = {}, visitorId: string | null = 'visitor-a', regionId = 3): StoredEventInput {
  return {
    eventId: randomUUID(),
    eventTime: new Date(time),
    partitionKey: 'article_events',
    action,
    visitorId,
    regionId,
    data: { action, visitorId, ...fields },
  };
}

const onArticle = { articleId: ARTICLE.toUpperCase(), publisherId: PUBLISHER, playlistId: PLAYLIST };

/** Cursor position and every roll-up row, to compare before and after. */
async function snapshot(db: Kysely<Database>) {
  const cursor = await db.selectFrom('analytics_cursors').select('last_seq').where('consumer', '=', 'rollups').executeTakeFirstOrThrow();
  return { cursor: cursor.last_seq, rows: await readRollups(db) };
}

describe('roll-ups', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    // Two appliers at once need two connections on PostgreSQL; on PGlite they take turns on one.
    database = await createTestDatabase({ waitMs: 30_000 });
    db = database.handle.db;
    await migrate(db);
  });
  afterAll(() => database.dispose());
  afterEach(async () => {
    await sql`drop trigger if exists poison on analytics_rollup_visitors`.execute(db);
    await applyAllRollups(db);
    await sql`truncate analytics_events, analytics_rollups, analytics_rollup_visitors`.execute(db);
  });

  it('counts each action in its column, per article, publisher, playlist, region, action and day', async () => {
    await storeEvents(db, [
      event('Play', '2026-03-01T10:00:00Z', onArticle),
      event('Play', '2026-03-01T11:00:00Z', onArticle, 'visitor-b', 5),
      event('Watch Time', '2026-03-01T10:00:10Z', { ...onArticle, watchSeconds: 9.5 }),
      event('Watch Time', '2026-03-01T10:00:20Z', { ...onArticle, watchSeconds: 10 }),
      // Clamped to 300 s; a negative counts nothing; text is not a number.
      event('Watch Time', '2026-03-01T10:00:30Z', { ...onArticle, watchSeconds: 86_400 }),
      event('Watch Time', '2026-03-01T10:00:40Z', { ...onArticle, watchSeconds: -5 }),
      event('Watch Time', '2026-03-01T10:00:50Z', { ...onArticle, watchSeconds: '10' }),
      event('Complete', '2026-03-01T10:05:00Z', onArticle),
      event('Like', '2026-03-01T10:06:00Z', onArticle),
      event('Share', '2026-03-01T10:07:00Z', onArticle),
      event('Ad Impression', '2026-03-01T10:08:00Z', { ...onArticle, adId: 'preroll-1' }),
      event('Ad Click', '2026-03-01T10:08:05Z', { ...onArticle, adId: 'preroll-1' }),
      event('Poll Vote', '2026-03-01T10:09:00Z', { pollId: POLL, pollQuestionId: QUESTION, pollAnswerId: ANSWER }),
      // Just before midnight UTC and just after: two days.
      event('Play', '2026-03-01T23:59:59Z', { articleId: OTHER_ARTICLE }, 'visitor-c'),
      event('Play', '2026-03-02T00:00:00Z', { articleId: OTHER_ARTICLE }, 'visitor-c'),
      // A malformed id counts in no article row, but as an event of the day.
      event('Play', '2026-03-02T01:00:00Z', { articleId: 'article-1; drop table articles' }, 'visitor-d'),
      event('Page View', '2026-03-02T01:00:00Z', {}, null),
    ]);
    expect(await applyAllRollups(db)).toBe(17);
    const rows = await readRollups(db);
    const row = (dimension: string, key: string, day: string) => rows.find((r) => r.dimension === dimension && r.key === key && r.day === day);

    expect(row('article', ARTICLE, '2026-03-01')).toEqual({
      dimension: 'article',
      key: ARTICLE,
      day: '2026-03-01',
      events: '12',
      visitors: '2',
      plays: '2',
      watch_ms: String(9_500 + 10_000 + 300_000),
      completions: '1',
      likes: '1',
      shares: '1',
      ad_impressions: '1',
      ad_clicks: '1',
      poll_votes: '0',
    });
    expect(row('publisher', PUBLISHER, '2026-03-01')).toMatchObject({ plays: '2', watch_ms: '319500', visitors: '2' });
    expect(row('playlist', PLAYLIST, '2026-03-01')).toMatchObject({ plays: '2', watch_ms: '319500' });
    expect(row('playlist_article', `${PLAYLIST}/${ARTICLE}`, '2026-03-01')).toMatchObject({ plays: '2', watch_ms: '319500' });
    expect(row('playlist_publisher', `${PLAYLIST}/${PUBLISHER}`, '2026-03-01')).toMatchObject({ plays: '2', watch_ms: '319500' });
    expect(row('region', '5', '2026-03-01')).toMatchObject({ events: '1', plays: '1', visitors: '1' });
    expect(row('ad', 'preroll-1', '2026-03-01')).toMatchObject({ ad_impressions: '1', ad_clicks: '1', visitors: '1' });
    expect(row('poll_answer', `${POLL}/${QUESTION}/${ANSWER}`, '2026-03-01')).toMatchObject({ poll_votes: '1', events: '1' });
    expect(row('action', 'Watch Time', '2026-03-01')).toMatchObject({ events: '5', visitors: '0' });
    expect(row('article', OTHER_ARTICLE, '2026-03-01')).toMatchObject({ plays: '1', visitors: '1' });
    expect(row('article', OTHER_ARTICLE, '2026-03-02')).toMatchObject({ plays: '1', visitors: '1' });
    expect(row('all', '', '2026-03-01')).toMatchObject({ events: '14', plays: '3', visitors: '3', poll_votes: '1' });
    expect(row('all', '', '2026-03-02')).toMatchObject({ events: '3', plays: '2', visitors: '2' });
    expect(rows.filter((r) => r.dimension === 'article').map((r) => r.key)).not.toContain('article-1; drop table articles');
    expect(rows).toEqual(await recountRollups(db));
  });

  it('counts a visitor once a day per row, across chunks', async () => {
    const plays = Array.from({ length: 10 }, (_, n) => event('Play', `2026-03-03T10:00:0${n}Z`, onArticle, n % 2 ? 'visitor-a' : 'visitor-b'));
    await storeEvents(db, plays);
    // One event a chunk: each visitor is new only in its first.
    expect(await applyAllRollups(db, 1)).toBe(10);
    expect((await readRollups(db)).find((r) => r.dimension === 'article' && r.key === ARTICLE)).toMatchObject({ plays: '10', visitors: '2' });
  });

  it('applies every event once with two appliers at once, while events keep arriving', async () => {
    const roll = mulberry32(12);
    const batches = Array.from({ length: 12 }, () => trafficEvents(roll, IDS, 250));
    let storing = true;
    const writer = (async () => {
      for (const batch of batches) {
        await storeEvents(db, batch);
        // A retried batch is stored once (the store's key), so it counts once.
        await storeEvents(db, batch.slice(0, 20));
      }
      storing = false;
    })();
    const applier = async () => {
      let applied = 0;
      while (storing) {
        const now = await applyAllRollups(db, 97);
        applied += now;
        if (now === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return applied + (await applyAllRollups(db, 97));
    };
    const [, first, second] = await Promise.all([writer, applier(), applier()]);
    await applyAllRollups(db);
    expect(first + second).toBe(3000);
    const rollups = await readRollups(db);
    expect(rollups.length).toBeGreaterThan(100);
    expect(rollups).toEqual(await recountRollups(db));
  });

  it('leaves no partial counts when a chunk fails half-way, and applies it once afterwards', async () => {
    await storeEvents(db, trafficEvents(mulberry32(5), IDS, 300));
    expect(await applyAllRollups(db)).toBe(300);
    const before = await snapshot(db);

    // The database refuses one visitor, after the chunk's counters were already written.
    await sql`create or replace function refuse_poisoned_visitor() returns trigger language plpgsql as $$
      begin
        if new.visitor_id = 'poisoned' then raise exception 'refused visitor %', new.visitor_id; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger poison before insert on analytics_rollup_visitors for each row execute function refuse_poisoned_visitor()`.execute(db);
    const next = trafficEvents(mulberry32(6), IDS, 200);
    next[150] = { ...next[150]!, visitorId: 'poisoned' };
    await storeEvents(db, next);

    await expect(applyRollupChunk(db)).rejects.toThrow(/refused visitor poisoned/);
    expect(await snapshot(db)).toEqual(before);
    expect(await readRollupLag(db)).toMatchObject({ pendingEvents: 200 });

    await sql`drop trigger poison on analytics_rollup_visitors`.execute(db);
    expect(await applyAllRollups(db)).toBe(200);
    expect(await applyAllRollups(db)).toBe(0);
    expect(await readRollups(db)).toEqual(await recountRollups(db));
    expect(await readRollupLag(db)).toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });
  });

  it('reports lag: how many events wait and how long the oldest has', async () => {
    expect(await readRollupLag(db)).toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });
    await storeEvents(db, trafficEvents(mulberry32(7), IDS, 40));
    await sql`update analytics_events set received_at = now() - interval '90 seconds'`.execute(db);
    const lag = await readRollupLag(db);
    expect(lag.pendingEvents).toBe(40);
    expect(lag.oldestPendingSeconds).toBeGreaterThanOrEqual(90);
    expect(lag.oldestPendingSeconds).toBeLessThan(120);
  });

  it('runs as a worker: applies what arrives, survives a failing database and stops cleanly', async () => {
    const logged: string[] = [];
    const log = { info: (_: object, message: string) => logged.push(message), warn: (_: object, message: string) => logged.push(message) };
    const worker = startRollupWorker(db, { log, pollMs: 20 });
    try {
      await storeEvents(db, trafficEvents(mulberry32(8), IDS, 120));
      await expect.poll(() => readRollupLag(db), { timeout: 5_000 }).toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });

      await sql`create or replace function refuse_poisoned_visitor() returns trigger language plpgsql as $$
        begin raise exception 'refused visitor %', new.visitor_id; end $$`.execute(db);
      await sql`create trigger poison before insert on analytics_rollup_visitors for each row execute function refuse_poisoned_visitor()`.execute(db);
      await storeEvents(db, trafficEvents(mulberry32(9), IDS, 30));
      await expect.poll(() => logged, { timeout: 5_000 }).toContain('analytics roll-ups failed; retrying (events stay in the store)');
      expect((await readRollupLag(db)).pendingEvents).toBe(30);
      await sql`drop trigger poison on analytics_rollup_visitors`.execute(db);
      await expect.poll(() => readRollupLag(db), { timeout: 10_000 }).toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });
      expect(logged).toContain('analytics roll-ups resumed');
      expect(logged.filter((message) => message.includes('failed'))).toHaveLength(1);
    } finally {
      await worker.stop();
    }
    expect(await readRollups(db)).toEqual(await recountRollups(db));
  });
});

describe('roll-ups inside the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ROLLUPS: 'in-process' });
  });
  afterAll(() => t.close());

  it('are applied by the server itself, with the lag in /status', async () => {
    await t.app.ready();
    const db = t.database.handle.db;
    await storeEvents(db, trafficEvents(mulberry32(10), IDS, 50));
    await expect
      .poll(async () => (await t.app.inject('/status')).json().analytics, { timeout: 5_000 })
      .toEqual({ pendingEvents: 0, oldestPendingSeconds: 0 });
    expect(await readRollups(db)).toEqual(await recountRollups(db));
  });
});

describe('/status while events wait', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('shows the events not yet rolled up', async () => {
    await storeEvents(t.database.handle.db, trafficEvents(mulberry32(11), IDS, 25));
    const res = await t.app.inject('/status');
    expect(res.statusCode).toBe(200);
    expect(res.json().analytics).toEqual({ pendingEvents: 25, oldestPendingSeconds: expect.any(Number) });
  });
});
