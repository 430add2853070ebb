import type { Publisher } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createPublisherRepository(db: Kysely<Database>) {
  const columns = ['id', 'slug', 'name', 'description', 'website', 'logo_url', 'branding'] as const;
  const shape = (row: {
    id: string;
    slug: string;
    name: string;
    description: string;
    website: string | null;
    logo_url: string | null;
    branding: Record<string, string>;
  }): Publisher => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    logoUrl: row.logo_url,
    branding: row.branding,
  });
  return {
    async list(): Promise<Publisher[]> {
      return (await db.selectFrom('publishers').select(columns).orderBy('name').execute()).map(shape);
    },
    async byId(id: string): Promise<Publisher | undefined> {
      const row = await db.selectFrom('publishers').select(columns).where('id', '=', id).executeTakeFirst();
      return row && shape(row);
    },
  };
}
