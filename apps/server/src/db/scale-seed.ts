import { ArticleStatus, MediaSource, MediaType } from '@newsreel/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseDriver } from './client';
import { DEMO_MEDIA_URL, readCatalogue } from './demo-seed';
import type { Database } from './schema';

/**
 * Scale seed: fills a database with N synthetic, deterministic articles for load tests
 * (`npm run seed -- --articles 100000`). Everything is generated inside SQL from
 * generate_series in batches, with pseudo-randomness from hashint8extended(n, salt), so the same
 * N gives the same rows (ids are md5-derived uuids, dates count back from a fixed anchor; media
 * URLs point into the demo catalogue's folders, so they follow catalogue.json) and a million
 * articles take minutes, not hours. Article n is the n-th published, so the tables are
 * written in the order a newsroom's grow. Additive and idempotent by slug ('scale-<n>'): running
 * again with the same N adds nothing, with a larger N adds the missing ones (dated as that N spaces
 * them). Most of the time goes into the search documents and the GIN/GiST indexes, not into
 * generating rows.
 */

/** published_at of scale articles lies in the 365 days before this instant (fixed: same N, same rows). */
export const SCALE_ANCHOR = new Date('2026-11-01T00:00:00Z');
const YEAR_SECONDS = 365 * 24 * 3600;
export const SCALE_PUBLISHER_COUNT = 8;
export const SCALE_CATEGORY_COUNT = 12;
export const DEFAULT_BATCH_SIZE = 25_000;

export interface ScaleSeedProgress {
  /** Article numbers handled so far (inserted or found existing). */
  done: number;
  total: number;
  /** Articles inserted so far by this run (existing ones are skipped). */
  inserted: number;
  elapsedMs: number;
}

export interface ScaleSeedOptions {
  articles: number;
  batchSize?: number;
  anchor?: Date;
  /** Also write a timed transcript (one cue per sentence, 5) per article, as the demo catalogue has. Default true. */
  transcripts?: boolean;
  /**
   * Batches inserted at once, each on its own connection (PostgreSQL: up to the cores; PGlite has
   * one connection, so 1). Computing the search_vector column is most of the cost and is CPU bound.
   */
  concurrency?: number;
  onProgress?: (progress: ScaleSeedProgress) => void;
}

export interface ScaleSeedResult {
  requested: number;
  inserted: number;
  /** Time spent inserting. */
  insertMs: number;
  /** Time of the VACUUM (ANALYZE) that follows an insert (0 when nothing was inserted). */
  analyzeMs: number;
  totalMs: number;
}

// 237 real cities: name, latitude, longitude. Articles are placed on one of them, uniformly, with a
// jitter of up to ±0.1° (about 11 km), so a 50 km radar around a city finds ~1/237 of them.
export const CITIES = `London|51.5074|-0.1278;Manchester|53.4808|-2.2426;Birmingham|52.4862|-1.8904;Leeds|53.8008|-1.5491;
Glasgow|55.8642|-4.2518;Edinburgh|55.9533|-3.1883;Liverpool|53.4084|-2.9916;Bristol|51.4545|-2.5879;Cardiff|51.4816|-3.1791;
Belfast|54.5973|-5.9301;Newcastle|54.9783|-1.6178;Dublin|53.3498|-6.2603;Cork|51.8985|-8.4756;Paris|48.8566|2.3522;
Lyon|45.764|4.8357;Marseille|43.2965|5.3698;Toulouse|43.6047|1.4442;Nice|43.7102|7.262;Bordeaux|44.8378|-0.5792;
Lille|50.6292|3.0573;Strasbourg|48.5734|7.7521;Nantes|47.2184|-1.5536;Berlin|52.52|13.405;Hamburg|53.5511|9.9937;
Munich|48.1351|11.582;Cologne|50.9375|6.9603;Frankfurt|50.1109|8.6821;Stuttgart|48.7758|9.1829;Dusseldorf|51.2277|6.7735;
Leipzig|51.3397|12.3731;Dresden|51.0504|13.7373;Hanover|52.3759|9.732;Vienna|48.2082|16.3738;Graz|47.0707|15.4395;
Salzburg|47.8095|13.055;Innsbruck|47.2692|11.4041;Zurich|47.3769|8.5417;Geneva|46.2044|6.1432;Bern|46.948|7.4474;
Amsterdam|52.3676|4.9041;Rotterdam|51.9244|4.4777;The Hague|52.0705|4.3007;Utrecht|52.0907|5.1214;Eindhoven|51.4416|5.4697;
Brussels|50.8503|4.3517;Antwerp|51.2194|4.4025;Ghent|51.0543|3.7174;Liege|50.6326|5.5797;Luxembourg|49.6116|6.1319;
Madrid|40.4168|-3.7038;Barcelona|41.3874|2.1686;Valencia|39.4699|-0.3763;Seville|37.3891|-5.9845;Bilbao|43.263|-2.935;
Malaga|36.7213|-4.4214;Zaragoza|41.6488|-0.8891;Palma|39.5696|2.6502;Lisbon|38.7223|-9.1393;Porto|41.1579|-8.6291;
Braga|41.5454|-8.4265;Faro|37.0194|-7.9322;Rome|41.9028|12.4964;Milan|45.4642|9.19;Naples|40.8518|14.2681;Turin|45.0703|7.6869;
Florence|43.7696|11.2558;Bologna|44.4949|11.3426;Venice|45.4408|12.3155;Genoa|44.4056|8.9463;Palermo|38.1157|13.3615;
Bari|41.1171|16.8719;Stockholm|59.3293|18.0686;Gothenburg|57.7089|11.9746;Malmo|55.605|13.0038;Uppsala|59.8586|17.6389;
Oslo|59.9139|10.7522;Bergen|60.3913|5.3221;Copenhagen|55.6761|12.5683;Aarhus|56.1629|10.2039;Helsinki|60.1699|24.9384;
Reykjavik|64.1466|-21.9426;Warsaw|52.2297|21.0122;Krakow|50.0647|19.945;Gdansk|54.352|18.6466;Wroclaw|51.1079|17.0385;
Prague|50.0755|14.4378;Brno|49.1951|16.6068;Bratislava|48.1486|17.1077;Budapest|47.4979|19.0402;Bucharest|44.4268|26.1025;
Sofia|42.6977|23.3219;Athens|37.9838|23.7275;Thessaloniki|40.6401|22.9444;Zagreb|45.815|15.9819;Ljubljana|46.0569|14.5058;
Belgrade|44.7866|20.4489;Tallinn|59.437|24.7536;Riga|56.9496|24.1052;Vilnius|54.6872|25.2797;Kyiv|50.4501|30.5234;
Istanbul|41.0082|28.9784;Ankara|39.9334|32.8597;Tel Aviv|32.0853|34.7818;Jerusalem|31.7683|35.2137;Haifa|32.794|34.9896;
Beersheba|31.2518|34.7913;Eilat|29.5577|34.9519;Cairo|30.0444|31.2357;Dubai|25.2048|55.2708;Doha|25.2854|51.531;
Riyadh|24.7136|46.6753;Nairobi|-1.2921|36.8219;Lagos|6.5244|3.3792;Accra|5.6037|-0.187;Johannesburg|-26.2041|28.0473;
Cape Town|-33.9249|18.4241;Casablanca|33.5731|-7.5898;New York|40.7128|-74.006;Los Angeles|34.0522|-118.2437;
Chicago|41.8781|-87.6298;Houston|29.7604|-95.3698;Phoenix|33.4484|-112.074;Philadelphia|39.9526|-75.1652;
San Antonio|29.4241|-98.4936;San Diego|32.7157|-117.1611;Dallas|32.7767|-96.797;Austin|30.2672|-97.7431;
San Francisco|37.7749|-122.4194;Seattle|47.6062|-122.3321;Denver|39.7392|-104.9903;Boston|42.3601|-71.0589;
Miami|25.7617|-80.1918;Atlanta|33.749|-84.388;Washington|38.9072|-77.0369;Detroit|42.3314|-83.0458;Minneapolis|44.9778|-93.265;
Portland|45.5152|-122.6784;Las Vegas|36.1699|-115.1398;Nashville|36.1627|-86.7816;New Orleans|29.9511|-90.0715;
Salt Lake City|40.7608|-111.891;Honolulu|21.3069|-157.8583;Anchorage|61.2181|-149.9003;Pittsburgh|40.4406|-79.9959;
Kansas City|39.0997|-94.5786;Toronto|43.6532|-79.3832;Montreal|45.5017|-73.5673;Vancouver|49.2827|-123.1207;
Calgary|51.0447|-114.0719;Ottawa|45.4215|-75.6972;Edmonton|53.5461|-113.4938;Winnipeg|49.8951|-97.1384;
Quebec City|46.8139|-71.208;Halifax|44.6488|-63.5752;Mexico City|19.4326|-99.1332;Guadalajara|20.6597|-103.3496;
Havana|23.1136|-82.3666;Bogota|4.711|-74.0721;Lima|-12.0464|-77.0428;Quito|-0.1807|-78.4678;Santiago|-33.4489|-70.6693;
Buenos Aires|-34.6037|-58.3816;Montevideo|-34.9011|-56.1645;Sao Paulo|-23.5505|-46.6333;Rio de Janeiro|-22.9068|-43.1729;
Brasilia|-15.8267|-47.9218;Salvador|-12.9777|-38.5016;Recife|-8.0476|-34.877;Porto Alegre|-30.0346|-51.2177;
Caracas|10.4806|-66.9036;Medellin|6.2442|-75.5812;La Paz|-16.4897|-68.1193;Asuncion|-25.2637|-57.5759;
Mumbai|19.076|72.8777;Delhi|28.7041|77.1025;Bengaluru|12.9716|77.5946;Hyderabad|17.385|78.4867;Chennai|13.0827|80.2707;
Kolkata|22.5726|88.3639;Pune|18.5204|73.8567;Ahmedabad|23.0225|72.5714;Jaipur|26.9124|75.7873;Lucknow|26.8467|80.9462;
Kochi|9.9312|76.2673;Karachi|24.8607|67.0011;Dhaka|23.8103|90.4125;Colombo|6.9271|79.8612;Kathmandu|27.7172|85.324;
Singapore|1.3521|103.8198;Kuala Lumpur|3.139|101.6869;Jakarta|-6.2088|106.8456;Bangkok|13.7563|100.5018;
Manila|14.5995|120.9842;Hanoi|21.0278|105.8342;Ho Chi Minh City|10.8231|106.6297;Da Nang|16.0544|108.2022;
Hai Phong|20.8449|106.6881;Can Tho|10.0452|105.7469;Hue|16.4637|107.5909;Nha Trang|12.2388|109.1967;Beijing|39.9042|116.4074;
Shanghai|31.2304|121.4737;Guangzhou|23.1291|113.2644;Shenzhen|22.5431|114.0579;Chengdu|30.5728|104.0668;
Wuhan|30.5928|114.3055;Xian|34.3416|108.9398;Hangzhou|30.2741|120.1551;Nanjing|32.0603|118.7969;Chongqing|29.4316|106.9123;
Hong Kong|22.3193|114.1694;Taipei|25.033|121.5654;Seoul|37.5665|126.978;Busan|35.1796|129.0756;Tokyo|35.6762|139.6503;
Osaka|34.6937|135.5023;Kyoto|35.0116|135.7681;Sapporo|43.0618|141.3545;Fukuoka|33.5904|130.4017;Sydney|-33.8688|151.2093;
Melbourne|-37.8136|144.9631;Brisbane|-27.4698|153.0251;Perth|-31.9505|115.8605;Adelaide|-34.9285|138.6007;
Hobart|-42.8821|147.3272;Darwin|-12.4634|130.8456;Canberra|-35.2809|149.13;Gold Coast|-28.0167|153.4;Cairns|-16.9186|145.7781;
Newcastle NSW|-32.9283|151.7817;Auckland|-36.8485|174.7633;Wellington|-41.2865|174.7762;Christchurch|-43.532|172.6306;
Dunedin|-45.8788|170.5028;Queenstown|-45.0312|168.6626;Hamilton|-37.787|175.2793;Tauranga|-37.6878|176.1651`
  .split(';')
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const [name, lat, lon] = entry.split('|');
    return { name: name!, slug: name!.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-'), lat: Number(lat), lon: Number(lon) };
  });

// Word lists. Each article draws two topics out of TOPICS, so a topic word occurs in ~4% of the
// articles and full-text search for it (e.g. 'election', 'climate', 'market') finds a realistic
// fraction. The other lists avoid every topic word and its stems.
export const TOPICS = [
  'election', 'climate', 'market', 'budget', 'housing', 'transport', 'energy', 'health', 'education',
  'tourism', 'festival', 'football', 'tennis', 'cricket', 'drought', 'flood', 'wildfire', 'storm',
  'vaccine', 'hospital', 'startup', 'inflation', 'tariff', 'shipping', 'airport', 'railway', 'museum',
  'concert', 'film', 'harvest', 'fishing', 'mining', 'bridge', 'tunnel', 'satellite', 'robotics',
  'cyber', 'banking', 'pension', 'wages', 'strike', 'protest', 'court', 'parliament', 'coalition',
  'reef', 'wildlife', 'forest',
];
export const TITLE_OPENERS = [
  'New', 'Major', 'Surprise', 'Late', 'Early', 'Record', 'Fresh', 'Long-awaited', 'Quiet', 'Sudden',
  'Weekend', 'Overnight', 'Regional', 'Local', 'National', 'Historic',
];
export const TITLE_VERBS = ['shakes up', 'lifts', 'delays', 'reshapes', 'boosts', 'tests', 'divides', 'draws', 'slows', 'reopens', 'tightens', 'eases'];
export const OBJECTS = [
  'city plans', 'local firms', 'commuters', 'council talks', 'weekend crowds', 'regional outlook',
  'school calendars', 'night services', 'small traders', 'visitor numbers', 'the skyline', 'residents',
];
export const NOUNS = ['plan', 'review', 'debate', 'package', 'report', 'decision', 'talks', 'forecast', 'inquiry', 'programme'];
export const OUTCOMES = ['change course', 'move ahead', 'face delays', 'gather pace', 'draw scrutiny', 'need more time', 'win support', 'be reviewed'];
export const PERIODS = ['week', 'month', 'season', 'quarter', 'spring', 'autumn', 'winter', 'summer'];
export const TRENDS = ['continued', 'stalled', 'picked up', 'drew crowds', 'slowed', 'came under review'];
export const SOURCES = ['local reporters', 'council officials', 'regional analysts', 'our correspondents', 'people familiar with the matter', 'a statement released on Monday'];
export const WATCHERS = ['analysts', 'residents', 'officials', 'campaigners', 'business owners', 'commentators'];
export const FILLERS = [
  'Crowds gathered early outside the town hall', 'Reporters spoke to residents on both sides',
  'Figures released today show a mixed picture', 'Officials promised an update within days',
  'Traders say the mood has shifted quickly', 'Experts urged caution before drawing conclusions',
];
export const CLOSINGS = ['That is all for now, stay with us', 'More on this story later tonight', 'We will keep you updated as it develops', 'Thanks for watching, see you tomorrow'];
export const OTHER_LANGUAGES = ['fr', 'de', 'es', 'it', 'pt', 'nl'];

const numberOf = (slug: string) => Number(slug.slice(slug.lastIndexOf('-') + 1));

/** Creates the 8 scale publishers and 12 scale categories when absent; returns their ids in order. */
async function ensureOwners(db: Kysely<Database>): Promise<{ publisherIds: string[]; categoryIds: string[] }> {
  const publishers = Array.from({ length: SCALE_PUBLISHER_COUNT }, (_, i) => i + 1);
  const categories = Array.from({ length: SCALE_CATEGORY_COUNT }, (_, i) => i + 1);
  await sql`INSERT INTO publishers (id, slug, name, description)
    SELECT md5('scale-publisher-' || n)::uuid, 'scale-publisher-' || n, 'Scale Publisher ' || n,
      'A synthetic publisher of the scale seed (load tests).'
    FROM unnest(${publishers}::int[]) AS n
    ON CONFLICT (slug) DO NOTHING`.execute(db);
  await sql`INSERT INTO categories (id, slug, name, description)
    SELECT md5('scale-category-' || n)::uuid, 'scale-category-' || n, 'Scale Category ' || n,
      'A synthetic category of the scale seed (load tests).'
    FROM unnest(${categories}::int[]) AS n
    ON CONFLICT (slug) DO NOTHING`.execute(db);
  const publisherRows = await db.selectFrom('publishers').select(['id', 'slug']).where('slug', 'like', 'scale-publisher-%').execute();
  const categoryRows = await db.selectFrom('categories').select(['id', 'slug']).where('slug', 'like', 'scale-category-%').execute();
  const ordered = (rows: { id: string; slug: string }[], count: number) =>
    rows
      .map((row) => ({ ...row, n: numberOf(row.slug) }))
      .filter((row) => Number.isInteger(row.n) && row.n >= 1 && row.n <= count)
      .sort((a, b) => a.n - b.n)
      .map((row) => row.id);
  return { publisherIds: ordered(publisherRows, SCALE_PUBLISHER_COUNT), categoryIds: ordered(categoryRows, SCALE_CATEGORY_COUNT) };
}

/** Demo catalogue folders whose poster and audio the scale articles reuse (the files need not exist). */
async function mediaFolders(): Promise<string[]> {
  try {
    const slugs = (await readCatalogue()).articles.map((article) => article.slug);
    if (slugs.length > 0) return slugs;
  } catch {
    // No catalogue: the URLs still have the demo form.
  }
  return ['scale'];
}

/**
 * Inserts the articles numbered [from, to] that do not exist yet, with one audio media asset each
 * and (optionally) a transcript, in one statement. Returns how many articles it inserted.
 */
async function insertBatch(
  db: Kysely<Database>,
  from: number,
  to: number,
  total: number,
  lists: Record<string, unknown[]>,
  anchor: Date,
  transcripts: boolean,
): Promise<number> {
  // Salted hashes of the article number: r(k) is a pseudo-random integer in [0, 2^31).
  const r = (salt: number) => sql.raw(`(hashint8extended(g.n, ${salt}) & 2147483647)`);
  const pick = (list: string, salt: number) =>
    sql.raw(`p.${list}[1 + ((hashint8extended(g.n, ${salt}) & 2147483647) % cardinality(p.${list}))::int]`);
  // Article n is published in the n-th of `total` equal slots of the year, at a random second of
  // it: the articles are written in the order they were published, as a newsroom's tables grow,
  // so the newest lie together at the end of each table (written in random order, every list's
  // newest page was spread over the whole of each table).
  const slotSeconds = Math.max(1, Math.floor(YEAR_SECONDS / total));
  const ageSeconds = sql.raw(`((${total} - g.n) * ${slotSeconds} + (hashint8extended(g.n, 30) & 2147483647) % ${slotSeconds})`);
  // The media asset comes from the RETURNING of the article insert; the transcript's cues are the
  // article's four sentences, timed evenly over the duration.
  const transcriptInsert = transcripts
    ? sql`, tr AS (
        INSERT INTO transcripts (article_id, language, cues)
        SELECT s.id, s.language, (
          SELECT jsonb_agg(jsonb_build_object(
              'start', round(s.duration * (u.o - 1) / cardinality(x.parts)),
              'end', round(s.duration * u.o / cardinality(x.parts)),
              'text', u.text || '.') ORDER BY u.o)
          FROM unnest(x.parts) WITH ORDINALITY AS u(text, o))
        FROM ins i JOIN src s ON s.id = i.id
        CROSS JOIN LATERAL (SELECT string_to_array(rtrim(s.s1 || ' ' || s.s2 || ' ' || s.s3 || ' ' || s.s4, '.'), '. ') AS parts) x
        ON CONFLICT DO NOTHING)`
    : sql``;

  const { rows } = await sql<{ inserted: number }>`
    WITH p AS (
      SELECT ${lists.topics}::text[] AS topics, ${lists.openers}::text[] AS openers, ${lists.verbs}::text[] AS verbs,
        ${lists.objects}::text[] AS objects, ${lists.nouns}::text[] AS nouns, ${lists.outcomes}::text[] AS outcomes,
        ${lists.periods}::text[] AS periods, ${lists.trends}::text[] AS trends, ${lists.sources}::text[] AS sources,
        ${lists.watchers}::text[] AS watchers, ${lists.fillers}::text[] AS fillers, ${lists.closings}::text[] AS closings,
        ${lists.languages}::text[] AS languages, ${lists.cityNames}::text[] AS city_names,
        ${lists.citySlugs}::text[] AS city_slugs, ${lists.cityLats}::float8[] AS city_lats,
        ${lists.cityLons}::float8[] AS city_lons, ${lists.publishers}::uuid[] AS publishers,
        ${lists.categories}::uuid[] AS categories, ${lists.folders}::text[] AS folders
    ),
    picked AS (
      SELECT g.n,
        ${pick('topics', 1)} AS topic1, ${pick('topics', 2)} AS topic2,
        1 + (${r(3)} % cardinality(p.city_names))::int AS city,
        ${pick('openers', 4)} AS opener, ${pick('verbs', 5)} AS verb, ${pick('objects', 6)} AS object,
        ${pick('nouns', 7)} AS noun1, ${pick('nouns', 8)} AS noun2, ${pick('outcomes', 9)} AS outcome,
        ${pick('periods', 10)} AS period, ${pick('trends', 11)} AS trend, ${pick('sources', 12)} AS source,
        ${pick('watchers', 13)} AS watcher, ${pick('fillers', 14)} AS filler, ${pick('closings', 15)} AS closing,
        CASE WHEN ${r(16)} % 10 < 9 THEN 'en' ELSE ${pick('languages', 17)} END AS language,
        (30 + ${r(18)} % 271)::real AS duration,
        ${r(19)} % 22 AS region1, ${r(20)} % 21 AS region_step, ${r(21)} % 2 = 0 AS one_region,
        1 + (${r(22)} % cardinality(p.categories))::int AS category1,
        ${r(23)} % (cardinality(p.categories) - 1) AS category_step, ${r(24)} % 2 = 0 AS one_category,
        ${pick('publishers', 25)} AS publisher_id, 1 + ${r(26)} % 4 AS territory, ${r(27)} % 1000 < 20 AS breaking,
        (${r(28)} % 20001 - 10000) / 100000.0 AS lat_jitter, (${r(29)} % 20001 - 10000) / 100000.0 AS lon_jitter,
        ${ageSeconds} AS age_seconds, ${pick('folders', 31)} AS folder
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g(n) CROSS JOIN p
      WHERE NOT EXISTS (SELECT 1 FROM articles x WHERE x.slug = 'scale-' || g.n)
    ),
    src AS (
      SELECT md5('scale-article-' || k.n)::uuid AS id, 'scale-' || k.n AS slug,
        k.opener || ' ' || k.topic1 || ' ' || k.verb || ' ' || k.object || ' in ' || p.city_names[k.city] AS title,
        'Officials in ' || p.city_names[k.city] || ' said the ' || k.topic1 || ' ' || k.noun1 || ' would ' || k.outcome
          || ' this ' || k.period || ', while the ' || k.topic2 || ' ' || k.noun2 || ' ' || k.trend
          || ' across the region, according to ' || k.source || '.' AS description,
        initcap(k.topic2) || ' and ' || k.topic1 || ' dominate the agenda in ' || p.city_names[k.city] || ' this ' || k.period
          || ' as ' || k.watcher || ' weigh what comes next for ' || k.object || '.' AS summary,
        'Good evening from ' || p.city_names[k.city] || '.' AS s1,
        'Our top story tonight is the ' || k.topic1 || ' ' || k.noun1 || '. ' || k.filler || '.' AS s2,
        'We also look at the ' || k.topic2 || ' ' || k.noun2 || ', and what it means for ' || k.object || '.' AS s3,
        k.closing || '.' AS s4,
        k.language, k.duration, k.territory, k.breaking, k.publisher_id,
        CASE WHEN k.one_region THEN ARRAY[k.region1]::smallint[]
          ELSE ARRAY[k.region1, (k.region1 + 1 + k.region_step) % 22]::smallint[] END AS region_ids,
        CASE WHEN k.one_category THEN ARRAY[p.categories[k.category1]]
          ELSE ARRAY[p.categories[k.category1],
            p.categories[1 + ((k.category1 + k.category_step) % cardinality(p.categories))::int]] END AS category_ids,
        p.city_names[k.city] AS location_name, p.city_slugs[k.city] AS location_slug,
        round((p.city_lats[k.city] + k.lat_jitter)::numeric, 5)::float8 AS lat,
        round((p.city_lons[k.city] + k.lon_jitter)::numeric, 5)::float8 AS lon,
        ${DEMO_MEDIA_URL}::text || '/' || k.folder AS media_base,
        ${anchor}::timestamptz - k.age_seconds * interval '1 second' AS published_at
      FROM picked k CROSS JOIN p
    ),
    ins AS (
      INSERT INTO articles (id, slug, title, description, summary, status, territory, breaking, language,
        publisher_id, category_ids, region_ids, location_name, location_slug, lat, lon, poster_url,
        main_media, duration_seconds, published_at, created_at, updated_at)
      SELECT id, slug, title, description, summary, ${ArticleStatus.ACTIVE}, territory, breaking, language,
        publisher_id, category_ids, region_ids, location_name, location_slug, lat, lon, media_base || '/poster.jpg',
        -- The audio file below, as the media triggers would set it (migration 0048): written with
        -- the article, so they find nothing to change and no article row is written twice.
        (SELECT row_to_json(m) FROM (SELECT ${MediaType.AUDIO}::smallint AS type, ${MediaSource.MEDIA_STORE}::smallint AS source,
          media_base || '/audio.mp3' AS url, 'audio/mpeg'::text AS "fileType", (duration * 16000)::bigint AS "fileSize",
          language, duration AS "durationSeconds") m),
        duration, published_at, published_at, published_at
      FROM src
      ON CONFLICT (slug) DO NOTHING
      RETURNING id, slug, language, duration_seconds, poster_url
    ),
    media AS (
      INSERT INTO media_assets (id, article_id, type, source, url, file_type, file_size, language, duration_seconds)
      SELECT md5('scale-media-' || substr(i.slug, 7))::uuid, i.id, ${MediaType.AUDIO}, ${MediaSource.MEDIA_STORE},
        left(i.poster_url, -length('/poster.jpg')) || '/audio.mp3', 'audio/mpeg',
        (i.duration_seconds * 16000)::bigint, i.language, i.duration_seconds
      FROM ins i
      ON CONFLICT DO NOTHING
    )${transcriptInsert}
    SELECT count(*)::int AS inserted FROM ins`.execute(db);
  return rows[0]?.inserted ?? 0;
}

/** The tables a scale seed fills, and the derived tables the triggers fill with them. */
const GROWING_TABLES = ['articles', 'transcripts', 'media_assets', 'article_search', 'article_feed_entries', 'article_places', 'article_cards', 'ai_passages'];

export async function seedScale(db: Kysely<Database>, options: ScaleSeedOptions): Promise<ScaleSeedResult> {
  const total = options.articles;
  if (!Number.isInteger(total) || total < 1) throw new Error('articles must be a whole number of at least 1');
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = performance.now();
  const { publisherIds, categoryIds } = await ensureOwners(db);
  if (publisherIds.length !== SCALE_PUBLISHER_COUNT || categoryIds.length !== SCALE_CATEGORY_COUNT) {
    throw new Error('The scale publishers and categories could not be created');
  }
  const lists: Record<string, unknown[]> = {
    topics: TOPICS,
    openers: TITLE_OPENERS,
    verbs: TITLE_VERBS,
    objects: OBJECTS,
    nouns: NOUNS,
    outcomes: OUTCOMES,
    periods: PERIODS,
    trends: TRENDS,
    sources: SOURCES,
    watchers: WATCHERS,
    fillers: FILLERS,
    closings: CLOSINGS,
    languages: OTHER_LANGUAGES,
    cityNames: CITIES.map((city) => city.name),
    citySlugs: CITIES.map((city) => city.slug),
    cityLats: CITIES.map((city) => city.lat),
    cityLons: CITIES.map((city) => city.lon),
    publishers: publisherIds,
    categories: categoryIds,
    folders: await mediaFolders(),
  };

  const batches: [number, number][] = [];
  for (let from = 1; from <= total; from += batchSize) batches.push([from, Math.min(total, from + batchSize - 1)]);
  let inserted = 0;
  let done = 0;
  const anchor = options.anchor ?? SCALE_ANCHOR;
  const transcripts = options.transcripts ?? true;
  // The planner's statistics of the growing tables are refreshed each time the articles seen
  // double: the triggers' plans (kept per connection) were made for nearly empty tables, and
  // without fresh statistics they read ai_passages whole for every batch once it held millions of
  // rows (about ten minutes a batch at 700,000 articles, instead of half a minute).
  let analyzeAt = 2 * batchSize;
  let insertedAtAnalyze = 0;
  await inBatches(db, batches, options.concurrency ?? 1, {
    async each(connection, [from, to]) {
      // Read `inserted` after the await: `inserted += await …` reads it before, and two batches
      // running at once then kept only one of their counts (a 100,000 seed said 50,000).
      const insertedNow = await insertBatch(connection, from, to, total, lists, anchor, transcripts);
      inserted += insertedNow;
      done += to - from + 1;
      options.onProgress?.({ done, total, inserted, elapsedMs: performance.now() - started });
      if (done >= analyzeAt && inserted > insertedAtAnalyze) {
        analyzeAt = 2 * done;
        insertedAtAnalyze = inserted;
        await sql`ANALYZE ${sql.join(GROWING_TABLES.map((table) => sql.table(table)))}`.execute(connection);
      }
    },
  });
  const insertMs = performance.now() - started;

  let analyzeMs = 0;
  if (inserted > 0) {
    const analyzeStarted = performance.now();
    await vacuumAnalyze(db, [...GROWING_TABLES, 'publishers', 'categories', 'ai_lexemes']);
    analyzeMs = performance.now() - analyzeStarted;
  }
  return { requested: total, inserted, insertMs, analyzeMs, totalMs: performance.now() - started };
}

type Connection = Kysely<Database>;

/**
 * Runs `each` over the batches on up to `concurrency` connections at once (PGlite has one), each
 * taking the next batch until none is left, with statement_timeout off there (a batch outlasts a
 * server's timeout). `open` prepares a connection first and `close` tidies it last. After a
 * failure the other connections stop after their current batch, and the failure is thrown.
 */
export async function inBatches<B>(
  db: Kysely<Database>,
  batches: B[],
  concurrency: number,
  work: { open?: (connection: Connection) => Promise<void>; each: (connection: Connection, batch: B) => Promise<void>; close?: (connection: Connection) => Promise<void> },
): Promise<void> {
  const left = [...batches];
  const worker = () =>
    db.connection().execute(async (connection) => {
      await sql`SET statement_timeout = 0`.execute(connection);
      try {
        await work.open?.(connection);
        for (let batch = left.shift(); batch !== undefined; batch = left.shift()) {
          try {
            await work.each(connection, batch);
          } catch (error) {
            left.length = 0;
            throw error;
          }
        }
      } finally {
        await work.close?.(connection);
        await sql`RESET statement_timeout`.execute(connection);
      }
    });
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, left.length)) }, worker));
}

/**
 * Fresh statistics for the planner, and (VACUUM) the visibility map for index-only scans and the
 * GIN pending lists merged, so the first benchmark does not pay for them.
 */
export async function vacuumAnalyze(db: Kysely<Database>, tables: string[]): Promise<void> {
  await db.connection().execute(async (connection) => {
    await sql`SET statement_timeout = 0`.execute(connection);
    try {
      await sql`VACUUM (ANALYZE) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(connection);
    } finally {
      await sql`RESET statement_timeout`.execute(connection);
    }
  });
}

export interface SeedDatabase {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  close(): Promise<void>;
}

/**
 * The database to seed. PGlite opens as the server opens it. PostgreSQL gets a pool of its own
 * without the server's timeouts (15 s per statement, 16 s client read timeout): a batch or the
 * VACUUM of a million rows takes longer, and each parallel batch needs its own connection.
 */
export async function openSeedDatabase(options: { databaseUrl?: string | undefined; pgliteDir: string; connections?: number }): Promise<SeedDatabase> {
  if (!options.databaseUrl) {
    const handle = await openDatabase({ pgliteDir: options.pgliteDir });
    return { db: handle.db, driver: handle.driver, close: () => handle.close() };
  }
  // Without JIT: the batch statement's estimated cost sets PostgreSQL compiling it, 1.3 s of each
  // batch's 1.4 s at 1,000,000 articles, also when a batch is found seeded and inserts nothing.
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: Math.max(2, options.connections ?? 4), options: '-c jit=off' });
  pool.on('error', () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, driver: 'postgres', close: () => db.destroy() };
}
