import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every setting of the server, read and validated once at start. A bad value stops the start
 * with a message that names the setting (see README, "Settings").
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir/db is used. */
  databaseUrl: string | undefined;
  /** Fastify's trustProxy: false, true, a hop count or a list of trusted addresses. */
  trustProxy: boolean | number | string[];
  bodyLimitBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  nodeEnv: 'production' | 'development' | 'test';
  /** Folder of the built web app served at /. */
  webDistDir: string;
  /** How long shutdown waits for requests in flight before it gives up. */
  shutdownTimeoutMs: number;
  /** Seed the demo catalogue into an empty database: auto (only on embedded PGlite), on or off. */
  demoContent: 'auto' | 'on' | 'off';
}

export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(`Invalid setting ${setting}: ${problem}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const NODE_ENVS = ['production', 'development', 'test'] as const;

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(name, `must be one of ${choices.join(', ')} (got "${raw}")`);
  }
  return raw as T;
}

function readDatabaseUrl(env: Env): string | undefined {
  const raw = env.DATABASE_URL;
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL', 'must be a URL such as postgres://user@host:5432/newsreel');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError('DATABASE_URL', `must start with postgres:// (got "${url.protocol}//")`);
  }
  return raw;
}

function readTrustProxy(env: Env): Config['trustProxy'] {
  const raw = env.TRUST_PROXY?.trim();
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((part) => part.trim());
  if (addresses.some((part) => !/^[0-9a-fA-F:./]+$/.test(part))) {
    throw new ConfigError(
      'TRUST_PROXY',
      `must be true, false, a hop count or a comma-separated list of proxy addresses (got "${raw}")`,
    );
  }
  return addresses;
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = readChoice(env, 'NODE_ENV', NODE_ENVS, 'development');
  return {
    port: readInteger(env, 'PORT', 3000, 0, 65535),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: readDatabaseUrl(env),
    trustProxy: readTrustProxy(env),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    nodeEnv,
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    shutdownTimeoutMs: readInteger(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    demoContent: readChoice(env, 'DEMO_CONTENT', ['auto', 'on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'auto'),
  };
}
