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

export async function checkHealth(
  deps: Pick<AppDeps, 'database' | 'version' | 'startedAt'>,
): Promise<StatusResponse> {
  const started = performance.now();
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
  // The default analytics stream is a table in the same database, so it shares its health.
  const stream: StatusResponse['stream'] = { status: database.status, driver: 'database' };
  // Lag is for information: the roll-ups being behind does not make the server unhealthy.
  const analytics = database.status === 'up' ? await withTimeout(readRollupLag(deps.database.db), HEALTH_CHECK_TIMEOUT_MS).catch(() => undefined) : undefined;
  return {
    ...(analytics ? { analytics } : {}),
    status: database.status === 'up' ? 'ok' : 'degraded',
    version: deps.version,
    uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
    database,
    stream,
  };
}
