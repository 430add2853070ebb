import { AccountRole } from '@newsreel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture } from '../../../test/content-fixture';
import { startFeedServer, type FeedServer } from '../../../test/feed-server';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { RICH_FEED, XML_BOMB } from '../../../test/mrss-fixtures';
import { MRSS_MAX_BYTES } from './routes';

describe('GET /v1/manage/mrss/load', () => {
  let t: TestApp;
  let feeds: FeedServer;
  let auth: { authorization: string };

  beforeAll(async () => {
    feeds = await startFeedServer({
      '/feed.xml': { body: RICH_FEED },
      '/bomb.xml': { body: XML_BOMB },
      '/page.html': { body: '<!doctype html><html><body>Not a feed</body></html>', type: 'text/html' },
      '/huge.xml': { body: Buffer.alloc(MRSS_MAX_BYTES + 1, ' ') },
      '/moved.xml': { redirect: '/feed.xml' },
      '/to-own-network.xml': { redirect: 'http://127.0.0.1:9/feed.xml' },
      '/broken.xml': { status: 500 },
    });
    // The test's feed host is on 127.0.0.2, let through by the setting a newsroom would use for its own feed server.
    t = await createTestApp({ OUTSIDE_URLS_ALLOW: '127.0.0.2' });
    const f = await seedContentFixture(t.database.handle.db);
    await makeAccount(t.database.handle.db, 'editor@mrss.example', { publisher: { id: f.publishers.spree, role: AccountRole.MEMBER } });
    auth = (await signIn(t.app, 'editor@mrss.example')).auth;
  });
  afterAll(async () => {
    await t?.close();
    await feeds?.close();
  });

  const load = (url: string) => t.app.inject({ method: 'GET', url: `/v1/manage/mrss/load?url=${encodeURIComponent(url)}`, headers: auth });
  const articleCount = async () => Number((await t.database.handle.db.selectFrom('articles').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('answers the feed’s items as drafts with their media, thumbnails, credits and problems, and stores nothing', async () => {
    const before = await articleCount();
    const res = await load(`${feeds.origin}/moved.xml`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/no-store/);
    const feed = res.json();
    expect(feed.url).toBe(`${feeds.origin}/feed.xml`);
    expect(feed.items).toHaveLength(2);
    expect(feed.items[0]).toMatchObject({ guid: 'harbour-cranes-2026', problems: [], credits: [{ name: 'Mira Holt', role: 'reporter' }, { name: 'Jon Park', role: 'camera' }] });
    expect(feed.items[0].media[0]).toMatchObject({ kind: 'video', fileSize: 48211234, durationSeconds: 154.5 });
    expect(feed.items[1].problems).toContain('title-too-short');
    expect(await articleCount()).toBe(before);
  });

  it('refuses addresses inside private networks, written out, behind a name or behind a redirect', async () => {
    for (const url of ['http://127.0.0.1:9/feed.xml', 'http://[::1]:9/feed.xml', 'http://10.0.0.1/feed.xml', 'http://169.254.169.254/latest/meta-data/', 'http://localhost:9/feed.xml', `${feeds.origin}/to-own-network.xml`]) {
      const res = await load(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/private network/);
    }
  });

  it('refuses an XML bomb, a page that is not a feed, and a feed over the size limit, saying why', async () => {
    const bomb = await load(`${feeds.origin}/bomb.xml`);
    expect(bomb.statusCode).toBe(400);
    expect(bomb.json().message).toMatch(/DOCTYPE/);
    const page = await load(`${feeds.origin}/page.html`);
    expect(page.statusCode).toBe(400);
    expect(page.json().message).toMatch(/web page, not a feed/);
    const huge = await load(`${feeds.origin}/huge.xml`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/larger files are not read/);
  });

  it('tells a failing feed server (502) apart from a bad address (400)', async () => {
    const broken = await load(`${feeds.origin}/broken.xml`);
    expect(broken.statusCode).toBe(502);
    expect(broken.json().message).toMatch(/answered 500/);
    for (const url of ['file:///etc/passwd', 'feed.xml']) {
      const res = await load(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/address/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/manage/mrss/load', headers: auth })).statusCode).toBe(400);
  });
});
