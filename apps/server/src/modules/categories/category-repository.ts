import type { Category } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CategoryName } from '../articles/article-repository';

// Categories change rarely and are read on every feed; a short-lived copy saves a join per row.
const CATEGORY_CACHE_MS = 30_000;

export function createCategoryRepository(db: Kysely<Database>) {
  let cached: { at: number; names: Map<string, CategoryName> } | undefined;
  // Bumped by forgetNames: a read that began before a change must not keep what it read.
  let generation = 0;
  return {
    async list(): Promise<Category[]> {
      return db.selectFrom('categories').select(['id', 'slug', 'name', 'description']).orderBy('name').execute();
    },
    async byId(id: string): Promise<Category | undefined> {
      return db.selectFrom('categories').select(['id', 'slug', 'name', 'description']).where('id', '=', id).executeTakeFirst();
    },
    async names(): Promise<Map<string, CategoryName>> {
      if (cached && Date.now() - cached.at < CATEGORY_CACHE_MS) return cached.names;
      const began = generation;
      const rows = await db.selectFrom('categories').select(['id', 'name', 'slug']).execute();
      const names = new Map(rows.map((row) => [row.id, { name: row.name, slug: row.slug }]));
      if (began === generation) cached = { at: Date.now(), names };
      return names;
    },
    /** Drops the kept names after a category changes, so this process's next read sees it. */
    forgetNames(): void {
      generation += 1;
      cached = undefined;
    },
  };
}
