import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_URL } from './demo-seed';
import type { Database } from './schema';

/**
 * The demo's ad inventory (issue 17 item 1): two untargeted ads whose videos are demo videos
 * already in the catalogue, so ads play after `npm start` (the default app config has ads on).
 * Seeded once, when the inventory is empty and the videos are there. Answers how many it added.
 */
export async function seedDemoAds(db: Kysely<Database>): Promise<number> {
  const existing = await db.selectFrom('ads').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return 0;
  const ads = [
    { title: 'Harbour Ferries: see the city from the water', slug: 'amsterdam-grachten-schoonmaak', click_url: 'https://example.com/harbour-ferries', weight: 2 },
    { title: 'Starlight Tours: nights under the desert sky', slug: 'atacama-telescope-first-light', click_url: 'https://example.com/starlight-tours', weight: 1 },
  ].filter((ad) => existsSync(path.join(DEMO_MEDIA_DIR, ad.slug, 'video.webm')));
  if (ads.length === 0) return 0;
  await db
    .insertInto('ads')
    .values(ads.map(({ slug, ...ad }) => ({ ...ad, media_url: `${DEMO_MEDIA_URL}/${slug}/video.webm`, media_type: 'video/webm' })))
    .execute();
  return ads.length;
}
