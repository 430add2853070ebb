import rateLimitPlugin, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { HttpError } from './errors';

interface RateLimitRule {
  max: number;
  windowMs: number;
  /** Whom to count: the address a request comes from, or the signed-in account (else the address). */
  per: 'ip' | 'account';
  /** The first sentence of the 429 message. */
  tooMany: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The limits of the routes that opt in with `config: rateLimit(kind)`. Each route counts on its
 * own (a kind used by two routes gives each route this budget); the kind is part of the key too.
 */
export const RATE_LIMITS = {
  // Per address, so a school, an office or a mobile carrier's shared address must still fit: the
  // account's own slow-down after failed passwords stops guessing one password; this caps how many
  // accounts one address can try.
  login: { max: 20, windowMs: MINUTE, per: 'ip', tooMany: 'Too many sign-in attempts.' },
  // Each sign-up mails an address someone typed: a class signing up together fits, a bot does not.
  register: { max: 20, windowMs: HOUR, per: 'ip', tooMany: 'Too many sign-ups from this network.' },
  // Asking for a reset mails the address; setting the new password may take a few tries.
  passwordReset: { max: 10, windowMs: 15 * MINUTE, per: 'ip', tooMany: 'Too many password reset requests.' },
  // Opening a verification link (its key cannot be guessed) and asking for a new one (a mail).
  verify: { max: 30, windowMs: 15 * MINUTE, per: 'ip', tooMany: 'Too many verification attempts.' },
  // Device precheck and verify: a pairing code lives 10 minutes; this keeps guessing one hopeless
  // (31^8 codes) while a reader who mistypes it has plenty of tries.
  devicePairing: { max: 30, windowMs: 10 * MINUTE, per: 'ip', tooMany: 'Too many pairing attempts.' },
  // Likes, views, saves, locations, device registration, user config: a reader who binges stays
  // far below two a second; a script filling the counters does not.
  anonymousWrite: { max: 120, windowMs: MINUTE, per: 'account', tooMany: 'Too many requests.' },
  // Analytics batches: a reader's app sends at most one a second, plus retries of refused ones and
  // the page-hide beacon; the rest of the budget is for a few readers behind one shared address.
  analyticsIngest: { max: 600, windowMs: MINUTE, per: 'account', tooMany: 'Too many analytics batches.' },
  // Error reports: a page sends at most six calls a minute (lib/error-report-sender.ts); this leaves
  // room for a few readers behind one address, not for a script filling the log.
  clientErrors: { max: 30, windowMs: MINUTE, per: 'ip', tooMany: 'Too many error reports.' },
  // Contact messages each mail the people who run the app: a person writes a few, not dozens.
  contact: { max: 5, windowMs: HOUR, per: 'ip', tooMany: 'Too many messages from this network.' },
  // AI answers and playlists: each one retrieves, may call a paid model and is stored; a reader
  // asks a few a minute.
  aiAsk: { max: 30, windowMs: MINUTE, per: 'account', tooMany: 'Too many questions.' },
  // Instant results come with every keystroke: a fast typist stays below five a second.
  aiInstant: { max: 300, windowMs: MINUTE, per: 'account', tooMany: 'Too many instant searches.' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitKind = keyof typeof RATE_LIMITS;

export interface RateLimitSettings {
  /** From REDIS_URL: counts shared by every server process. Without it each process counts alone. */
  redisUrl: string | undefined;
  /** From RATE_LIMITS; false only for load benchmarks. */
  rateLimits: boolean;
  /** Prefix of the Redis keys; tests use their own. */
  redisNamespace?: string;
}

const REDIS_NAMESPACE = 'newsreel-rl:';

/** "37 seconds", "12 minutes": how long to wait, rounded up, the way a person says it. */
export function waitFor(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds <= 90) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

function tooManyRequests(tooMany: string) {
  // Thrown by the plugin, so it reaches our one error handler as an HttpError and leaves as
  // { statusCode: 429, error: 'Too Many Requests', message } with the plugin's Retry-After.
  return (_request: FastifyRequest, context: { statusCode: number; ttl: number }) =>
    new HttpError(context.statusCode, `${tooMany} Try again in ${waitFor(context.ttl)}.`, {}, 'TOO_MANY_ATTEMPTS');
}

/** The signed-in account, which the accounts code decorates the request with; read loosely. */
function signedInUserId(request: FastifyRequest): string | undefined {
  const { principal } = request as unknown as { principal?: { userId?: unknown } | null };
  return typeof principal?.userId === 'string' && principal.userId ? principal.userId : undefined;
}

/** The client address, with an IPv6 address cut to its /64 (one subscriber's usual allocation). */
function clientAddress(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

/**
 * Route config that puts a route under one of the limits above: `app.post(url, { config:
 * rateLimit('login') }, handler)`. With RATE_LIMITS=off the plugin is not registered and Fastify
 * keeps this config without acting on it.
 */
export function rateLimit(kind: RateLimitKind): { rateLimit: RateLimitOptions } {
  const rule: RateLimitRule = RATE_LIMITS[kind];
  return {
    rateLimit: {
      max: rule.max,
      timeWindow: rule.windowMs,
      keyGenerator: (request) => {
        const userId = rule.per === 'account' ? signedInUserId(request) : undefined;
        return userId ? `${kind}:user:${userId}` : `${kind}:ip:${clientAddress(request)}`;
      },
      errorResponseBuilder: tooManyRequests(rule.tooMany),
    },
  };
}

/**
 * One budget for every route of a plugin, counted per API key: `app.addHook('preHandler',
 * limiter)` in the plugin. A vendor token counts against its key; a signed-in user of the vendor
 * against their account. Route-level `rateLimit(kind)` counts each route on its own; this counts
 * the whole API together, as its callers think of it. Undefined with RATE_LIMITS=off.
 */
export function perKeyLimiter(app: FastifyInstance, rule: { max: number; windowMs: number; tooMany: string; name: string }) {
  if (!app.hasDecorator('rateLimit')) return undefined;
  return app.rateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: (request) => {
      const principal = (request as unknown as { principal?: { kind: string; apiKeyId?: string; userId?: string } | null }).principal;
      if (principal?.kind === 'vendor' && principal.apiKeyId) return `${rule.name}:key:${principal.apiKeyId}`;
      if (principal?.userId) return `${rule.name}:user:${principal.userId}`;
      return `${rule.name}:ip:${clientAddress(request)}`;
    },
    errorResponseBuilder: tooManyRequests(rule.tooMany),
  });
}

async function connectRedis(app: FastifyInstance, redisUrl: string): Promise<Redis> {
  // Loaded only with REDIS_URL: without it the counts stay in memory.
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, {
    // Connected below, without waiting past connectTimeout: Redis being down must not stop the start.
    lazyConnect: true,
    connectTimeout: 2_000,
    // A count that cannot be taken now is skipped, not queued: the request must not wait for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1_000,
  });
  // ioredis reports every failed reconnect; one line when Redis goes away and one when it is back.
  let reachable = true;
  redis.on('error', (error: Error) => {
    if (!reachable) return;
    reachable = false;
    app.log.error(
      { err: error, redis: new URL(redisUrl).host },
      'Redis for rate limits is unreachable; requests are not being limited until it is back',
    );
  });
  redis.on('ready', () => {
    if (reachable) return;
    reachable = true;
    app.log.info({ redis: new URL(redisUrl).host }, 'Redis for rate limits is back; limits apply again');
  });
  return redis;
}

/**
 * Registers @fastify/rate-limit before any route: no route is limited unless its config asks
 * (`rateLimit(kind)`); the check runs in preHandler, after the accounts code has named the
 * signed-in account. With RATE_LIMITS=off nothing is registered (load benchmarks).
 */
export async function registerRateLimits(app: FastifyInstance, settings: RateLimitSettings): Promise<void> {
  if (!settings.rateLimits) return;

  let redis: Redis | undefined;
  if (settings.redisUrl) {
    redis = await connectRedis(app, settings.redisUrl);
    const client = redis;
    // A first connection before the first request, when it comes quickly; if not, the client keeps
    // trying in the background (the error listener above reports it).
    await client.connect().catch(() => {});
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
  }

  await app.register(rateLimitPlugin, {
    global: false,
    hook: 'preHandler',
    redis,
    nameSpace: settings.redisNamespace ?? REDIS_NAMESPACE,
    // With Redis down, a request is let through uncounted rather than refused: locking every
    // reader out of likes, sign-in and pairing would be worse than a few minutes without limits.
    skipOnError: true,
    keyGenerator: clientAddress,
    errorResponseBuilder: tooManyRequests('Too many requests.'),
  });
}
