import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { readCommittedHorizon } from './event-store';

/**
 * The roll-up applier (migration 0014): reads the event store in seq order after its cursor, up
 * to the committed horizon (event-store.ts), one chunk at a time, and adds each chunk's counts to
 * analytics_rollups in the transaction that holds the cursor row FOR UPDATE and moves it past the
 * chunk. A chunk therefore counts exactly once: a second worker skips while the row is held, and
 * a crash or a failed statement rolls the counts and the cursor back together.
 *
 * Events come from browsers, so nothing in `data` is trusted: a malformed id leaves the event out
 * of that one dimension, a non-numeric watchSeconds adds nothing, and every value written has been
 * checked here, so no event can make a chunk fail for ever.
 */

export const ROLLUP_CONSUMER = 'rollups';
export const ROLLUP_CHUNK_SIZE = 5_000;
/**
 * The most one 'Watch Time' event counts. The client sends one at least every 10 s of playing (and
 * on pause, end and page hide); a larger figure is a clock or a client gone wrong.
 */
export const WATCH_SECONDS_MAX = 300;
/** Longer visitor ids are not counted as visitors (an index entry must stay small). */
export const VISITOR_ID_MAX_LENGTH = 200;
const AD_ID_MAX_LENGTH = 100;

export const ROLLUP_DIMENSIONS = [
  'all',
  'article',
  'publisher',
  'playlist',
  'playlist_article',
  'playlist_publisher',
  'region',
  'ad',
  'poll_answer',
  'action',
] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];

/** Counters of analytics_rollups that events add to (visitors is counted apart, from the sets). */
export const ROLLUP_COUNTERS = ['events', 'plays', 'watch_ms', 'completions', 'likes', 'shares', 'ad_impressions', 'ad_clicks', 'poll_votes'] as const;
type Counter = (typeof ROLLUP_COUNTERS)[number];

/** The counter each action moves besides `events` ('Watch Time' adds its seconds to watch_ms). */
const COUNTER_OF_ACTION: Readonly<Record<string, Counter>> = {
  Play: 'plays',
  Complete: 'completions',
  Like: 'likes',
  Share: 'shares',
  'Ad Impression': 'ad_impressions',
  'Ad Click': 'ad_clicks',
  'Poll Vote': 'poll_votes',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of an event the roll-ups read. */
export interface RollupSourceEvent {
  eventTime: Date;
  action: string;
  visitorId: string | null;
  regionId: number;
  data: unknown;
}

function fieldOf(data: unknown, name: string): unknown {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>)[name] : undefined;
}

function uuidOf(data: unknown, name: string): string | null {
  const value = fieldOf(data, name);
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}

function adIdOf(data: unknown): string | null {
  const value = fieldOf(data, 'adId');
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return typeof value === 'string' && value.length > 0 && value.length <= AD_ID_MAX_LENGTH ? value : null;
}

/** A 'Watch Time' event's seconds in whole milliseconds, clamped to 0..WATCH_SECONDS_MAX; 0 when not a number. */
export function watchMsOf(data: unknown): number {
  const seconds = fieldOf(data, 'watchSeconds');
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return 0;
  return Math.round(Math.min(Math.max(seconds, 0), WATCH_SECONDS_MAX) * 1000);
}

/** The event's UTC day, YYYY-MM-DD. */
export function dayOf(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The roll-up rows (dimension and key) an event counts in. */
export function rollupKeysOf(event: RollupSourceEvent): [RollupDimension, string][] {
  const { data } = event;
  const keys: [RollupDimension, string][] = [
    ['all', ''],
    ['action', event.action],
    ['region', String(event.regionId)],
  ];
  const article = uuidOf(data, 'articleId');
  const publisher = uuidOf(data, 'publisherId');
  const playlist = uuidOf(data, 'playlistId');
  if (article) keys.push(['article', article]);
  if (publisher) keys.push(['publisher', publisher]);
  if (playlist) {
    keys.push(['playlist', playlist]);
    if (article) keys.push(['playlist_article', `${playlist}/${article}`]);
    if (publisher) keys.push(['playlist_publisher', `${playlist}/${publisher}`]);
  }
  const ad = adIdOf(data);
  if (ad !== null) keys.push(['ad', ad]);
  const poll = uuidOf(data, 'pollId');
  const question = uuidOf(data, 'pollQuestionId');
  const answer = uuidOf(data, 'pollAnswerId');
  if (poll && question && answer) keys.push(['poll_answer', `${poll}/${question}/${answer}`]);
  return keys;
}

/** Whether a row's `visitors` counts distinct visitors: every dimension but the action counts. */
const countsVisitors = (dimension: RollupDimension) => dimension !== 'action';

interface RowDelta {
  dimension: RollupDimension;
  key: string;
  day: string;
  counts: Record<Counter, number>;
}

/** What a run of events adds to the roll-ups, summed per row before anything is written. */
export class RollupDelta {
  readonly rows = new Map<string, RowDelta>();
  readonly visitors = new Map<string, { dimension: RollupDimension; key: string; day: string; visitorId: string }>();

  add(event: RollupSourceEvent): void {
    const day = dayOf(event.eventTime);
    const counter = COUNTER_OF_ACTION[event.action];
    const watchMs = event.action === 'Watch Time' ? watchMsOf(event.data) : 0;
    const visitor = event.visitorId && event.visitorId.length <= VISITOR_ID_MAX_LENGTH ? event.visitorId : null;
    for (const [dimension, key] of rollupKeysOf(event)) {
      const id = `${dimension}\u0000${key}\u0000${day}`;
      let row = this.rows.get(id);
      if (!row) {
        row = { dimension, key, day, counts: Object.fromEntries(ROLLUP_COUNTERS.map((name) => [name, 0])) as Record<Counter, number> };
        this.rows.set(id, row);
      }
      row.counts.events += 1;
      if (counter) row.counts[counter] += 1;
      row.counts.watch_ms += watchMs;
      if (visitor && countsVisitors(dimension)) this.visitors.set(`${id}\u0000${visitor}`, { dimension, key, day, visitorId: visitor });
    }
  }
}

/**
 * Adds a delta to the roll-ups: the counters in one upsert, then the visitors not yet in a row's
 * set, each adding one to that row's `visitors`.
 */
async function writeDelta(trx: Transaction<Database>, delta: RollupDelta): Promise<void> {
  if (delta.rows.size === 0) return;
  const rows = [...delta.rows.values()];
  const column = (name: Counter) => rows.map((row) => row.counts[name]);
  await sql`
    insert into analytics_rollups (dimension, key, day, events, plays, watch_ms, completions, likes, shares, ad_impressions, ad_clicks, poll_votes)
    select * from unnest(
      ${rows.map((row) => row.dimension)}::text[], ${rows.map((row) => row.key)}::text[], ${rows.map((row) => row.day)}::date[],
      ${column('events')}::bigint[], ${column('plays')}::bigint[], ${column('watch_ms')}::bigint[], ${column('completions')}::bigint[],
      ${column('likes')}::bigint[], ${column('shares')}::bigint[], ${column('ad_impressions')}::bigint[], ${column('ad_clicks')}::bigint[],
      ${column('poll_votes')}::bigint[])
    on conflict (dimension, day, key) do update set
      events = analytics_rollups.events + excluded.events,
      plays = analytics_rollups.plays + excluded.plays,
      watch_ms = analytics_rollups.watch_ms + excluded.watch_ms,
      completions = analytics_rollups.completions + excluded.completions,
      likes = analytics_rollups.likes + excluded.likes,
      shares = analytics_rollups.shares + excluded.shares,
      ad_impressions = analytics_rollups.ad_impressions + excluded.ad_impressions,
      ad_clicks = analytics_rollups.ad_clicks + excluded.ad_clicks,
      poll_votes = analytics_rollups.poll_votes + excluded.poll_votes`.execute(trx);

  if (delta.visitors.size === 0) return;
  const visitors = [...delta.visitors.values()];
  // The update reads the rows as they were before this statement: the upsert above made them all.
  await sql`
    with added as (
      insert into analytics_rollup_visitors (dimension, key, day, visitor_id)
      select * from unnest(${visitors.map((v) => v.dimension)}::text[], ${visitors.map((v) => v.key)}::text[],
        ${visitors.map((v) => v.day)}::date[], ${visitors.map((v) => v.visitorId)}::text[])
      on conflict do nothing
      returning dimension, key, day
    ), counted as (
      select dimension, key, day, count(*) as visitors from added group by dimension, key, day
    )
    update analytics_rollups r set visitors = r.visitors + counted.visitors
    from counted
    where r.dimension = counted.dimension and r.day = counted.day and r.key = counted.key`.execute(trx);
}

export interface RollupChunkResult {
  /** Events applied by this call. */
  applied: number;
  /** Where the cursor stands afterwards (as this call saw it). */
  lastSeq: number;
  /** Nothing committed is left past the cursor (as of this call's horizon). */
  caughtUp: boolean;
  /** Another worker held the cursor, so this call did nothing. */
  busy: boolean;
}

interface EventRow {
  seq: string;
  event_time: Date;
  action: string;
  visitor_id: string | null;
  region_id: number;
  data: unknown;
}

/** The highest seq handed out so far, read without waiting for writers (it may not be committed yet). */
async function peek(db: Kysely<Database>): Promise<{ lastSeq: number; handedOut: number } | undefined> {
  const { rows } = await sql<{ last_seq: string; last_value: string; is_called: boolean }>`
    select c.last_seq, s.last_value, s.is_called
    from analytics_cursors c cross join analytics_events_seq_seq s
    where c.consumer = ${ROLLUP_CONSUMER}`.execute(db);
  const row = rows[0];
  return row && { lastSeq: Number(row.last_seq), handedOut: row.is_called ? Number(row.last_value) : 0 };
}

/**
 * Applies the next chunk of at most `chunkSize` events past the cursor, or nothing when there is
 * none or another worker is applying one.
 */
export async function applyRollupChunk(db: Kysely<Database>, chunkSize = ROLLUP_CHUNK_SIZE): Promise<RollupChunkResult> {
  let seen = await peek(db);
  if (!seen) {
    // Made by the migration; made again here should someone have removed it.
    await sql`insert into analytics_cursors (consumer) values (${ROLLUP_CONSUMER}) on conflict do nothing`.execute(db);
    seen = (await peek(db))!;
  }
  // Nothing handed out past the cursor: skip the horizon, whose lock makes writers wait a moment.
  if (seen.handedOut <= seen.lastSeq) return { applied: 0, lastSeq: seen.lastSeq, caughtUp: true, busy: false };
  const horizon = await readCommittedHorizon(db);

  return db.transaction().execute(async (trx) => {
    const { rows: cursor } = await sql<{ last_seq: string }>`
      select last_seq from analytics_cursors where consumer = ${ROLLUP_CONSUMER} for update skip locked`.execute(trx);
    if (!cursor[0]) return { applied: 0, lastSeq: seen.lastSeq, caughtUp: false, busy: true };
    const from = Number(cursor[0].last_seq);
    // Another worker may have gone past this call's horizon since it was read.
    if (from >= horizon) return { applied: 0, lastSeq: from, caughtUp: true, busy: false };

    const { rows: events } = await sql<EventRow>`
      select seq, event_time, action, visitor_id, region_id, data
      from analytics_events
      where seq > ${from} and seq <= ${horizon}
      order by seq
      limit ${chunkSize}`.execute(trx);
    const delta = new RollupDelta();
    for (const event of events) {
      delta.add({ eventTime: event.event_time, action: event.action, visitorId: event.visitor_id, regionId: event.region_id, data: event.data });
    }
    await writeDelta(trx, delta);
    // A short chunk read everything up to the horizon: the cursor moves past the seqs that were
    // never committed (a rolled-back write, a retried event) too.
    const full = events.length === chunkSize;
    const to = full ? Number(events.at(-1)!.seq) : horizon;
    await sql`update analytics_cursors set last_seq = ${to}, updated_at = now() where consumer = ${ROLLUP_CONSUMER}`.execute(trx);
    return { applied: events.length, lastSeq: to, caughtUp: !full, busy: false };
  });
}

/**
 * Applies chunks until nothing committed is left past the cursor (waiting its turn while another
 * worker holds it). Answers how many events this call applied.
 */
export async function applyAllRollups(db: Kysely<Database>, chunkSize = ROLLUP_CHUNK_SIZE): Promise<number> {
  let applied = 0;
  for (;;) {
    const result = await applyRollupChunk(db, chunkSize);
    applied += result.applied;
    if (result.caughtUp) return applied;
    if (result.busy) await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface RollupLag {
  /** Committed events not applied yet, counted up to ROLLUP_LAG_COUNT_MAX. */
  pendingEvents: number;
  /** How long ago the oldest of them arrived; 0 when none is pending. */
  oldestPendingSeconds: number;
}

/** Lag is counted only this far: a count costs as much as the events it counts. */
export const ROLLUP_LAG_COUNT_MAX = 100_000;

/** How far the roll-ups are behind the store (for GET /status). */
export async function readRollupLag(db: Kysely<Database>): Promise<RollupLag> {
  const { rows } = await sql<{ pending: string; oldest_seconds: number | null }>`
    with cursor as (select coalesce((select last_seq from analytics_cursors where consumer = ${ROLLUP_CONSUMER}), 0) as last_seq)
    select
      (select count(*) from (select 1 from analytics_events e, cursor where e.seq > cursor.last_seq limit ${ROLLUP_LAG_COUNT_MAX}) pending) as pending,
      (select extract(epoch from now() - e.received_at)::float8 from analytics_events e, cursor where e.seq > cursor.last_seq order by e.seq limit 1) as oldest_seconds`.execute(db);
  const row = rows[0];
  return { pendingEvents: Number(row?.pending ?? 0), oldestPendingSeconds: Math.max(0, Math.round(row?.oldest_seconds ?? 0)) };
}
