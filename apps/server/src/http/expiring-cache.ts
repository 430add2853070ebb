import { LRUCache } from 'lru-cache';

/**
 * A small in-memory cache whose entries expire: the server keeps cheap copies of what it read
 * for a moment, never anything it needs to be correct (DESIGN §1: any number of processes may
 * serve the same database; each one's copies are simply a little behind until they expire).
 *
 * - Entries live `ttlMs` (or the lifetime given when one is stored), counted from when they were stored.
 * - At most `maxEntries` entries (and, with `weigh`, at most `maxWeight` in total); the least
 *   recently used go first.
 * - Concurrent misses of one key share one load, so a burst of identical requests reaches the
 *   database once.
 * - `forget` drops entries at once, and loads that are still running for them are not stored.
 */
export interface ExpiringCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** The weight of a value (e.g. its size in bytes); with `maxWeight`, bounds the whole cache. */
  weigh?: (value: V) => number;
  maxWeight?: number;
  /** The clock, in milliseconds (tests). */
  now?: () => number;
}

/** lru-cache keeps the entries (expiry, recency, weight); this adds loads shared by concurrent misses. */
export class ExpiringCache<V extends NonNullable<unknown>> {
  readonly #entries: LRUCache<string, V>;
  readonly #loading = new Map<string, Promise<V>>();

  constructor({ ttlMs, maxEntries, weigh, maxWeight, now }: ExpiringCacheOptions<V>) {
    const weighing = weigh && maxWeight !== undefined;
    this.#entries = new LRUCache<string, V>({
      max: maxEntries,
      ttl: ttlMs,
      ...(weighing ? { maxSize: maxWeight, sizeCalculation: (value: V) => Math.max(1, weigh(value)) } : {}),
      ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
    });
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value of a key that has not expired; a hit makes it the most recently used. */
  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Keeps a value for the cache's lifetime or `ttlMs` (a value heavier than the whole cache is not kept). */
  set(key: string, value: V, ttlMs?: number): void {
    this.#entries.set(key, value, ttlMs === undefined ? undefined : { ttl: ttlMs });
  }

  /**
   * The cached value, or `load()`'s, which is then kept. Callers that miss the same key while a
   * load runs wait for that load. A load that fails is not kept: each waiter gets its error.
   */
  getOrLoad(key: string, load: () => Promise<V>, ttlMs?: number): Promise<V> {
    const cached = this.get(key);
    if (cached !== undefined) return Promise.resolve(cached);
    const running = this.#loading.get(key);
    if (running) return running;
    const loading = load().then(
      (value) => {
        // Stored only if nobody forgot this key (or everything) while it was loading.
        if (this.#loading.get(key) === loading) {
          this.#loading.delete(key);
          this.set(key, value, ttlMs);
        }
        return value;
      },
      (error: unknown) => {
        if (this.#loading.get(key) === loading) this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  /** Drops the entries (and running loads) whose key matches, or all of them. */
  forget(matches: (key: string) => boolean = () => true): void {
    for (const key of [...this.#entries.keys()]) if (matches(key)) this.#entries.delete(key);
    for (const key of [...this.#loading.keys()]) if (matches(key)) this.#loading.delete(key);
  }
}

/**
 * The caches of reads from one database, by name, made on first use. They belong to the
 * database handle (one per app), so every module of an app shares them and tests can forget them.
 */
/** What `forgetCachedReads` needs of a cache, whatever its values. */
type Forgettable = Pick<ExpiringCache<NonNullable<unknown>>, 'forget'>;
const cachesByOwner = new WeakMap<object, Map<string, Forgettable>>();

export function sharedCache<V extends NonNullable<unknown>>(owner: object, name: string, options: ExpiringCacheOptions<V>): ExpiringCache<V> {
  let caches = cachesByOwner.get(owner);
  if (!caches) {
    caches = new Map();
    cachesByOwner.set(owner, caches);
  }
  let cache = caches.get(name) as ExpiringCache<V> | undefined;
  if (!cache) {
    cache = new ExpiringCache(options);
    caches.set(name, cache);
  }
  return cache;
}

/**
 * Forgets everything this process keeps from a database, as if every entry had expired. Tests
 * that write to the database behind the app's back (as another process would) call it instead of
 * waiting out the cache lifetimes.
 */
export function forgetCachedReads(owner: object): void {
  for (const cache of cachesByOwner.get(owner)?.values() ?? []) cache.forget();
}
