import { ArticleStatus } from '@newsreel/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContentFixture, type ContentFixture } from '../../../test/content-fixture';
import { createTestApp, type TestApp } from '../../../test/helpers';

/** earthdistance's earth radius (the `earth()` function), in metres. */
const EARTH_RADIUS = 6_378_168;
const CENTRE = { lat: 10, lon: 20 };
const RADIUS = 10_000;

/** The point `distance` metres from CENTRE on a bearing (degrees from north), on earthdistance's sphere. */
function pointAt(bearingDegrees: number, distance: number) {
  const rad = Math.PI / 180;
  const lat1 = CENTRE.lat * rad;
  const lon1 = CENTRE.lon * rad;
  const angle = distance / EARTH_RADIUS;
  const bearing = bearingDegrees * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing));
  const lon2 = lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1), Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lon: lon2 / rad };
}

/**
 * Places around CENTRE, far from the fixture's cities. Published in an order unrelated to their
 * distance, so newest-first and nearest-first differ. The last three lie outside the 10 km circle:
 * two just beyond it, and one in a corner of the bounding box earth_box() searches first.
 */
const PLACES = [
  { name: 'p5200', bearing: 200, distance: 5_200, hoursAgo: 1 },
  { name: 'p0300', bearing: 10, distance: 300, hoursAgo: 9 },
  { name: 'p9900', bearing: 90, distance: 9_900, hoursAgo: 2 },
  { name: 'p2500', bearing: 300, distance: 2_500, hoursAgo: 7 },
  { name: 'p0050', bearing: 135, distance: 50, hoursAgo: 5 },
  { name: 'p7400', bearing: 45, distance: 7_400, hoursAgo: 3 },
  { name: 'p4000', bearing: 250, distance: 4_000, hoursAgo: 8 },
  { name: 'p8100', bearing: 170, distance: 8_100, hoursAgo: 4 },
  { name: 'p10100', bearing: 0, distance: 10_100, hoursAgo: 6 },
  { name: 'p10300', bearing: 270, distance: 10_300, hoursAgo: 0.5 },
  { name: 'corner', bearing: 45, distance: 12_500, hoursAgo: 0.25 },
];
const INSIDE = PLACES.filter((place) => place.distance <= RADIUS).sort((a, b) => a.distance - b.distance);

describe('GET /v1/articles/radar: nearest first within the radius', () => {
  let t: TestApp;
  let f: ContentFixture;
  const nameOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedContentFixture(t.database.handle.db);
    const now = Date.now();
    const rows = await t.database.handle.db
      .insertInto('articles')
      .values(
        PLACES.map((place) => ({
          slug: `radar-${place.name}`,
          title: `Radar report ${place.name}`,
          description: `A report placed ${place.distance} metres from the centre, for the radar tests.`,
          status: ArticleStatus.ACTIVE,
          territory: 1,
          breaking: false,
          language: 'en',
          category_ids: [],
          region_ids: [0],
          publisher_id: f.publishers.spree,
          location_name: place.name,
          location_slug: place.name,
          ...pointAt(place.bearing, place.distance),
          published_at: new Date(now - place.hoursAgo * 3_600_000),
        })),
      )
      .returning(['id', 'slug'])
      .execute();
    for (const row of rows) nameOf.set(row.id, row.slug.replace('radar-', ''));
  });
  afterAll(() => t.close());

  const radar = async (query: string) => {
    const res = await t.app.inject(`/v1/articles/radar?lat=${CENTRE.lat}&lon=${CENTRE.lon}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: string; distanceMeters: number }[]; total: number; page: number; limit: number };
  };
  const names = (body: { items: { id: string }[] }) => body.items.map((item) => nameOf.get(item.id) ?? item.id);

  it('answers every article within the radius, nearest first, and none beyond it', async () => {
    const body = await radar(`radius=${RADIUS}`);
    expect(names(body)).toEqual(INSIDE.map((place) => place.name));
    expect(body.total).toBe(INSIDE.length);
    body.items.forEach((item, i) => expect(Math.abs(item.distanceMeters - INSIDE[i]!.distance), nameOf.get(item.id)).toBeLessThanOrEqual(1));
  });

  it('cuts the search box to the circle: a corner of the box is not within the radius', async () => {
    expect(names(await radar('radius=12000'))).not.toContain('corner');
    expect(names(await radar('radius=12600')).at(-1)).toBe('corner');
  });

  it('widens and narrows with the radius', async () => {
    expect(names(await radar('radius=10200'))).toEqual([...INSIDE.map((place) => place.name), 'p10100']);
    expect(names(await radar('radius=2600'))).toEqual(['p0050', 'p0300', 'p2500']);
    expect(names(await radar('radius=2400'))).toEqual(['p0050', 'p0300']);
    expect(names(await radar('radius=40'))).toEqual([]);
  });

  it('decides a place on the radius exactly as its great-circle distance does (earth_within, migration 0045)', async () => {
    // Each place against radii at its own distance as earthdistance measures it, and a hair on
    // either side: the chord comparison with its margin must agree with earth_distance every time.
    const { rows } = await sql<{ disagreements: string; compared: string }>`
      WITH centre AS (SELECT ll_to_earth(${CENTRE.lat}, ${CENTRE.lon}) AS at),
      measured AS (SELECT pl.place, earth_distance(c.at, pl.place) AS distance, c.at FROM article_places pl, centre c),
      cases AS (
        SELECT m.place, m.at, m.distance * k.factor + k.offset_m AS radius, m.distance
        FROM measured m, (VALUES (1::float8, 0::float8), (1, 1e-9), (1, -1e-9), (1, 1e-6), (1, -1e-6), (1 + 1e-12, 0), (1 - 1e-12, 0)) AS k(factor, offset_m))
      SELECT count(*) FILTER (WHERE earth_within(at, place, radius, gc_to_sec(radius)) IS DISTINCT FROM (distance <= radius)) AS disagreements,
        count(*) AS compared
      FROM cases`.execute(t.database.handle.db);
    expect(Number(rows[0]!.compared)).toBeGreaterThan(PLACES.length * 7 - 1);
    expect(Number(rows[0]!.disagreements)).toBe(0);
  });

  it('pages through the same order, keeping the total past the last page', async () => {
    const pages = [await radar(`radius=${RADIUS}&limit=3&page=1`), await radar(`radius=${RADIUS}&limit=3&page=2`), await radar(`radius=${RADIUS}&limit=3&page=3`)];
    expect(pages.flatMap(names)).toEqual(INSIDE.map((place) => place.name));
    for (const page of pages) expect(page.total).toBe(INSIDE.length);
    expect(await radar(`radius=${RADIUS}&limit=3&page=4`)).toEqual({ items: [], total: INSIDE.length, page: 4, limit: 3 });
  });
});
