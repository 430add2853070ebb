import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

describe('categories', () => {
  let t: TestApp;
  let f: ContentFixture;
  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
  });
  afterAll(() => t.close());

  it('lists every category by name', async () => {
    const res = await t.app.inject('/v1/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        { id: f.categories.politics, slug: 'politics', name: 'Politics', description: 'Councils, parliaments and elections.' },
        { id: f.categories.science, slug: 'science', name: 'Science', description: 'Research and discovery.' },
        { id: f.categories.sport, slug: 'sport', name: 'Sport', description: 'Games and the people who play them.' },
      ],
      page: 1,
      limit: 3,
      total: 3,
    });
  });

  it('answers one category, also by its upper-case id', async () => {
    for (const id of [f.categories.science, f.categories.science.toUpperCase()]) {
      const res = await t.app.inject(`/v1/categories/${id}`);
      expect(res.statusCode, id).toBe(200);
      expect(res.json()).toEqual({ id: f.categories.science, slug: 'science', name: 'Science', description: 'Research and discovery.' });
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await t.app.inject(`/v1/categories/${randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ statusCode: 404, error: 'Not Found', message: 'There is no category with that id.' });
    for (const id of ['science', '123', encodeURIComponent("' or 1=1 --"), encodeURIComponent('<script>')]) {
      const res = await t.app.inject(`/v1/categories/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/^params\.id must match format "uuid"/);
    }
  });

  it('lets both reads be cached, with ETag revalidation', async () => {
    for (const url of ['/v1/categories', `/v1/categories/${f.categories.sport}`]) {
      const first = await t.app.inject(url);
      expect(first.headers['cache-control'], url).toMatch(/^public/);
      expect(first.headers.etag, url).toEqual(expect.any(String));
      const again = await t.app.inject({ url, headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('shows a new category at once', async () => {
    const { id } = await t.database.handle.db
      .insertInto('categories')
      .values({ slug: 'arts', name: 'Arts' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await t.app.inject('/v1/categories');
    expect(res.json().items.map((c: { slug: string }) => c.slug)).toEqual(['arts', 'politics', 'science', 'sport']);
    expect((await t.app.inject(`/v1/categories/${id}`)).json()).toMatchObject({ name: 'Arts', description: '' });
  });
});
