import { AdminRole, apiPaths, type AdminCategory, type AdminCategoryList, type ArticleSummary, type AuditList, type Category, adminApiPaths } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuth, makeAccount, signIn } from '../../../test/accounts';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { apiCaller } from '../../../test/api-caller';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/schema';


describe('categories in the admin console', () => {
  let t: TestApp;
  let db: Kysely<Database>;
  let f: ContentFixture;
  let moderator: { authorization: string };
  let moderatorId: string;

  const { call, ok, refused } = apiCaller(() => t.app, () => moderator);
  const auditOf = async (resourceId: string) => {
    const superuser = await adminAuth(t.app, await signIn(t.app, 'category-superuser@example.com'));
    const res = await t.app.inject({ method: 'GET', url: `${adminApiPaths.audit}?resource=category&resourceId=${resourceId}`, headers: superuser });
    return (res.json() as AuditList).items;
  };
  const rowCount = async (table: 'categories' | 'audit_log') => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)}`.execute(db)).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
    db = t.database.handle.db;
    f = await seedContentFixture(db);
    moderatorId = await makeAccount(db, 'category-moderator@example.com', { adminRole: AdminRole.MODERATOR });
    await makeAccount(db, 'category-superuser@example.com', { adminRole: AdminRole.SUPERUSER });
    moderator = await adminAuth(t.app, await signIn(t.app, 'category-moderator@example.com'));
  });
  afterAll(() => t?.close());

  it('creates, reads, updates and deletes a category, each write in the audit log with its before and after', async () => {
    const created = await call('POST', adminApiPaths.categories, { slug: 'weather', name: ' Weather ', description: 'Storms and sunshine.' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.headers['cache-control']).toBe('private, no-store');
    const category = created.json() as AdminCategory;
    expect(category).toMatchObject({ slug: 'weather', name: 'Weather', description: 'Storms and sunshine.', articleCount: 0 });
    expect(await ok('GET', adminApiPaths.category(category.id))).toEqual(category);

    const updated = await ok<AdminCategory>('PUT', adminApiPaths.category(category.id), { name: 'Weather and climate', slug: 'weather-climate' });
    expect(updated).toMatchObject({ id: category.id, slug: 'weather-climate', name: 'Weather and climate', description: 'Storms and sunshine.' });
    expect((await call('DELETE', adminApiPaths.category(category.id))).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.category(category.id))).statusCode).toBe(404);

    const entries = await auditOf(category.id);
    expect(entries.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
    expect(entries[2]).toMatchObject({ before: null, after: { slug: 'weather', name: 'Weather' } });
    expect(entries[1]).toMatchObject({ before: { slug: 'weather', name: 'Weather' }, after: { slug: 'weather-climate', name: 'Weather and climate' } });
    expect(entries[0]).toMatchObject({ before: { slug: 'weather-climate' }, after: null });
    for (const entry of entries) {
      expect(entry.actor).toEqual({ userId: moderatorId, email: 'category-moderator@example.com', adminRole: AdminRole.MODERATOR });
      expect(entry.requestId).toMatch(/\S/);
      expect(entry.ip).toBe('127.0.0.1');
    }
  });

  it('lists categories a page at a time, searched, filtered and sorted', async () => {
    const names = async (query: string) => (await ok<AdminCategoryList>('GET', `${adminApiPaths.categories}?${query}`)).items.map((c) => c.name);
    expect(await names('')).toEqual(['Politics', 'Science', 'Sport']);
    expect(await names('order=desc')).toEqual(['Sport', 'Science', 'Politics']);
    expect(await names('q=SCI')).toEqual(['Science']);
    expect(await names('q=%25')).toEqual([]);
    const empty = await ok<AdminCategory>('POST', adminApiPaths.categories, { slug: 'unused-one', name: 'Unused' });
    expect(await names('inUse=false')).toEqual(['Unused']);
    expect(await names('inUse=true')).toEqual(['Politics', 'Science', 'Sport']);
    const counted = (await ok<AdminCategoryList>('GET', `${adminApiPaths.categories}?sort=articleCount&order=desc`)).items;
    expect(counted.map((c) => c.articleCount)).toEqual([...counted.map((c) => c.articleCount)].sort((a, b) => b - a));
    expect(counted.at(-1)).toMatchObject({ name: 'Unused', articleCount: 0 });
    // Every article that names a category counts, whatever its status.
    const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM articles WHERE ${f.categories.politics}::uuid = ANY(category_ids)`.execute(db);
    expect(counted.find((c) => c.id === f.categories.politics)!.articleCount).toBe(Number(rows[0]!.n));
    const paged = await ok<AdminCategoryList>('GET', `${adminApiPaths.categories}?limit=2&page=2`);
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 4, items: [{ name: 'Sport' }, { name: 'Unused' }] });
    expect((await ok<AdminCategoryList>('GET', `${adminApiPaths.categories}?page=9`))).toMatchObject({ total: 4, items: [] });
    await ok('DELETE', adminApiPaths.category(empty.id));
  });

  it('refuses bad input, unknown ids and taken slugs, and changes nothing', async () => {
    const [categories, entries] = [await rowCount('categories'), await rowCount('audit_log')];
    await refused('POST', adminApiPaths.categories, { name: 'No slug' }, 400, /body\.slug is required/);
    await refused('POST', adminApiPaths.categories, { slug: 'Not A Slug', name: 'Bad slug' }, 400, /body\.slug must match pattern/);
    await refused('POST', adminApiPaths.categories, { slug: 'blank', name: '   ' }, 400, /body\.name must match pattern/);
    await refused('POST', adminApiPaths.categories, { slug: 'colour', name: 'Colour', colour: 'red' }, 400, /body\.colour is not a known field/);
    await refused('POST', adminApiPaths.categories, { slug: 'politics', name: 'Politics again' }, 409, /already a category with the slug "politics"/);
    await refused('PUT', adminApiPaths.category(f.categories.sport), { slug: 'science' }, 409, /already a category with the slug "science"/);
    await refused('PUT', adminApiPaths.category(f.categories.sport), {}, 400, /body must NOT have fewer than 1 properties/);
    await refused('PUT', adminApiPaths.category(f.articles.berlin), { name: 'Nothing' }, 404, /no category with that id/);
    await refused('DELETE', adminApiPaths.category(f.articles.berlin), undefined, 404, /no category with that id/);
    await refused('GET', adminApiPaths.category('not-an-id'), undefined, 400, /params\.id/);
    await refused('GET', `${adminApiPaths.categories}?sort=colour`, undefined, 400, /querystring\.sort must be one of/);
    expect(await rowCount('categories')).toBe(categories);
    expect(await rowCount('audit_log')).toBe(entries);
    expect(await ok('GET', adminApiPaths.category(f.categories.sport))).toMatchObject({ slug: 'sport', name: 'Sport' });
  });

  it('refuses to delete a category that articles or poll targets name, saying how many', async () => {
    const category = await ok<AdminCategory>('POST', adminApiPaths.categories, { slug: 'harbours', name: 'Harbours' });
    await sql`UPDATE articles SET category_ids = category_ids || ${category.id}::uuid WHERE id IN (${f.articles.hamburg}, ${f.articles.lisbon})`.execute(db);
    const poll = (await db.insertInto('polls').values({ name: 'Harbour poll' }).returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('poll_targets').values({ poll_id: poll, category_ids: [category.id] }).execute();
    const entries = await rowCount('audit_log');
    await refused('DELETE', adminApiPaths.category(category.id), undefined, 409, /"Harbours" is used by 2 articles and 1 poll target; move them/);
    expect(await ok('GET', adminApiPaths.category(category.id))).toMatchObject({ articleCount: 2 });
    expect(await rowCount('audit_log')).toBe(entries);

    await db.deleteFrom('polls').where('id', '=', poll).execute();
    await refused('DELETE', adminApiPaths.category(category.id), undefined, 409, /is used by 2 articles; move them/);
    await sql`UPDATE articles SET category_ids = array_remove(category_ids, ${category.id}::uuid)`.execute(db);
    expect((await call('DELETE', adminApiPaths.category(category.id))).statusCode).toBe(204);
  });

  it('shows a change in the public reads at once, however recently they were read', async () => {
    const article = () => t.app.inject({ method: 'GET', url: apiPaths.article(f.articles.berlin) });
    const categoryNames = async () => ((await t.app.inject({ method: 'GET', url: apiPaths.categories })).json() as { items: Category[] }).items.map((c) => c.name);
    const categoryOf = async () => ((await article()).json() as ArticleSummary).categories.find((c) => c.id === f.categories.politics);
    // Read first, so the answer and the category names are kept.
    expect(await categoryOf()).toMatchObject({ name: 'Politics', slug: 'politics' });
    await ok('PUT', adminApiPaths.category(f.categories.politics), { name: 'Public affairs', slug: 'public-affairs' });
    expect(await categoryOf()).toMatchObject({ name: 'Public affairs', slug: 'public-affairs' });
    const feed = (await t.app.inject({ method: 'GET', url: `${apiPaths.articles}?categoryIds=${f.categories.politics}` })).json() as { items: ArticleSummary[] };
    expect(feed.items[0]!.categories.map((c) => c.name)).toContain('Public affairs');

    const created = await ok<AdminCategory>('POST', adminApiPaths.categories, { slug: 'obituaries', name: 'Obituaries' });
    expect(await categoryNames()).toContain('Obituaries');
    await ok('DELETE', adminApiPaths.category(created.id));
    expect(await categoryNames()).not.toContain('Obituaries');
    await ok('PUT', adminApiPaths.category(f.categories.politics), { name: 'Politics', slug: 'politics' });
    expect(await categoryOf()).toMatchObject({ name: 'Politics' });
  });
});
