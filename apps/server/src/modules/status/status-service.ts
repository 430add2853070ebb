import type { StatusResponse } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { readRollupLag } from '../analytics/rollups';

const HEALTH_CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The analytics stream's own health (the default stream is a table in the database; NATS and Kinesis are servers of their own). */
async function checkStream(eventStream: AppDeps['stream']): Promise<StatusResponse['stream']> {
  const started = performance.now();
  const health = await withTimeout(eventStream.health(), HEALTH_CHECK_TIMEOUT_MS).catch((error: unknown) => ({
    status: 'down' as const,
    message: error instanceof Error ? error.message : String(error),
  }));
  return health.status === 'up'
    ? { status: 'up', driver: eventStream.driver, latencyMs: Math.round((performance.now() - started) * 100) / 100 }
    : { status: 'down', driver: eventStream.driver, ...(health.message ? { message: health.message } : {}) };
}

export async function checkHealth(
  deps: Pick<AppDeps, 'database' | 'stream' | 'version' | 'startedAt'>,
): Promise<StatusResponse> {
  const started = performance.now();
  // Asked at the same time as the database, so a slow answer from each is not waited for twice.
  const streamHealth = checkStream(deps.stream);
  let database: StatusResponse['database'];
  try {
    await withTimeout(deps.database.ping(), HEALTH_CHECK_TIMEOUT_MS);
    database = {
      status: 'up',
      driver: deps.database.driver,
      latencyMs: Math.round((performance.now() - started) * 100) / 100,
    };
  } catch (error) {
    database = {
      status: 'down',
      driver: deps.database.driver,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  const stream = await streamHealth;
  // Lag is for information: the roll-ups being behind does not make the server unhealthy.
  const analytics = database.status === 'up' ? await withTimeout(readRollupLag(deps.database.db), HEALTH_CHECK_TIMEOUT_MS).catch(() => undefined) : undefined;
  return {
    ...(analytics ? { analytics } : {}),
    status: database.status === 'up' && stream.status === 'up' ? 'ok' : 'degraded',
    version: deps.version,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    database,
    stream,
  };
}
