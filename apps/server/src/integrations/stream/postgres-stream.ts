import { isDatabaseBusy, isDatabaseUnavailable, type DatabaseHandle } from '../../db/client';
import { createStatementBatches } from '../../db/statement-batches';
import { storeNewEvents, type StoredEventInput } from '../../modules/analytics/event-store';
import { StreamUnavailableError, type EventStream } from './event-stream';

/** Requests whose events go in one statement at most (each up to 500 events). */
const REQUESTS_PER_STATEMENT = 50;
/**
 * Statements writing at once: on PostgreSQL a few, leaving the pool's other connections (5 by
 * default) to the rest of the app; PGlite runs one statement at a time anyway, so there one, and
 * everything that arrives meanwhile goes in the next.
 */
const STATEMENTS_IN_FLIGHT = { postgres: 3, pglite: 1 } as const;

/**
 * The default stream: the event store itself (migration 0013). The events of the requests that
 * arrive together are written in one multi-row statement and one commit (db/statement-batches.ts),
 * so a commit is not paid per request; each request still learns how many of its own were new.
 * One statement is all or nothing: a request is never half written.
 */
export function createPostgresStream(database: DatabaseHandle, name: string): EventStream {
  const batches = createStatementBatches(
    async (requests: (readonly StoredEventInput[])[]): Promise<number[]> => {
      const newIds = await storeNewEvents(database.db, requests.flat());
      // How many times each id was stored; the first events of the batch that carry it take them.
      const unclaimed = new Map<string, number>();
      for (const id of newIds) unclaimed.set(id, (unclaimed.get(id) ?? 0) + 1);
      return requests.map((events) => {
        let stored = 0;
        for (const event of events) {
          const left = unclaimed.get(event.eventId) ?? 0;
          if (left > 0) {
            unclaimed.set(event.eventId, left - 1);
            stored++;
          }
        }
        return stored;
      });
    },
    { max: REQUESTS_PER_STATEMENT, inFlight: STATEMENTS_IN_FLIGHT[database.driver] },
  );

  return {
    driver: 'postgres',
    name,
    async put(events) {
      if (events.length === 0) return 0;
      try {
        return await batches.add(events);
      } catch (error) {
        if (isDatabaseBusy(error)) throw new StreamUnavailableError('The database is too busy to store the events right now.', 1, { cause: error });
        if (isDatabaseUnavailable(error)) throw new StreamUnavailableError('The database that stores the events is unavailable.', 5, { cause: error });
        throw error;
      }
    },
    async health() {
      try {
        await database.ping();
        return { status: 'up' };
      } catch (error) {
        return { status: 'down', message: error instanceof Error ? error.message : String(error) };
      }
    },
    // The database belongs to the app, which closes it.
    async close() {},
  };
}
