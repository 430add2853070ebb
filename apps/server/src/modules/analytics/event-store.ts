import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The analytics event store (migration 0013): the one place events are written to and the
 * committed horizon is read from. Every writer holds ANALYTICS_WRITE_LOCK shared for its
 * transaction; a consumer takes it exclusively for a moment to learn the highest seq that is
 * committed (no writer is between taking a seq and committing it then), so reading `seq` in order
 * up to that horizon never skips an event that commits later with a smaller seq.
 */

// Any fixed number: it only has to be the same for every Newsreel process on one database.
export const ANALYTICS_WRITE_LOCK = 724_013;

export type PartitionKey = 'app_events' | 'article_events' | 'ad_events';

/** One event as the store keeps it. */
export interface StoredEventInput {
  eventId: string;
  /** The client's time of the event (its epoch seconds), unchanged on a retry. */
  eventTime: Date;
  partitionKey: PartitionKey;
  action: string;
  visitorId: string | null;
  regionId: number;
  data: Record<string, unknown>;
}

export interface StoredEvent extends StoredEventInput {
  seq: number;
  receivedAt: Date;
}

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Writes events, each at most once (a retried event, same id and time, is left as it is), in one
 * multi-row statement, and resolves once it is committed. Answers how many were new.
 */
export async function storeEvents(db: Kysely<Database>, events: readonly StoredEventInput[]): Promise<number> {
  return (await storeNewEvents(db, events)).length;
}

/**
 * storeEvents, answering the ids of the events that were new (an id twice when two events of the
 * batch share it and both were new), so a caller that wrote several requests' events in one
 * statement can tell each request what became of its own.
 */
export async function storeNewEvents(db: Kysely<Database>, events: readonly StoredEventInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  // One JSON array for jsonb_to_recordset, written without an object per row in between.
  const rows = `[${events
    .map(
      (event) =>
        `{"event_id":"${event.eventId}","event_time":"${event.eventTime.toISOString()}","partition_key":"${event.partitionKey}","action":${JSON.stringify(event.action)},"visitor_id":${JSON.stringify(event.visitorId)},"region_id":${event.regionId},"data":${JSON.stringify(event.data)}}`,
    )
    .join(',')}]`;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock_shared(${ANALYTICS_WRITE_LOCK})`.execute(trx);
    const inserted = await sql<{ event_id: string }>`
      insert into analytics_events (event_id, event_time, partition_key, action, visitor_id, region_id, data)
      select r.event_id, r.event_time, r.partition_key, r.action, r.visitor_id, r.region_id, r.data
      from jsonb_to_recordset(${rows}::jsonb)
        as r(event_id uuid, event_time timestamptz, partition_key text, action text, visitor_id text, region_id smallint, data jsonb)
      on conflict do nothing
      returning event_id`.execute(trx);
    return inserted.rows.map((row) => row.event_id);
  });
}

/** The highest seq below which every event is committed (see the note at the top). */
export async function readCommittedHorizon(db: Executor): Promise<number> {
  const read = async (trx: Transaction<Database>) => {
    await sql`select pg_advisory_xact_lock(${ANALYTICS_WRITE_LOCK})`.execute(trx);
    const { rows } = await sql<{ last_value: string; is_called: boolean }>`
      select last_value, is_called from analytics_events_seq_seq`.execute(trx);
    const row = rows[0];
    return row && row.is_called ? Number(row.last_value) : 0;
  };
  return db.isTransaction ? read(db as Transaction<Database>) : (db as Kysely<Database>).transaction().execute(read);
}
