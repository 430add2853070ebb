import { describe, expect, it } from 'vitest';
import { ExpiringCache, forgetCachedReads, sharedCache } from './expiring-cache';

function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ExpiringCache', () => {
  it('keeps a value for its lifetime and not a moment longer', () => {
    const time = clock();
    const cache = new ExpiringCache<string>({ ttlMs: 1_000, maxEntries: 10, now: time.now });
    cache.set('a', 'A');
    time.advance(1_000);
    expect(cache.get('a')).toBe('A');
    time.advance(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new ExpiringCache<number>({ ttlMs: 60_000, maxEntries: 3 });
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect(cache.get('a')).toBe(1); // a is now the most recently used
    cache.set('d', 4);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual([1, 3, 4]);
    expect(cache.size).toBe(3);
  });

  it('bounds the total weight, and never keeps a value heavier than the whole cache', () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 100, maxWeight: 10, weigh: (value) => value.length });
    cache.set('a', 'xxxx');
    cache.set('b', 'yyyy');
    cache.set('c', 'zzzz'); // 12 > 10: a goes
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('yyyy');
    cache.set('huge', 'x'.repeat(11));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('c')).toBe('zzzz');
    cache.set('c', 'z'); // replacing frees the old weight
    cache.set('d', 'ddddd');
    expect([cache.get('b'), cache.get('c'), cache.get('d')]).toEqual(['yyyy', 'z', 'ddddd']);
  });

  it('shares one load among concurrent misses, and keeps its value', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const waiting = [cache.getOrLoad('k', load), cache.getOrLoad('k', load), cache.getOrLoad('k', load)];
    pending.resolve('V');
    expect(await Promise.all(waiting)).toEqual(['V', 'V', 'V']);
    expect(await cache.getOrLoad('k', load)).toBe('V');
    expect(loads).toBe(1);
  });

  it('does not keep a failed load: every waiter gets the error, the next call loads again', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    const failing = deferred<string>();
    const first = cache.getOrLoad('k', () => failing.promise);
    const second = cache.getOrLoad('k', () => Promise.resolve('unused'));
    failing.reject(new Error('database down'));
    await expect(first).rejects.toThrow('database down');
    await expect(second).rejects.toThrow('database down');
    expect(await cache.getOrLoad('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });

  it('forgets matching entries at once, and does not keep what was loading for them', async () => {
    const cache = new ExpiringCache<string>({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('/trending', 'old');
    cache.set('/feed', 'feed');
    const slow = deferred<string>();
    const loading = cache.getOrLoad('/pulse', () => slow.promise);
    cache.forget((key) => key === '/trending' || key === '/pulse');
    slow.resolve('read before the write');
    expect(await loading).toBe('read before the write');
    expect(cache.get('/trending')).toBeUndefined();
    expect(cache.get('/pulse')).toBeUndefined();
    expect(cache.get('/feed')).toBe('feed');
    // A request after the write does not join the load that started before it.
    expect(await cache.getOrLoad('/pulse', () => Promise.resolve('new'))).toBe('new');
  });
});

describe('sharedCache and forgetCachedReads', () => {
  it('gives every module of one owner the same cache, and forgets all of them', () => {
    const owner = {};
    const other = {};
    const a = sharedCache<number>(owner, 'counts', { ttlMs: 60_000, maxEntries: 10 });
    expect(sharedCache<number>(owner, 'counts', { ttlMs: 1, maxEntries: 1 })).toBe(a);
    const b = sharedCache<string>(owner, 'answers', { ttlMs: 60_000, maxEntries: 10 });
    const elsewhere = sharedCache<number>(other, 'counts', { ttlMs: 60_000, maxEntries: 10 });
    a.set('x', 1);
    b.set('y', 'Y');
    elsewhere.set('x', 2);
    forgetCachedReads(owner);
    expect(a.get('x')).toBeUndefined();
    expect(b.get('y')).toBeUndefined();
    expect(elsewhere.get('x')).toBe(2);
  });
});
