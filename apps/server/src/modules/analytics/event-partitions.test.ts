import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate';
import type { Database } from '../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { ensureEventPartitions, partitionNameOf } from './event-partitions';
import { storeEvents } from './event-store';

const quiet = { info() {}, warn() {} };

async function partitionsOf(db: Kysely<Database>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'analytics_events'::regclass order by 1`.execute(db);
  return rows.map((row) => row.name);
}

const event = (eventTime: Date) => ({
  eventId: randomUUID(),
  eventTime,
  partitionKey: 'app_events' as const,
  action: 'Page View',
  visitorId: 'visitor-partitions',
  regionId: 0,
  data: {},
});

describe('the monthly partitions of the event store', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await migrate(db);
  });
  afterAll(() => database?.dispose());

  it('makes this month and the next two, in UTC, and nothing more when asked again', async () => {
    // 31 December, late in the evening west of UTC: already January there.
    const now = new Date('2031-12-31T23:30:00Z');
    const outcome = await ensureEventPartitions(db, quiet, now);
    expect(outcome).toEqual({ made: ['analytics_events_2031_12', 'analytics_events_2032_01', 'analytics_events_2032_02'], skipped: [] });
    expect(await ensureEventPartitions(db, quiet, now)).toEqual({ made: [], skipped: [] });
    expect(await partitionsOf(db)).toEqual(expect.arrayContaining(outcome.made));

    // Events go to their month's partition: the last instant of January, the first of February.
    await storeEvents(db, [event(new Date('2032-01-31T23:59:59.999Z')), event(new Date('2032-02-01T00:00:00Z'))]);
    const { rows } = await sql<{ partition: string }>`
      select tableoid::regclass::text as partition from analytics_events where visitor_id = 'visitor-partitions' order by event_time`.execute(db);
    expect(rows.map((row) => row.partition)).toEqual(['analytics_events_2032_01', 'analytics_events_2032_02']);
  });

  it('is safe when several servers make them at once', async () => {
    const now = new Date('2035-06-15T12:00:00Z');
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => ensureEventPartitions(db, quiet, now)));
    expect(outcomes.flatMap((outcome) => outcome.made).sort()).toEqual(['analytics_events_2035_06', 'analytics_events_2035_07', 'analytics_events_2035_08']);
  });

  it('leaves a month in the default partition when rows of it are there already, and makes the others', async () => {
    const now = new Date('2040-03-10T00:00:00Z');
    await storeEvents(db, [event(new Date('2040-04-02T10:00:00Z'))]);
    const warnings: object[] = [];
    const outcome = await ensureEventPartitions(db, { info() {}, warn: (details) => warnings.push(details) }, now);
    expect(outcome).toEqual({ made: ['analytics_events_2040_03', 'analytics_events_2040_05'], skipped: ['analytics_events_2040_04'] });
    expect(warnings).toEqual([{ partition: 'analytics_events_2040_04' }]);
    // Still writable, into the default partition.
    expect(await storeEvents(db, [event(new Date('2040-04-20T10:00:00Z'))])).toBe(1);
  });

  it('names a partition by its month', () => {
    expect(partitionNameOf(new Date(Date.UTC(2026, 0, 1)))).toBe('analytics_events_2026_01');
  });
});
