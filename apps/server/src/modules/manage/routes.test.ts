import {
  AccountRole,
  AdminRole,
  ArticleStatus,
  MediaType,
  PUBLISHER_IMAGE_MAX_BYTES,
  ReviewStatus,
  apiPaths,
  type AdminArticle,
  type AdminArticleList,
  type ArticleCachePurge,
  type ManageArticleBundleCreateBody,
  type ManagedPublisher,
  type Publisher,
  adminApiPaths,
  manageApiPaths,
} from '@newsreel/contracts';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { apiCaller, type Headers } from '../../../test/api-caller';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';
import { publishDueArticles } from '../articles/scheduled-publishing';

const { PENDING, ACTIVE, PREPARING, SCHEDULED, AI_POPULATE, REVIEW } = ArticleStatus;
const { NONE, AWAITING_REVIEW, APPROVED } = ReviewStatus;
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);
const DESCRIPTION = 'A ferry timetable change explained in under a minute, with the new departure times for every pier.';
const VIDEO = { type: MediaType.VIDEO, url: 'https://cdn.example.com/ferry.mp4', fileType: 'video/mp4', fileSize: 1_200_000, durationSeconds: 42 };
const POSTER = { type: MediaType.IMAGE, url: 'https://cdn.example.com/ferry.jpg', fileType: 'image/jpeg' };

describe('the publisher studio (/v1/manage)', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  /** Admin and member of Spree Daily (publisher A), admin of Atlantic (publisher B), a moderator. */
  const as = {} as Record<'admin' | 'member' | 'other' | 'moderator' | 'nobody', Headers>;
  let slugs = 0;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    await makeAccount(db, 'studio.admin@example.com', { publisher: { id: f.publishers.spree, role: AccountRole.ADMIN } });
    await makeAccount(db, 'studio.member@example.com', { publisher: { id: f.publishers.spree, role: AccountRole.MEMBER } });
    await makeAccount(db, 'studio.other@example.com', { publisher: { id: f.publishers.atlantic, role: AccountRole.ADMIN } });
    await makeAccount(db, 'studio.nobody@example.com');
    await makeAccount(db, 'studio.moderator@example.com', { adminRole: AdminRole.MODERATOR });
    as.admin = (await signIn(t.app, 'studio.admin@example.com')).auth;
    as.member = (await signIn(t.app, 'studio.member@example.com')).auth;
    as.other = (await signIn(t.app, 'studio.other@example.com')).auth;
    as.nobody = (await signIn(t.app, 'studio.nobody@example.com')).auth;
    as.moderator = await adminAuth(t.app, await signIn(t.app, 'studio.moderator@example.com'));
  });
  afterAll(() => t?.close());

  const { call, ok, refused } = apiCaller(() => t.app, () => as.member);
  const upload = (url: string, bytes: Buffer, contentType: string, headers: Headers = as.admin) =>
    t.app.inject({ method: 'PUT', url, payload: bytes, headers: { ...headers, 'content-type': contentType } });
  const publicPublisher = async (id: string) => (await t.app.inject(apiPaths.publisher(id))).json() as Publisher;
  const publisherRow = (id: string) => db.selectFrom('publishers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const articleCount = async () => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM articles`.execute(db)).rows[0]!.n);
  const auditActions = async (resourceId: string) =>
    (await sql<{ action: string; actor_user_id: string | null }>`SELECT action, actor_user_id FROM audit_log WHERE resource_id = ${resourceId} ORDER BY id`.execute(db)).rows.map(
      (row) => row.action,
    );
  const bundle = (over: Partial<ManageArticleBundleCreateBody> = {}): ManageArticleBundleCreateBody => ({
    title: 'Harbour ferries change their timetable',
    slug: `studio-article-${++slugs}`,
    description: DESCRIPTION,
    summary: 'Ferries leave ten minutes later from Monday.',
    categoryIds: [f.categories.politics],
    regionIds: [11],
    territory: 1,
    breaking: true,
    language: 'de',
    location: { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.4 },
    media: [VIDEO, POSTER],
    ...over,
  });
  const create = (over: Partial<ManageArticleBundleCreateBody> = {}, headers = as.member) => ok<AdminArticle>('POST', manageApiPaths.articleBundles, bundle(over), headers);

  describe('settings and branding', () => {
    it('lets the publisher’s admin change its settings, which the public page and cards show at once', async () => {
      const spree = f.publishers.spree;
      // The public answers are cached first, so the change must make them forget.
      expect((await publicPublisher(spree)).name).toBe('Spree Daily');
      expect(((await t.app.inject(apiPaths.publishers)).json() as { items: Publisher[] }).items.map((p) => p.name)).toContain('Spree Daily');

      const changed = await ok<ManagedPublisher>(
        'PUT',
        manageApiPaths.publisherSettings(spree),
        { name: 'Spree Evening', description: 'Berlin after dark.', website: 'https://spree.example.com/', defaultLanguage: 'de', defaultRegionId: 11 },
        as.admin,
      );
      expect(changed).toMatchObject({ id: spree, name: 'Spree Evening', description: 'Berlin after dark.', website: 'https://spree.example.com/', defaultLanguage: 'de', defaultRegionId: 11 });
      expect(await publicPublisher(spree)).toMatchObject({ name: 'Spree Evening', defaultLanguage: 'de', defaultRegionId: 11 });
      expect(((await t.app.inject(apiPaths.publishers)).json() as { items: Publisher[] }).items.map((p) => p.name)).toContain('Spree Evening');
      expect(await auditActions(spree)).toContain('update-settings');

      // New articles take the defaults when they name none.
      const article = await create({ language: undefined, regionIds: undefined });
      expect(article).toMatchObject({ language: 'de', regionIds: [11] });

      await ok('PUT', manageApiPaths.publisherSettings(spree), { website: null }, as.admin);
      expect((await publicPublisher(spree)).website).toBeNull();
    });

    it('refuses bad settings with a 400 naming the field, and changes nothing', async () => {
      const before = await publisherRow(f.publishers.spree);
      for (const body of [{ website: 'not an address' }, { defaultRegionId: 22 }, { defaultLanguage: 'English' }, { name: '' }, {}, { slug: 'renamed' }]) {
        const res = await call('PUT', manageApiPaths.publisherSettings(f.publishers.spree), body, as.admin);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await publisherRow(f.publishers.spree)).toEqual(before);
    });

    it('checks the colours by the SPEC §5 colour rule and keeps the other branding values', async () => {
      const spree = f.publishers.spree;
      const branded = await ok<ManagedPublisher>(
        'PUT',
        manageApiPaths.publisherBranding(spree),
        { primaryColour: '#0A84FF', secondaryColour: 'rgba(255, 255, 255, 0.9)', backgroundColour: 'hsl(210, 40%, 10%)' },
        as.admin,
      );
      expect(branded.branding).toMatchObject({ primaryColour: '#0A84FF', secondaryColour: 'rgba(255, 255, 255, 0.9)', backgroundColour: 'hsl(210, 40%, 10%)', logoPosition: 'left' });
      expect((await publicPublisher(spree)).branding.primaryColour).toBe('#0A84FF');

      const before = await publisherRow(spree);
      for (const [field, value] of [
        ['primaryColour', 'blue-ish'],
        ['secondaryColour', '#12345'],
        ['backgroundColour', 'rgb(1, 2)'],
        ['primaryColour', 'hsl(10, 20, 30)'],
        ['primaryColour', 'javascript:alert(1)'],
      ] as const) {
        await refused('PUT', manageApiPaths.publisherBranding(spree), { [field]: value, logo: { fileType: 'image/png', fileName: 'logo.png' } }, 400, new RegExp(`body\\.${field} must be a colour`), as.admin);
      }
      expect(await publisherRow(spree)).toEqual(before);
      expect(await db.selectFrom('publisher_assets').selectAll().where('publisher_id', '=', spree).execute()).toEqual([]);

      const removed = await ok<ManagedPublisher>('PUT', manageApiPaths.publisherBranding(spree), { secondaryColour: null }, as.admin);
      expect(removed.branding.secondaryColour).toBeUndefined();
    });

    it('takes a logo and a banner declared with the branding, then their bytes, checked to be the declared image', async () => {
      const spree = f.publishers.spree;
      const declared = await ok<ManagedPublisher>(
        'PUT',
        manageApiPaths.publisherBranding(spree),
        { logo: { fileType: 'image/png', fileName: 'Spree logo.png' }, banner: { fileType: 'image/jpeg', fileName: 'banner.jpg' } },
        as.admin,
      );
      expect(declared.assets.logo).toEqual({ fileType: 'image/png', fileName: 'Spree logo.png', url: null, uploadUrl: manageApiPaths.publisherImage(spree, 'logo') });
      // The logo an admin set before stays until the new one's bytes come.
      const earlier = (await publisherRow(spree)).logo_url;
      expect(declared.logoUrl).toBe(earlier);

      // Wrong type, bytes that are not the declared image, too large, empty: refused, nothing stored.
      expect((await upload(declared.assets.logo!.uploadUrl, PNG, 'image/jpeg')).statusCode).toBe(415);
      expect((await upload(declared.assets.logo!.uploadUrl, JPEG, 'image/png')).statusCode).toBe(415);
      expect((await upload(declared.assets.logo!.uploadUrl, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png')).statusCode).toBe(415);
      expect((await upload(declared.assets.logo!.uploadUrl, Buffer.alloc(PUBLISHER_IMAGE_MAX_BYTES + 1, 0x89), 'image/png')).statusCode).toBe(413);
      expect((await upload(declared.assets.logo!.uploadUrl, Buffer.alloc(0), 'image/png')).statusCode).toBe(400);
      expect(existsSync(path.join(t.mediaRoot, 'publishers'))).toBe(false);
      expect((await publicPublisher(spree)).logoUrl).toBe(earlier);

      const res = await upload(declared.assets.logo!.uploadUrl, PNG, 'image/png');
      expect(res.statusCode, res.body).toBe(200);
      const withLogo = res.json() as ManagedPublisher;
      expect(withLogo.logoUrl).toMatch(/^\/media\/publishers\/.+\/logo-.+\.png$/);
      expect(withLogo.assets.logo!.url).toBe(withLogo.logoUrl);
      expect((await publicPublisher(spree)).logoUrl).toBe(withLogo.logoUrl);
      const logoFile = path.join(t.mediaRoot, ...withLogo.logoUrl!.replace('/media/', '').split('/'));
      expect(existsSync(logoFile)).toBe(true);

      const banner = await upload(manageApiPaths.publisherImage(spree, 'banner'), JPEG, 'image/jpeg');
      expect(banner.statusCode, banner.body).toBe(200);
      expect((await publicPublisher(spree)).bannerUrl).toMatch(/banner-.+\.jpg$/);

      // A new logo declared: the old one is shown until the new bytes come, then its file goes.
      await ok('PUT', manageApiPaths.publisherBranding(spree), { logo: { fileType: 'image/jpeg', fileName: 'new.jpg' } }, as.admin);
      expect((await publicPublisher(spree)).logoUrl).toBe(withLogo.logoUrl);
      const replaced = (await upload(manageApiPaths.publisherImage(spree, 'logo'), JPEG, 'image/jpeg')).json() as ManagedPublisher;
      expect(replaced.logoUrl).toMatch(/\.jpg$/);
      expect(existsSync(logoFile)).toBe(false);

      // Removed: not shown, its file gone.
      const removed = await ok<ManagedPublisher>('PUT', manageApiPaths.publisherBranding(spree), { logo: null }, as.admin);
      expect(removed.logoUrl).toBeNull();
      expect(removed.assets.logo).toBeNull();
      expect((await publicPublisher(spree)).logoUrl).toBeNull();
      expect((await upload(manageApiPaths.publisherImage(spree, 'logo'), PNG, 'image/png')).statusCode).toBe(404);
      expect(await auditActions(spree)).toEqual(expect.arrayContaining(['update-branding', 'upload-logo', 'upload-banner']));
    });

    it('answers 503 when the media store cannot take an image, and changes nothing', async () => {
      const atlanticAdmin = as.other;
      const atlantic = f.publishers.atlantic;
      await ok('PUT', manageApiPaths.publisherBranding(atlantic), { banner: { fileType: 'image/png', fileName: 'banner.png' } }, atlanticAdmin);
      // A file where the store's folder belongs: every write of the store fails.
      const blocker = path.join(t.mediaRoot, 'publishers', atlantic);
      await mkdir(path.dirname(blocker), { recursive: true });
      await writeFile(blocker, 'not a folder');
      try {
        const res = await upload(manageApiPaths.publisherImage(atlantic, 'banner'), PNG, 'image/png', atlanticAdmin);
        expect(res.statusCode, res.body).toBe(503);
        expect(res.headers['retry-after']).toBe('60');
        expect((res.json() as { message: string }).message).toMatch(/media store.*nothing was stored/);
      } finally {
        await rm(blocker);
      }
      expect((await publicPublisher(atlantic)).bannerUrl).toBeNull();
      expect((await ok<ManagedPublisher>('GET', manageApiPaths.publisherSettings(atlantic), undefined, atlanticAdmin)).assets.banner?.url).toBeNull();
    });

    it('removes a publisher’s uploaded images from the media store when an admin deletes the publisher', async () => {
      const gone = (await db.insertInto('publishers').values({ slug: 'closing-soon', name: 'Closing Soon' }).returning('id').executeTakeFirstOrThrow()).id;
      const ownerId = await makeAccount(db, 'studio.closing@example.com', { publisher: { id: gone, role: AccountRole.ADMIN } });
      const owner = (await signIn(t.app, 'studio.closing@example.com')).auth;
      await ok('PUT', manageApiPaths.publisherBranding(gone), { logo: { fileType: 'image/png', fileName: 'logo.png' } }, owner);
      const logoUrl = ((await upload(manageApiPaths.publisherImage(gone, 'logo'), PNG, 'image/png', owner)).json() as ManagedPublisher).logoUrl!;
      const file = path.join(t.mediaRoot, ...logoUrl.replace('/media/', '').split('/'));
      expect(existsSync(file)).toBe(true);

      await makeAccount(db, 'studio.superuser@example.com', { adminRole: AdminRole.SUPERUSER });
      const superuser = await adminAuth(t.app, await signIn(t.app, 'studio.superuser@example.com'));
      expect((await call('DELETE', adminApiPaths.publisherUser(gone, ownerId), undefined, superuser)).statusCode).toBe(204);
      expect((await call('DELETE', adminApiPaths.publisher(gone), undefined, superuser)).statusCode).toBe(204);
      expect(existsSync(file)).toBe(false);
    });

    it('keeps settings and branding to the publisher’s own admins (IDOR): nothing of another publisher changes', async () => {
      const atlantic = f.publishers.atlantic;
      const before = await publisherRow(atlantic);
      for (const headers of [as.admin, as.member]) {
        expect((await call('PUT', manageApiPaths.publisherSettings(atlantic), { name: 'Taken over' }, headers)).statusCode).toBe(403);
        expect((await call('PUT', manageApiPaths.publisherBranding(atlantic), { primaryColour: '#000' }, headers)).statusCode).toBe(403);
        expect((await call('GET', manageApiPaths.publisherSettings(atlantic), undefined, headers)).statusCode).toBe(403);
        expect((await upload(manageApiPaths.publisherImage(atlantic, 'logo'), PNG, 'image/png', headers)).statusCode).toBe(403);
      }
      // A member of the publisher itself reads and writes articles, not its settings.
      await refused('PUT', manageApiPaths.publisherSettings(f.publishers.spree), { name: 'Member rename' }, 403, /Only an admin of this publisher/);
      expect(await publisherRow(atlantic)).toEqual(before);
      expect((await call('PUT', manageApiPaths.publisherSettings(atlantic), { name: 'x' })).statusCode).toBe(403);
    });
  });

  describe('articles', () => {
    it('creates an article with everything in one request, and sends it on by the lifecycle', async () => {
      const article = await create();
      expect(article).toMatchObject({
        status: REVIEW,
        reviewStatus: AWAITING_REVIEW,
        publisher: { id: f.publishers.spree },
        title: 'Harbour ferries change their timetable',
        categories: [{ id: f.categories.politics }],
        regionIds: [11],
        territory: 1,
        breaking: true,
        language: 'de',
        location: { name: 'Berlin', slug: 'berlin', lat: 52.52, lon: 13.4 },
        poster: POSTER.url,
        durationSeconds: 42,
        live: false,
      });
      expect(article.media).toEqual(
        expect.arrayContaining([expect.objectContaining({ type: MediaType.VIDEO, source: 2, url: VIDEO.url, fileType: 'video/mp4', fileSize: 1_200_000 })]),
      );
      expect(article.reviewRequestedAt).not.toBeNull();
      expect(await auditActions(article.id)).toEqual(['create']);

      // Waiting for media: preparing; without a summary: the AI's turn; submit false: a draft.
      expect(await create({ media: [POSTER] })).toMatchObject({ status: PREPARING, reviewStatus: NONE });
      expect(await create({ summary: undefined })).toMatchObject({ status: AI_POPULATE, reviewStatus: NONE });
      expect(await create({ submit: false })).toMatchObject({ status: PENDING, reviewStatus: NONE, reviewRequestedAt: null });
    });

    it('keeps what the article’s source said of it (credits, keywords, copyright, original address), and changes it only when sent', async () => {
      const source = {
        credits: [{ name: ' Mira Holt ', role: 'reporter' }, { name: 'Harbour Desk', role: null }],
        keywords: ['ferries', 'timetable'],
        copyright: '© 2026 Spree News',
        sourceUrl: 'https://spree.example/video/ferries',
      };
      const article = await create({ ...source, submit: false });
      expect(article).toMatchObject({ ...source, credits: [{ name: 'Mira Holt', role: 'reporter' }, { name: 'Harbour Desk', role: null }] });
      const other = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(article.id), { breaking: false, submit: false });
      expect(other).toMatchObject({ keywords: source.keywords, copyright: source.copyright, sourceUrl: source.sourceUrl });
      const cleared = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(article.id), { credits: [], keywords: [], copyright: null, sourceUrl: null, submit: false });
      expect(cleared).toMatchObject({ credits: [], keywords: [], copyright: null, sourceUrl: null });
      // A fresh article without them has none.
      expect(await create({ submit: false })).toMatchObject({ credits: [], keywords: [], copyright: null, sourceUrl: null });
    });

    it('moves a preparing article on once it has its media, and sends a draft on when asked', async () => {
      const preparing = await create({ media: [] });
      expect(preparing.status).toBe(PREPARING);
      const ready = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(preparing.id), { media: [VIDEO] });
      expect(ready).toMatchObject({ status: REVIEW, reviewStatus: AWAITING_REVIEW, durationSeconds: 42 });

      const draft = await create({ submit: false });
      const edited = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(draft.id), { title: 'Harbour ferries keep their old timetable', submit: false });
      expect(edited).toMatchObject({ status: PENDING, title: 'Harbour ferries keep their old timetable' });
      const sent = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(draft.id), { breaking: false });
      expect(sent).toMatchObject({ status: REVIEW, reviewStatus: AWAITING_REVIEW, breaking: false });
      expect(await auditActions(draft.id)).toEqual(['create', 'update', 'update']);
    });

    it('publishes a scheduled article at its time by the publishing job; a change to a live one goes back through review', async () => {
      const at = new Date(Date.now() + 3_600_000);
      const article = await create({ scheduledAt: at.toISOString() });
      const approved = await ok<AdminArticle>('POST', adminApiPaths.articleApprove(article.id), undefined, as.moderator);
      expect(approved).toMatchObject({ status: SCHEDULED, reviewStatus: APPROVED });

      await publishDueArticles(db, new Date(at.getTime() + 1000));
      const live = await ok<AdminArticle>('GET', manageApiPaths.article(article.id));
      expect(live).toMatchObject({ status: ACTIVE, reviewStatus: APPROVED, publishedAt: at.toISOString() });
      expect(await auditActions(article.id)).toEqual(['create', 'approve', 'schedule-due']);

      // Changed while live: off the feeds at once, back in the queue with the change.
      const now = await create();
      await ok('POST', adminApiPaths.articleApprove(now.id), undefined, as.moderator);
      const feedIds = async () => ((await t.app.inject(`${apiPaths.articles}?limit=150`)).json() as { items: { id: string }[] }).items.map((item) => item.id);
      expect(await feedIds()).toContain(now.id);
      const revised = await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(now.id), { title: 'Harbour ferries change their timetable again' });
      expect(revised).toMatchObject({ status: REVIEW, reviewStatus: AWAITING_REVIEW, publishedAt: null, live: false, title: 'Harbour ferries change their timetable again' });
      expect(await feedIds()).not.toContain(now.id);
      expect(await auditActions(now.id)).toEqual(['create', 'approve', 'update']);

      // Scheduled and changed with submit false: a draft, off its schedule.
      const scheduled = await create({ scheduledAt: at.toISOString() });
      await ok('POST', adminApiPaths.articleApprove(scheduled.id), undefined, as.moderator);
      expect(await ok<AdminArticle>('PUT', manageApiPaths.articleBundle(scheduled.id), { breaking: false, submit: false })).toMatchObject({ status: PENDING, reviewStatus: NONE });
    });

    it('lists the publisher’s own articles in every state, with filters, paging and sorting, and searches them', async () => {
      const english = await create({ title: 'Tram line to the airport opens in spring', language: 'en', categoryIds: [f.categories.sport], submit: false });
      await create({ media: [] });
      await create();
      const listed = async (query: string) => (await ok<AdminArticleList>('GET', `${manageApiPaths.articles}?${query}`)).items;

      const all = await ok<AdminArticleList>('GET', `${manageApiPaths.articles}?limit=150`);
      expect(all.items.length).toBeGreaterThan(3);
      expect(all.items.every((item) => item.publisher.id === f.publishers.spree)).toBe(true);
      // The fixture's own Spree articles (live, pending and scheduled) are there too.
      expect(all.items.map((item) => item.id)).toEqual(expect.arrayContaining([f.articles.berlin, f.articles.pending]));
      expect(all.items.map((item) => item.id)).not.toContain(f.articles.lisbon);
      expect(new Set(all.items.map((item) => item.status)).size).toBeGreaterThan(3);

      expect((await listed('language=en&status=0')).map((item) => item.id)).toContain(english.id);
      expect((await listed('language=en&status=0')).every((item) => item.language === 'en' && item.status === PENDING)).toBe(true);
      expect((await listed(`categoryId=${f.categories.sport}`)).every((item) => item.categories.some((c) => c.id === f.categories.sport))).toBe(true);
      expect((await listed('reviewStatus=1')).every((item) => item.reviewStatus === AWAITING_REVIEW)).toBe(true);
      expect((await listed('q=airport')).map((item) => item.id)).toEqual([english.id]);
      expect((await listed('sort=title&order=asc&limit=150')).map((item) => item.title.toLowerCase())).toEqual(
        [...all.items.map((item) => item.title.toLowerCase())].sort((a, b) => a.localeCompare(b, 'en')),
      );
      const page2 = await ok<AdminArticleList>('GET', `${manageApiPaths.articles}?limit=2&page=2`);
      expect(page2).toMatchObject({ page: 2, limit: 2, total: all.total });
      expect(page2.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));

      const found = await ok<AdminArticleList>('GET', `${manageApiPaths.articlesSearch}?q=${encodeURIComponent('airports spring')}`);
      expect(found.items.map((item) => item.id)).toEqual([english.id]);
      expect((await ok<AdminArticleList>('GET', `${manageApiPaths.articlesSearch}?q=${english.slug}`)).items.map((item) => item.id)).toEqual([english.id]);
      // Another publisher's articles are never found.
      expect((await ok<AdminArticleList>('GET', `${manageApiPaths.articlesSearch}?q=lisbon`)).items.every((item) => item.publisher.id === f.publishers.spree)).toBe(true);
      await refused('GET', `${manageApiPaths.articlesSearch}?q=`, undefined, 400, /q/);
      await refused('GET', `${manageApiPaths.articles}?status=9`, undefined, 400, /status/);
    });

    it('refuses each SPEC §5 minimum with a 400 naming the field, and creates nothing', async () => {
      const before = await articleCount();
      const cases: [Partial<ManageArticleBundleCreateBody>, RegExp][] = [
        [{ title: 'Too short!!' }, /title/],
        [{ title: '   too short    ' }, /title must be at least 12/],
        [{ description: 'x'.repeat(49) }, /description/],
        [{ description: 'x'.repeat(401) }, /description/],
        [{ description: `${' '.repeat(10)}${'x'.repeat(45)}` }, /description must be between 50 and 400/],
        [{ slug: 'short' }, /slug/],
        [{ slug: 'Not A Slug!' }, /slug/],
        [{ categoryIds: ['00000000-0000-4000-8000-000000000000'] }, /names no category/],
        [{ media: [{ ...VIDEO, url: 'ftp://cdn.example.com/x.mp4' }] }, /url/],
        [{ keywords: ['x'.repeat(101)] }, /keywords/],
        [{ credits: [{ name: '', role: 'reporter' }] }, /credits/],
        [{ sourceUrl: 'javascript:alert(1)' }, /sourceUrl/],
      ];
      for (const [over, message] of cases) await refused('POST', manageApiPaths.articleBundles, bundle(over), 400, message);
      expect(await articleCount()).toBe(before);

      const draft = await create({ submit: false });
      for (const [over, message] of cases.filter(([over]) => !('categoryIds' in over || 'media' in over))) await refused('PUT', manageApiPaths.articleBundle(draft.id), over, 400, message);
      expect(await ok<AdminArticle>('GET', manageApiPaths.article(draft.id))).toEqual(draft);

      // A slug taken by any article is a 409.
      await refused('POST', manageApiPaths.articleBundles, bundle({ slug: draft.slug }), 409, /slug/);
      expect(await articleCount()).toBe(before + 1);
    });

    it('deletes and purges the publisher’s own articles', async () => {
      const article = await create();
      const purged = await ok<ArticleCachePurge>('DELETE', manageApiPaths.articleCache(article.id));
      expect(purged).toEqual({ articleId: article.id, purged: ['public answers', 'preview images'] });
      expect((await call('DELETE', manageApiPaths.article(article.id))).statusCode).toBe(204);
      expect(await db.selectFrom('articles').select('id').where('id', '=', article.id).executeTakeFirst()).toBeUndefined();
      expect(await auditActions(article.id)).toEqual(['create', 'purge-cache', 'delete']);
      expect((await call('GET', manageApiPaths.article(article.id))).statusCode).toBe(404);
    });

    it('never lets a user of another publisher read, change, delete or purge an article (IDOR)', async () => {
      const article = await create();
      const row = async () => db.selectFrom('articles').selectAll().where('id', '=', article.id).executeTakeFirst();
      const before = await row();
      const attempts: [Parameters<typeof call>[0], string, object | undefined][] = [
        ['GET', manageApiPaths.article(article.id), undefined],
        ['PUT', manageApiPaths.articleBundle(article.id), { title: 'Taken over by another publisher' }],
        ['PUT', manageApiPaths.articleBundle(article.id), { media: [] }],
        ['DELETE', manageApiPaths.articleCache(article.id), undefined],
        ['DELETE', manageApiPaths.article(article.id), undefined],
      ];
      for (const [method, url, body] of attempts) {
        const res = await call(method, url, body, as.other);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect((res.json() as { message: string }).message).toBe('Your publisher has no article with that id.');
      }
      expect(await row()).toEqual(before);
      expect((await ok<AdminArticle>('GET', manageApiPaths.article(article.id))).media).toHaveLength(2);
      expect(await auditActions(article.id)).toEqual(['create']);
      // Their lists and searches hold only their own publisher's articles.
      const theirs = await ok<AdminArticleList>('GET', `${manageApiPaths.articles}?limit=150`, undefined, as.other);
      expect(theirs.items.every((item) => item.publisher.id === f.publishers.atlantic)).toBe(true);
      expect((await ok<AdminArticleList>('GET', `${manageApiPaths.articlesSearch}?q=${article.slug}`, undefined, as.other)).items).toEqual([]);

      // Someone who is no publisher's user, or switches to a publisher they are not in, gets 403.
      await refused('GET', manageApiPaths.articles, undefined, 403, /Choose the publisher/, as.nobody);
      await refused('PUT', apiPaths.usersPublisher, { publisherId: f.publishers.spree }, 403, /./, as.other);
      expect((await call('GET', manageApiPaths.article(article.id), undefined, as.other)).statusCode).toBe(404);
    });
  });
});
