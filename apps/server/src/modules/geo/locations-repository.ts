import type { Location, LocationCreateBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export async function insertLocation(db: Kysely<Database>, input: LocationCreateBody): Promise<Location> {
  const row = await db
    .insertInto('locations')
    .values({
      label: input.label.trim(),
      country_name: input.countryName.trim(),
      city: input.city.trim(),
      lat: input.lat,
      lon: input.lon,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    label: row.label,
    countryName: row.country_name,
    city: row.city,
    lat: row.lat,
    lon: row.lon,
    createdAt: row.created_at.toISOString(),
  };
}
