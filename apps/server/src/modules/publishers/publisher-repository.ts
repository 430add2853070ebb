import type { Publisher } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The columns of a publisher as the public API shows it. */
export const PUBLISHER_COLUMNS = ['id', 'slug', 'name', 'description', 'website', 'logo_url', 'banner_url', 'branding', 'default_language', 'default_region_id'] as const;

export interface PublisherRow {
  id: string;
  slug: string;
  name: string;
  description: string;
  website: string | null;
  logo_url: string | null;
  banner_url: string | null;
  branding: Record<string, string>;
  default_language: string;
  default_region_id: number;
}

/** A publishers row as the public API shows it. */
export function publisherOf(row: PublisherRow): Publisher {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    website: row.website,
    logoUrl: row.logo_url,
    bannerUrl: row.banner_url,
    branding: row.branding,
    defaultLanguage: row.default_language,
    defaultRegionId: row.default_region_id,
  };
}

export function createPublisherRepository(db: Kysely<Database>) {
  return {
    async list(): Promise<Publisher[]> {
      return (await db.selectFrom('publishers').select(PUBLISHER_COLUMNS).orderBy('name').execute()).map(publisherOf);
    },
    async byId(id: string): Promise<Publisher | undefined> {
      const row = await db.selectFrom('publishers').select(PUBLISHER_COLUMNS).where('id', '=', id).executeTakeFirst();
      return row && publisherOf(row);
    },
  };
}
