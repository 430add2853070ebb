import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The monthly partitions of analytics_events (migration 0013): this month's and the next ones are
 * made at start and again every day while the server runs, so events land in their month's
 * partition rather than the default one. Making them is idempotent and takes an advisory lock, so
 * servers starting together do not race; a month whose rows already sit in the default partition
 * (a server that was off for months) is logged and left there, never a reason not to start.
 */

// Any fixed number: it only has to be the same for every Newsreel process on one database.
const PARTITIONS_LOCK = 724_016;
/** This month and the next two. */
export const PARTITION_MONTHS_AHEAD = 2;
const DAY_MS = 24 * 3_600_000;

export interface PartitionLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** analytics_events_2026_11 for November 2026 (UTC). */
export function partitionNameOf(monthStart: Date): string {
  return `analytics_events_${monthStart.getUTCFullYear()}_${String(monthStart.getUTCMonth() + 1).padStart(2, '0')}`;
}

function monthStartUtc(year: number, month: number): Date {
  return new Date(Date.UTC(year, month, 1));
}

export interface PartitionOutcome {
  made: string[];
  /** Months whose rows are in the default partition, so their partition could not be made. */
  skipped: string[];
}

/** One transaction a month: a month that cannot be made leaves the others alone. */
async function makeMonthPartition(db: Kysely<Database>, name: string, from: Date, to: Date): Promise<'present' | 'held' | 'made'> {
  try {
    return await db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK})`.execute(trx);
      const { rows } = await sql<{ exists: boolean }>`select to_regclass(${name}) is not null as exists`.execute(trx);
      if (rows[0]?.exists) return 'present';
      // Making it checks the default partition for rows of the month by reading all of it; asked
      // first by an index range read, a long-stopped server's start does not wait for that scan.
      const held = await sql<{ held: boolean }>`
        select exists (select 1 from analytics_events_default where event_time >= ${from} and event_time < ${to}) as held`.execute(trx);
      if (held.rows[0]?.held) return 'held';
      await sql
        .raw(`create table ${name} partition of analytics_events for values from ('${from.toISOString()}') to ('${to.toISOString()}')`)
        .execute(trx);
      return 'made';
    });
  } catch (error) {
    // A row of the month reached the default partition after it was asked (check_violation).
    if ((error as { code?: unknown }).code === '23514') return 'held';
    throw error;
  }
}

/** Makes the missing partitions from `now`'s month to PARTITION_MONTHS_AHEAD months after it. */
export async function ensureEventPartitions(db: Kysely<Database>, log: PartitionLog, now = new Date()): Promise<PartitionOutcome> {
  const outcome: PartitionOutcome = { made: [], skipped: [] };
  for (let ahead = 0; ahead <= PARTITION_MONTHS_AHEAD; ahead++) {
    const from = monthStartUtc(now.getUTCFullYear(), now.getUTCMonth() + ahead);
    const to = monthStartUtc(from.getUTCFullYear(), from.getUTCMonth() + 1);
    const name = partitionNameOf(from);
    const result = await makeMonthPartition(db, name, from, to);
    if (result === 'made') outcome.made.push(name);
    if (result === 'held') {
      outcome.skipped.push(name);
      log.warn(
        { partition: name },
        'analytics events: the default partition holds rows of this month, so its own partition was not made; its events stay in the default partition',
      );
    }
  }
  if (outcome.made.length > 0) log.info({ partitions: outcome.made }, 'analytics events: monthly partitions made');
  return outcome;
}

/** Makes the partitions now and once a day until stopped; a failure is logged and tried again the next day. */
export function keepEventPartitions(db: Kysely<Database>, log: PartitionLog & { error(details: object, message: string): void }): { stop(): void } {
  const timer = setInterval(() => {
    ensureEventPartitions(db, log).catch((error: unknown) => log.error({ err: error }, 'analytics events: making the monthly partitions failed'));
  }, DAY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
