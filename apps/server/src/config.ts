import { isIP } from 'node:net';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS, defaultStreamName } from '@newsreel/contracts';
import { fileURLToPath } from 'node:url';
import { defaultPoolSettings, type DatabaseOptions, type DatabasePoolSettings } from './db/client';
import type { AiSettings } from './modules/ai/providers/ai-provider';
import type { S3Settings } from './integrations/storage/s3-media-store';

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
  /** How requests share the database's connections: pool size and wait, statement timeout, parallel workers. */
  databasePool: DatabasePoolSettings;
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
  /** smtp:// or smtps:// server for outgoing mail; when absent mails are written to dataDir/outbox. */
  smtpUrl: string | undefined;
  /** The From of every mail, e.g. `Newsreel <no-reply@example.com>`. */
  mailFrom: string;
  /** Where messages from the contact form are mailed (CONTACT_EMAIL). */
  contactEmail: string;
  /** redis:// or rediss:// server that keeps rate-limit counts shared by every server process. */
  redisUrl: string | undefined;
  /** Origins (scheme, host, port) whose pages may call the API with credentials; empty: none. */
  corsOrigins: string[];
  /**
   * Addresses or CIDR ranges inside private networks that outside fetches (Media RSS feeds,
   * thumbnail imports) may still reach, e.g. a feed server on the newsroom's own network.
   */
  outsideUrlsAllow: string[];
  /** The app's own address, without a trailing slash, for links in mails. */
  publicUrl: string;
  /** Key that signs access tokens; required in production, where every server must share it. */
  jwtSecret: string | undefined;
  /**
   * The `token` of the playlist statistics (SPEC §7): STATISTICS_TOKEN, else DEMO_STATISTICS_TOKEN
   * outside production; undefined in production without it, where those routes answer 401.
   */
  statisticsToken: string | undefined;
  /** Where analytics roll-ups are applied: in this process, or elsewhere (`npm run worker`). */
  rollups: 'in-process' | 'off';
  /**
   * Where background jobs run (modules/jobs): in this process, or elsewhere (`npm run worker`).
   * Off, the process still queues jobs and schedules; it runs none.
   */
  jobs: 'in-process' | 'off';
  /** Limits on sign-in, sign-up and writes; off only for load benchmarks. */
  rateLimits: boolean;
  /** Requests a minute one vendor API key (or one signed-in vendor user) may make to /v1/vendor. */
  vendorRateLimitPerMinute: number;
  /** How long an access token lives, in seconds (the web refreshes it before then). */
  accessTokenTtlSeconds: number;
  /** Where analytics events go (integrations/stream; README, "Settings"). */
  stream: StreamConfig;
  /** Sentry project of the error reporter (integrations/error-reporting); without it reports are only logged. */
  sentryDsn: string | undefined;
  /** The AI provider (modules/ai/providers): OpenAI-compatible with AI_BASE_URL, else the built-in one. */
  ai: AiSettings;
  /** The S3-compatible media store; none: local files under DATA_DIR/media. */
  s3: S3Settings | undefined;
  /** Card payments for subscriptions (integrations/payments): Stripe, the built-in test provider, or none. */
  payments: PaymentSettings;
}

export interface PaymentSettings {
  /**
   * PAYMENT_PROVIDER; by default stripe with STRIPE_SECRET_KEY, else the built-in test provider
   * (its test cards, no money moves) outside production and none in production.
   */
  provider: 'stripe' | 'test' | 'none';
  stripeSecretKey: string | undefined;
  /** whsec_… of the webhook endpoint (POST /v1/stripe/webhook); required with Stripe. */
  stripeWebhookSecret: string | undefined;
}

export const STREAM_DRIVERS = ['postgres', 'nats', 'kinesis'] as const;
export type StreamDriver = (typeof STREAM_DRIVERS)[number];

export interface StreamConfig {
  /** postgres: the events table in the database (default); nats: NATS JetStream; kinesis: Amazon Kinesis. */
  driver: StreamDriver;
  /** prod_app_metrics in production, dev_app_metrics otherwise (SPEC §3), unless STREAM_NAME says. */
  name: string;
  /** nats:// or tls:// server(s) of JetStream, comma-separated. */
  natsUrl: string;
  /** Kinesis's address, for a Kinesis-compatible service; absent: AWS's own for the region. */
  kinesisEndpoint: string | undefined;
  /** KINESIS_REGION, else AWS_REGION; required with STREAM=kinesis. */
  kinesisRegion: string | undefined;
  /** From AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; absent: the AWS SDK's default chain (profile, container, instance role). */
  kinesisCredentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
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

function readFraction(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 1) throw new ConfigError(name, `must be a number from 0 to 1, e.g. 0.5 (got "${raw}")`);
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

function readDatabasePool(env: Env, databaseUrl: string | undefined): DatabasePoolSettings {
  const defaults = defaultPoolSettings(databaseUrl ? 'postgres' : 'pglite');
  return {
    size: readInteger(env, 'DATABASE_POOL_SIZE', defaults.size, 1, 1000),
    // 0 is node-postgres' "wait for ever", which is what this setting exists to prevent.
    waitMs: readInteger(env, 'DATABASE_POOL_WAIT_MS', defaults.waitMs, 1, 60_000),
    maxWaiting: readInteger(env, 'DATABASE_POOL_MAX_WAITING', defaults.maxWaiting, 0, 100_000),
    statementTimeoutMs: readInteger(env, 'DATABASE_STATEMENT_TIMEOUT_MS', defaults.statementTimeoutMs, 100, 3_600_000),
    parallelWorkersPerGather: readInteger(env, 'DATABASE_PARALLEL_WORKERS_PER_GATHER', defaults.parallelWorkersPerGather, 0, 1024),
  };
}

/** A URL setting whose scheme must be one of `schemes` (without the colon); returned as given. */
function readUrl(env: Env, name: string, schemes: readonly string[], example: string): string | undefined {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not echoed: these URLs can carry a password.
    throw new ConfigError(name, `must be a URL such as ${example}`);
  }
  if (!schemes.includes(url.protocol.slice(0, -1))) {
    const allowed = schemes.map((scheme) => `${scheme}://`).join(' or ');
    throw new ConfigError(name, `must start with ${allowed} (got "${url.protocol}//")`);
  }
  return raw;
}

function readMailFrom(env: Env): string {
  const raw = env.MAIL_FROM?.trim();
  if (raw === undefined || raw === '') return 'Newsreel <no-reply@newsreel.localhost>';
  // A bare address or `Name <address>`, on one line (it becomes a mail header).
  const address = /^[^\s<>@]+@[^\s<>@]+$/;
  const named = /^[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>$/;
  if (!address.test(raw) && !named.test(raw)) {
    throw new ConfigError('MAIL_FROM', `must be an address or "Name <address>" (got "${raw}")`);
  }
  return raw;
}

function readContactEmail(env: Env): string {
  const raw = env.CONTACT_EMAIL?.trim();
  if (raw === undefined || raw === '') return 'contact@newsreel.localhost';
  if (!/^[^\s<>@,;]+@[^\s<>@,;]+\.[^\s<>@,;]+$/.test(raw)) throw new ConfigError('CONTACT_EMAIL', `must be one email address (got "${raw}")`);
  return raw;
}

function readOutsideUrlsAllow(env: Env): string[] {
  const entries = (env.OUTSIDE_URLS_ALLOW ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, bits, ...rest] = entry.split('/');
    const maxBits = isIP(address ?? '') === 6 ? 128 : 32;
    if (isIP(address ?? '') === 0 || rest.length > 0 || (bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits))) {
      throw new ConfigError('OUTSIDE_URLS_ALLOW', `must be a comma-separated list of IP addresses or CIDR ranges such as 10.1.2.3 or 10.1.0.0/16 (got "${entry}")`);
    }
  }
  return entries;
}

function readCorsOrigins(env: Env): string[] {
  const raw = env.CORS_ORIGINS?.trim();
  if (raw === undefined || raw === '') return [];
  const origins = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return origins.map((origin) => {
    const problem = `must be a comma-separated list of origins such as https://app.example.com (got "${origin}")`;
    // "*" would hand every site the reader's credentials; origins are listed one by one.
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      throw new ConfigError('CORS_ORIGINS', problem);
    }
    const hasOnlyOrigin = url.pathname === '/' && !/[?#@]/.test(origin);
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !hasOnlyOrigin) {
      throw new ConfigError('CORS_ORIGINS', problem);
    }
    // Browsers send the origin serialised (lower-case host, no default port): compare like with like.
    return url.origin;
  });
}

function readPublicUrl(env: Env, port: number): string {
  const raw = readUrl(env, 'PUBLIC_URL', ['http', 'https'], 'https://news.example.com');
  if (raw === undefined) return `http://localhost:${port}`;
  const url = new URL(raw);
  if (/[?#]/.test(raw)) {
    throw new ConfigError('PUBLIC_URL', `must be an address without a query or fragment (got "${env.PUBLIC_URL}")`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function readJwtSecret(env: Env, nodeEnv: Config['nodeEnv']): string | undefined {
  const raw = env.JWT_SECRET;
  if (raw === undefined || raw === '') {
    if (nodeEnv === 'production') {
      // Elsewhere the accounts code keeps a generated key in DATA_DIR; in production several
      // servers must verify each other's tokens, so the key has to come from the environment.
      throw new ConfigError(
        'JWT_SECRET',
        'is required when NODE_ENV=production, so that every server signs and accepts the same tokens (set at least 32 random characters, e.g. `openssl rand -base64 48`)',
      );
    }
    return undefined;
  }
  if (raw.length < 32) {
    throw new ConfigError('JWT_SECRET', `must be at least 32 characters (got ${raw.length})`);
  }
  return raw;
}

/** The playlist statistics' token when STATISTICS_TOKEN is not set, outside production (README). */
export const DEMO_STATISTICS_TOKEN = 'newsreel-demo-statistics-token';
const STATISTICS_TOKEN_MIN_LENGTH = 16;

function readStatisticsToken(env: Env, nodeEnv: Config['nodeEnv']): string | undefined {
  const raw = env.STATISTICS_TOKEN?.trim();
  // In production the routes stay closed until a key is set; a known demo key would open them.
  if (raw === undefined || raw === '') return nodeEnv === 'production' ? undefined : DEMO_STATISTICS_TOKEN;
  if (raw.length < STATISTICS_TOKEN_MIN_LENGTH) {
    throw new ConfigError('STATISTICS_TOKEN', `must be at least ${STATISTICS_TOKEN_MIN_LENGTH} characters (got ${raw.length}); e.g. \`openssl rand -hex 24\``);
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

// Both NATS and Kinesis take these: no dots, spaces or wildcards, which NATS subjects give meaning.
const STREAM_NAME_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

function readStream(env: Env, nodeEnv: Config['nodeEnv']): StreamConfig {
  const driver = readChoice(env, 'STREAM', STREAM_DRIVERS, 'postgres');
  const name = env.STREAM_NAME?.trim() || defaultStreamName(nodeEnv);
  if (!STREAM_NAME_PATTERN.test(name)) {
    throw new ConfigError('STREAM_NAME', `must be 1 to 128 letters, digits, _ or - (got "${name}")`);
  }
  const natsUrl = env.NATS_URL?.trim() || 'nats://127.0.0.1:4222';
  for (const server of natsUrl.split(',')) readUrl({ NATS_URL: server }, 'NATS_URL', ['nats', 'tls'], 'nats://127.0.0.1:4222');
  const kinesisEndpoint = readUrl(env, 'KINESIS_ENDPOINT', ['http', 'https'], 'http://127.0.0.1:4567');
  const kinesisRegion = env.KINESIS_REGION?.trim() || env.AWS_REGION?.trim() || undefined;
  if (driver === 'kinesis' && !kinesisRegion) {
    // SPEC §5 names this error.
    throw new ConfigError('KINESIS_REGION', 'Region is missing: set KINESIS_REGION (or AWS_REGION) to the region of the Kinesis stream, e.g. eu-west-1');
  }
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(accessKeyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together or not at all');
  }
  const sessionToken = env.AWS_SESSION_TOKEN?.trim();
  const kinesisCredentials =
    accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined;
  return { driver, name, natsUrl, kinesisEndpoint, kinesisRegion, kinesisCredentials };
}

/** A DSN Sentry's SDK accepts (it turns itself off, silently, for any other). */
function readSentryDsn(env: Env): string | undefined {
  const example = 'https://publickey@o0.ingest.sentry.io/0';
  const dsn = readUrl(env, 'SENTRY_DSN', ['https', 'http'], example);
  if (dsn !== undefined && !/^https?:\/\/\w+(?::\w*)?@[\w.-]+(?::\d+)?\/\S+$/.test(dsn)) {
    throw new ConfigError('SENTRY_DSN', `must be a project's DSN such as ${example} (its key is letters and digits)`);
  }
  return dsn;
}

function readS3(env: Env): S3Settings | undefined {
  const endpoint = readUrl(env, 'S3_ENDPOINT', ['http', 'https'], 'https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000');
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    if (endpoint) throw new ConfigError('S3_BUCKET', 'is required with S3_ENDPOINT: the bucket media is kept in, e.g. newsreel-media');
    return undefined;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError('S3_BUCKET', `must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens (got "${bucket}")`);
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new ConfigError(accessKeyId ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID', 'is required with the other S3 key: give both, or neither to use the environment\'s own credentials');
  }
  return {
    endpoint,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    publicUrl: readUrl(env, 'S3_PUBLIC_URL', ['http', 'https'], 'https://media.example.com'),
    // S3-compatible servers mostly want endpoint/bucket/key; Amazon S3 itself the bucket's host name.
    forcePathStyle: readChoice(env, 'S3_FORCE_PATH_STYLE', ['on', 'off'], endpoint ? 'on' : 'off') === 'on',
  };
}

/**
 * Where a passage answers by meaning alone. Embedding models place a question and a passage that
 * answers it at different similarities (OpenAI's text-embedding-3 models about 0.4–0.7, unrelated
 * text below 0.3), so this is a setting to calibrate for the model used.
 */
export const DEFAULT_EMBEDDING_MIN_SIMILARITY = 0.5;

/** AI_BASE_URL with AI_MODEL (answers, summaries, translations) and/or AI_EMBEDDING_MODEL (embeddings). */
function readAi(env: Env): AiSettings {
  const baseUrl = readUrl(env, 'AI_BASE_URL', ['http', 'https'], 'https://api.openai.com/v1');
  const model = env.AI_MODEL?.trim() || undefined;
  const embeddingModel = env.AI_EMBEDDING_MODEL?.trim() || undefined;
  if (baseUrl && !model && !embeddingModel) {
    throw new ConfigError('AI_MODEL', 'is required with AI_BASE_URL: the chat model to answer with, e.g. gpt-4o-mini (or set AI_EMBEDDING_MODEL for embeddings only)');
  }
  if (!baseUrl && (model || embeddingModel)) {
    throw new ConfigError('AI_BASE_URL', 'is required with AI_MODEL or AI_EMBEDDING_MODEL: the OpenAI-compatible endpoint, e.g. https://api.openai.com/v1');
  }
  return {
    baseUrl,
    apiKey: env.AI_API_KEY?.trim() || undefined,
    model,
    embeddingModel,
    embeddingMinSimilarity: readFraction(env, 'AI_EMBEDDING_MIN_SIMILARITY', DEFAULT_EMBEDDING_MIN_SIMILARITY),
    timeoutMs: readInteger(env, 'AI_TIMEOUT_MS', 20_000, 100, 600_000),
    maxRetries: readInteger(env, 'AI_MAX_RETRIES', 2, 0, 10),
  };
}

function readPayments(env: Env, nodeEnv: Config['nodeEnv']): PaymentSettings {
  const stripeSecretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  const stripeWebhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || undefined;
  const fallback = stripeSecretKey ? 'stripe' : nodeEnv === 'production' ? 'none' : 'test';
  const provider = readChoice(env, 'PAYMENT_PROVIDER', ['stripe', 'test', 'none'] as const, fallback);
  if (provider === 'stripe' && !stripeSecretKey) throw new ConfigError('STRIPE_SECRET_KEY', 'is required with PAYMENT_PROVIDER=stripe: the secret key (sk_live_… or sk_test_…) of the Stripe account');
  if (provider === 'stripe' && !stripeWebhookSecret) {
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'is required with Stripe: the signing secret (whsec_…) of the webhook endpoint that calls POST /v1/stripe/webhook');
  }
  return { provider, stripeSecretKey, stripeWebhookSecret };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = readChoice(env, 'NODE_ENV', NODE_ENVS, 'development');
  const port = readInteger(env, 'PORT', 3000, 0, 65535);
  const databaseUrl = readDatabaseUrl(env);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl,
    databasePool: readDatabasePool(env, databaseUrl),
    trustProxy: readTrustProxy(env),
    bodyLimitBytes: readInteger(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    logLevel: readChoice(env, 'LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    nodeEnv,
    webDistDir: path.resolve(env.WEB_DIST_DIR || path.join(repoRoot, 'apps/web/dist')),
    shutdownTimeoutMs: readInteger(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 0, 600_000),
    demoContent: readChoice(env, 'DEMO_CONTENT', ['auto', 'on', 'off'] as const, nodeEnv === 'test' ? 'off' : 'auto'),
    smtpUrl: readUrl(env, 'SMTP_URL', ['smtp', 'smtps'], 'smtps://user:password@smtp.example.com:465'),
    mailFrom: readMailFrom(env),
    contactEmail: readContactEmail(env),
    redisUrl: readUrl(env, 'REDIS_URL', ['redis', 'rediss'], 'redis://127.0.0.1:6379'),
    corsOrigins: readCorsOrigins(env),
    outsideUrlsAllow: readOutsideUrlsAllow(env),
    publicUrl: readPublicUrl(env, port),
    jwtSecret: readJwtSecret(env, nodeEnv),
    statisticsToken: readStatisticsToken(env, nodeEnv),
    // Tests apply roll-ups themselves, when they choose.
    rollups: readChoice(env, 'ROLLUPS', ['in-process', 'off'] as const, nodeEnv === 'test' ? 'off' : 'in-process'),
    // Tests run the jobs they are about (JOBS=in-process), no others.
    jobs: readChoice(env, 'JOBS', ['in-process', 'off'] as const, nodeEnv === 'test' ? 'off' : 'in-process'),
    rateLimits: readChoice(env, 'RATE_LIMITS', ['on', 'off'] as const, 'on') === 'on',
    vendorRateLimitPerMinute: readInteger(env, 'VENDOR_RATE_LIMIT', 300, 1, 1_000_000),
    accessTokenTtlSeconds: readInteger(env, 'ACCESS_TOKEN_TTL_SECONDS', ACCESS_TOKEN_TTL_SECONDS, 10, 86_400),
    stream: readStream(env, nodeEnv),
    sentryDsn: readSentryDsn(env),
    ai: readAi(env),
    s3: readS3(env),
    payments: readPayments(env, nodeEnv),
  };
}

/** Where and how the server opens its database (db/client.ts, openDatabase). */
export function databaseOptionsOf(config: Config): DatabaseOptions {
  return { databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db'), pool: config.databasePool };
}
