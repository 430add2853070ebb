import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFeedServer, type FeedServer } from '../../../test/feed-server';
import { fetchOutside, OutsideFetchError } from './outside-fetch';

describe('fetching an outside address', () => {
  let host: FeedServer;
  let own: FeedServer;
  const allow = { maxBytes: 64 * 1024, timeoutMs: 2_000, allowAddresses: ['127.0.0.2'] };

  beforeAll(async () => {
    // The server's "own network": a service on 127.0.0.1 that an outside address must never reach.
    own = await startFeedServer({ '/secret': { body: 'internal', type: 'text/plain' } }, '127.0.0.1');
    host = await startFeedServer({
      '/feed.xml': { body: '<rss/>' },
      '/moved': { redirect: '/feed.xml' },
      '/to-own-network': { redirect: `${own.origin}/secret` },
      '/to-metadata': { redirect: 'http://169.254.169.254/latest/meta-data/' },
      '/loop': { redirect: '/loop' },
      '/big': { body: Buffer.alloc(100 * 1024, 'a'), type: 'text/plain' },
      '/gone': { status: 410 },
      '/slow': { stall: true },
    });
  });
  afterAll(async () => {
    await host?.close();
    await own?.close();
  });

  async function failure(address: string, options = allow): Promise<OutsideFetchError> {
    const error = await fetchOutside(address, options).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error, address).toBeInstanceOf(OutsideFetchError);
    return error as OutsideFetchError;
  }

  it('reads an allowed host, following its redirects', async () => {
    const answer = await fetchOutside(`${host.origin}/moved`, allow);
    expect(answer.body.toString()).toBe('<rss/>');
    expect(answer.url).toBe(`${host.origin}/feed.xml`);
    expect(answer.contentType).toBe('application/rss+xml');
  });

  it('refuses loopback, private, link-local (metadata) and carrier-grade NAT addresses, written out or behind a name', async () => {
    const port = new URL(own.origin).port;
    for (const address of [
      `http://127.0.0.1:${port}/secret`,
      `http://[::1]:${port}/secret`,
      `http://[::ffff:127.0.0.1]:${port}/secret`,
      'http://10.0.0.1/feed.xml',
      'http://192.168.1.1/feed.xml',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/feed.xml',
      'http://0.0.0.0/feed.xml',
      // A DNS name that resolves to loopback.
      `http://localhost:${port}/secret`,
    ]) {
      const error = await failure(address);
      expect(error.reason, address).toBe('refused-address');
      expect(error.message).toMatch(/private network/);
    }
  });

  it('refuses a redirect from an allowed host into the server’s own network or to the metadata address', async () => {
    expect((await failure(`${host.origin}/to-own-network`)).reason).toBe('refused-address');
    expect((await failure(`${host.origin}/to-metadata`)).reason).toBe('refused-address');
  });

  it('refuses the allowed host too when the setting does not name it', async () => {
    expect((await failure(`${host.origin}/feed.xml`, { ...allow, allowAddresses: [] })).reason).toBe('refused-address');
  });

  it('stops at the size limit, the time limit and after too many redirects, and says which', async () => {
    const big = await failure(`${host.origin}/big`);
    expect(big.reason).toBe('too-large');
    expect(big.message).toMatch(/64 KiB/);
    const slow = await failure(`${host.origin}/slow`, { ...allow, timeoutMs: 300 });
    expect(slow.reason).toBe('timeout');
    expect((await failure(`${host.origin}/loop`)).reason).toBe('too-many-redirects');
    const gone = await failure(`${host.origin}/gone`);
    expect(gone.reason).toBe('http-status');
    expect(gone.message).toMatch(/410/);
  });

  it('takes only http and https addresses without credentials', async () => {
    for (const address of ['file:///etc/passwd', 'ftp://example.com/feed.xml', 'gopher://127.0.0.1/', 'not an address', `http://user:secret@127.0.0.2/feed.xml`]) {
      expect((await failure(address)).reason, address).toBe('bad-url');
    }
  });
});
