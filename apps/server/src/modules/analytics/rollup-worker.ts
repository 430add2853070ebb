import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/client';
import type { Database } from '../../db/schema';
import { applyRollupChunk, ROLLUP_CHUNK_SIZE } from './rollups';

/** How often an idle worker looks for new events. */
export const ROLLUP_POLL_MS = 500;
/**
 * Chunks on the embedded database: its one connection serves requests too, and a chunk holds it
 * (about 0.1 s for 1,000 events, 0.45 s for 5,000 on this machine).
 */
export const ROLLUP_CHUNK_SIZE_PGLITE = 1_000;
/** The longest wait between attempts while the database fails. */
const ROLLUP_RETRY_MAX_MS = 30_000;

interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RollupWorkerOptions {
  log: WorkerLog;
  pollMs?: number;
  chunkSize?: number;
}

export interface RollupWorker {
  /** Resolves once the chunk in hand (if any) is committed or rolled back; nothing starts after. */
  stop(): Promise<void>;
}

/**
 * The roll-up consumer loop: applies chunks back to back while there are more, then looks again
 * every `pollMs`. A failure (the database down) is logged once when it starts and once when it
 * ends, and retried with a growing wait; nothing is lost, since the cursor only moves with a chunk
 * that committed. Any number of these may run on one database (rollups.ts says why that is safe).
 */
export function startRollupWorker(db: Kysely<Database>, options: RollupWorkerOptions): RollupWorker {
  const pollMs = options.pollMs ?? ROLLUP_POLL_MS;
  const chunkSize = options.chunkSize ?? ROLLUP_CHUNK_SIZE;
  let stopping = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const loop = (async () => {
    let failures = 0;
    while (!stopping) {
      let wait = pollMs;
      try {
        const result = await applyRollupChunk(db, chunkSize);
        if (failures > 0) options.log.info({ failures }, 'analytics roll-ups resumed');
        failures = 0;
        if (!result.caughtUp && !result.busy) wait = 0;
      } catch (error) {
        failures += 1;
        if (failures === 1) options.log.warn({ err: error }, 'analytics roll-ups failed; retrying (events stay in the store)');
        wait = Math.min(pollMs * 2 ** failures, ROLLUP_RETRY_MAX_MS);
      }
      // Even back to back, let requests and timers run between chunks.
      if (!stopping) await (wait === 0 ? new Promise<void>((resolve) => setImmediate(resolve)) : pause(wait));
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
  };
}

/**
 * Runs the consumer inside the server (ROLLUPS=in-process): from the moment the server is ready
 * until it starts closing, before the database closes.
 */
export function runRollupsInProcess(app: FastifyInstance, database: DatabaseHandle): void {
  let worker: RollupWorker | undefined;
  app.addHook('onReady', async () => {
    const chunkSize = database.driver === 'pglite' ? ROLLUP_CHUNK_SIZE_PGLITE : ROLLUP_CHUNK_SIZE;
    worker = startRollupWorker(database.db, { log: app.log, chunkSize });
  });
  app.addHook('preClose', async () => {
    await worker?.stop();
  });
}
