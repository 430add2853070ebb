import type { Category } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createCategoryRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<Category[]> {
      return db.selectFrom('categories').select(['id', 'slug', 'name', 'description']).orderBy('name').execute();
    },
    async byId(id: string): Promise<Category | undefined> {
      return db.selectFrom('categories').select(['id', 'slug', 'name', 'description']).where('id', '=', id).executeTakeFirst();
    },
  };
}
