import { ArticleStatus } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import { storeEvents, type PartitionKey, type StoredEventInput } from '../modules/analytics/event-store';
import { DEMO_MEDIA_URL, readCatalogue } from './demo-seed';
import type { Database } from './schema';
import { mulberry32 } from './seeded-random';

/** How far back the demo traffic goes, and how much of it there is. */
export const DEMO_TRAFFIC_DAYS = 30;
const DEMO_VISITORS = 240;
const DEMO_VISITS = 330;
const STORE_BATCH = 500;
const WATCH_TIME_EVERY_S = 10;
const DAY_S = 86_400;

/** What the demo traffic is about: the demo catalogue as it was seeded. */
export interface DemoTrafficContent {
  articles: {
    id: string;
    title: string;
    territory: number;
    breaking: boolean;
    locationName: string | null;
    lat: number | null;
    lon: number | null;
    publisherId: string;
    publisherName: string;
    durationSeconds: number;
  }[];
  /** Each playlist's article ids, in its order. */
  playlists: { id: string; articleIds: string[] }[];
  polls: { id: string; name: string; questions: { id: string; label: string; answers: { id: string; label: string }[] }[] }[];
}

/** Where the demo readers are: their region's weight, and an address of the documentation range. */
const REGION_WEIGHTS: [regionId: number, weight: number][] = [
  [2, 24], [3, 16], [4, 10], [1, 9], [9, 8], [11, 6], [5, 5], [8, 3], [17, 3], [13, 3], [14, 2], [6, 2], [10, 3], [7, 1], [19, 1], [0, 4],
];
/** The demo readers' devices, as visitor records hold them (SPEC §3 visitor.device). */
const device = (type: string, vendor: string | null, model: string | null, osName: string, osVersion: string, browserName: string) => ({
  cpuArch: null,
  type,
  vendor,
  model,
  osName,
  osVersion,
  browserName,
  browserVersion: null,
});
const DEVICES = [
  { weight: 52, device: device('mobile', 'Apple', 'iPhone', 'iOS', '18.1', 'Mobile Safari'), screen: [390, 844] },
  { weight: 18, device: device('mobile', 'Samsung', 'SM-S911B', 'Android', '14', 'Chrome'), screen: [412, 915] },
  { weight: 20, device: device('desktop', null, null, 'Windows', '10', 'Chrome'), screen: [1920, 1080] },
  { weight: 6, device: device('tablet', 'Apple', 'iPad', 'iOS', '18.1', 'Mobile Safari'), screen: [820, 1180] },
  { weight: 4, device: device('smarttv', 'Samsung', null, 'Tizen', '8.0', 'Samsung Internet'), screen: [1920, 1080] },
] as const;
const ADS = [
  { adId: 'demo-ad-sunrise-coffee', adTitle: 'Sunrise Coffee: the morning cup' },
  { adId: 'demo-ad-northline-rail', adTitle: 'Northline Rail: city to city' },
  { adId: 'demo-ad-lumen-bank', adTitle: 'Lumen Bank: savings that keep up' },
];
const SEARCHES = ['weather', 'election', 'festival', 'metro', 'space telescope', 'heat', 'interest rates'];

function pickWeighted<T>(items: readonly T[], weightOf: (item: T) => number, roll: number): T {
  const total = items.reduce((sum, item) => sum + weightOf(item), 0);
  let at = roll * total;
  for (const item of items) {
    at -= weightOf(item);
    if (at < 0) return item;
  }
  return items[items.length - 1]!;
}

/**
 * The demo's traffic: DEMO_VISITS visits by DEMO_VISITORS readers over the last DEMO_TRAFFIC_DAYS
 * days, more of them lately, each a page view and a few articles played (half of the visits from a
 * playlist) with their ads, watch time, quartiles, completions, likes and shares, now and then a
 * search or a poll vote. The same content, `now` and `seed` always give the same events and
 * visitors, ids included.
 */
export function demoTraffic(content: DemoTrafficContent, now: Date, seed = 2026) {
  const roll = mulberry32(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(roll() * items.length)]!;
  const uuid = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(roll() * 16).toString(16));
    hex[12] = '4';
    hex[16] = '89ab'[Math.floor(roll() * 4)]!;
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  };

  const visitors = Array.from({ length: DEMO_VISITORS }, (_, n) => {
    const { device, screen } = pickWeighted(DEVICES, (d) => d.weight, roll());
    const [regionId] = pickWeighted(REGION_WEIGHTS, ([, weight]) => weight, roll());
    return { id: `demo-visitor-${String(n + 1).padStart(4, '0')}`, regionId, device, screen, ipAddress: `203.0.113.${(n % 254) + 1}`, seen: false };
  });
  const articleById = new Map(content.articles.map((article) => [article.id, article]));
  const events: StoredEventInput[] = [];
  // Visits oldest first, so each reader's first visit is where it says 'New Visitor'.
  const starts = Array.from({ length: DEMO_VISITS }, () => now.getTime() / 1000 - 3600 - (DEMO_TRAFFIC_DAYS * DAY_S - 7200) * roll() ** 1.4).sort((a, b) => a - b);

  for (const start of starts) {
    const visitor = pick(visitors);
    let at = start;
    const push = (action: string, partitionKey: PartitionKey, fields: Record<string, unknown> = {}) => {
      const time = new Date(Math.round(at * 1000));
      const eventId = uuid();
      events.push({
        eventId,
        eventTime: time,
        partitionKey,
        action,
        visitorId: visitor.id,
        regionId: visitor.regionId,
        data: {
          eventId,
          action,
          timestamp: time.toISOString(),
          epochSeconds: Math.floor(time.getTime() / 1000),
          visitorId: visitor.id,
          regionId: visitor.regionId,
          screenWidth: visitor.screen[0],
          screenHeight: visitor.screen[1],
          ...fields,
        },
      });
    };

    if (!visitor.seen) push('New Visitor', 'app_events');
    visitor.seen = true;
    push('Page View', 'app_events', { path: '/' });
    at += 2 + roll() * 20;
    if (roll() < 0.1) {
      push('Search', 'app_events', { query: pick(SEARCHES) });
      at += 5;
    }

    const playlist = content.playlists.length > 0 && roll() < 0.5 ? pick(content.playlists) : null;
    const first = playlist ? Math.floor(roll() * playlist.articleIds.length) : 0;
    const plays = 1 + Math.floor(roll() * 3);
    for (let n = 0; n < plays; n++) {
      const article = playlist ? articleById.get(playlist.articleIds[(first + n) % playlist.articleIds.length]!) : pick(content.articles);
      if (!article) continue;
      const articleFields = {
        articleId: article.id,
        articleTitle: article.title,
        articleTerritory: article.territory,
        articleBreaking: article.breaking,
        articleLocationName: article.locationName,
        articleLocationLon: article.lon,
        articleLocationLat: article.lat,
        publisherName: article.publisherName,
        publisherId: article.publisherId,
        ...(playlist ? { playlistId: playlist.id } : {}),
      };
      if (roll() < 0.3) {
        const ad = pick(ADS);
        const adFields = { ...articleFields, ...ad, adMediaFile: `${DEMO_MEDIA_URL}/ads/${ad.adId}.mp4` };
        push('Ad Impression', 'ad_events', adFields);
        at += 6;
        if (roll() < 0.08) push('Ad Click', 'ad_events', adFields);
        else push(roll() < 0.4 ? 'Ad Skip' : 'Ad Complete', 'ad_events', adFields);
        at += 1;
      }
      push('Play', 'article_events', articleFields);
      const completes = roll() < 0.45;
      const watched = completes ? article.durationSeconds : article.durationSeconds * (0.1 + 0.85 * roll());
      // Watch time as the player reports it: every 10 s of playing, and the rest when it stops.
      let reported = 0;
      for (const quartile of [25, 50, 75]) {
        const mark = (article.durationSeconds * quartile) / 100;
        if (mark > watched) break;
        while (reported + WATCH_TIME_EVERY_S <= mark) {
          reported += WATCH_TIME_EVERY_S;
          at += WATCH_TIME_EVERY_S;
          push('Watch Time', 'article_events', { ...articleFields, watchSeconds: WATCH_TIME_EVERY_S });
        }
        push('Quartile', 'article_events', { ...articleFields, quartile });
      }
      while (reported + WATCH_TIME_EVERY_S <= watched) {
        reported += WATCH_TIME_EVERY_S;
        at += WATCH_TIME_EVERY_S;
        push('Watch Time', 'article_events', { ...articleFields, watchSeconds: WATCH_TIME_EVERY_S });
      }
      const rest = Math.round((watched - reported) * 1000) / 1000;
      at += rest;
      if (rest > 0) push('Watch Time', 'article_events', { ...articleFields, watchSeconds: rest });
      push(completes ? 'Complete' : 'Pause', 'article_events', articleFields);
      at += 1;
      if (roll() < 0.12) push('Like', 'article_events', articleFields);
      if (roll() < 0.05) push('Save', 'article_events', articleFields);
      if (roll() < 0.04) push('Share', 'article_events', articleFields);
      at += 2;
    }

    const poll = content.polls.length > 0 && roll() < 0.07 ? pick(content.polls) : null;
    const question = poll?.questions[0];
    if (poll && question && question.answers.length > 0) {
      const answer = pick(question.answers);
      push('Poll Vote', 'app_events', {
        pollId: poll.id,
        pollName: poll.name,
        pollQuestionId: question.id,
        pollQuestionLabel: question.label,
        pollAnswerId: answer.id,
        pollAnswerLabel: answer.label,
      });
    }
  }
  return { events, visitors: visitors.filter((visitor) => visitor.seen) };
}

/** The demo catalogue's articles, playlists and live polls as the database holds them. */
async function readDemoContent(db: Kysely<Database>): Promise<DemoTrafficContent> {
  const slugs = (await readCatalogue()).articles.map((article) => article.slug);
  const articles = await db
    .selectFrom('articles as a')
    .innerJoin('publishers as p', 'p.id', 'a.publisher_id')
    .select(['a.id', 'a.title', 'a.territory', 'a.breaking', 'a.location_name', 'a.lat', 'a.lon', 'a.publisher_id', 'p.name as publisher_name', 'a.duration_seconds'])
    .where('a.slug', 'in', slugs.length > 0 ? slugs : [''])
    // Articles awaiting review or scheduled (demo-moderation.ts) have never been live: no plays.
    .where('a.status', '=', ArticleStatus.ACTIVE)
    .orderBy('a.slug')
    .execute();
  const ids = new Set(articles.map((article) => article.id));
  // Ordered by what the catalogue names (never by generated ids), so every demo database gets the same traffic.
  const entries = await db
    .selectFrom('playlist_articles as pa')
    .innerJoin('playlists as p', 'p.id', 'pa.playlist_id')
    .select(['pa.playlist_id', 'pa.article_id'])
    .orderBy('p.external_id')
    .orderBy('pa.position')
    .execute();
  const playlists = new Map<string, string[]>();
  for (const entry of entries) {
    if (!ids.has(entry.article_id)) continue;
    playlists.set(entry.playlist_id, [...(playlists.get(entry.playlist_id) ?? []), entry.article_id]);
  }
  const answers = await sql<{ poll_id: string; poll_name: string; question_id: string; question_label: string; answer_id: string; answer_label: string }>`
    select p.id as poll_id, p.name as poll_name, q.id as question_id, q.label as question_label, a.id as answer_id, a.label as answer_label
    from polls p
    join poll_questions q on q.poll_id = p.id
    join poll_answers a on a.question_id = q.id
    where p.status = 2
    order by p.priority, p.name, q.position, a.position`.execute(db);
  const polls = new Map<string, DemoTrafficContent['polls'][number]>();
  for (const row of answers.rows) {
    const poll = polls.get(row.poll_id) ?? { id: row.poll_id, name: row.poll_name, questions: [] };
    polls.set(row.poll_id, poll);
    let question = poll.questions.find((q) => q.id === row.question_id);
    if (!question) poll.questions.push((question = { id: row.question_id, label: row.question_label, answers: [] }));
    question.answers.push({ id: row.answer_id, label: row.answer_label });
  }
  return {
    articles: articles.map((article) => ({
      id: article.id,
      title: article.title,
      territory: article.territory,
      breaking: article.breaking,
      locationName: article.location_name,
      lat: article.lat,
      lon: article.lon,
      publisherId: article.publisher_id,
      publisherName: article.publisher_name,
      durationSeconds: article.duration_seconds ?? 20,
    })),
    playlists: [...playlists].map(([id, articleIds]) => ({ id, articleIds })),
    polls: [...polls.values()],
  };
}

/**
 * Seeds the demo's traffic into an empty event store, once: when the store holds any event (the
 * demo's or real ones) or the demo catalogue is not there, it does nothing. The demo readers get
 * visitor records (device, region) so the admin summary has device types. The roll-up worker
 * then counts the events like any others. Answers how many events it stored.
 */
export async function seedDemoAnalytics(db: Kysely<Database>, now = new Date()): Promise<number> {
  const stored = await sql<{ any: boolean }>`select exists (select 1 from analytics_events) as any`.execute(db);
  if (stored.rows[0]?.any) return 0;
  const content = await readDemoContent(db);
  if (content.articles.length === 0) return 0;
  const { events, visitors } = demoTraffic(content, now);
  await sql`
    insert into visitors (id, region_id, ip_address, screen_width, screen_height, device, created_at, updated_at)
    select v.id, v.region_id, v.ip_address, v.screen_width, v.screen_height, v.device, ${now}, ${now}
    from jsonb_to_recordset(${JSON.stringify(
      visitors.map((visitor) => ({
        id: visitor.id,
        region_id: visitor.regionId,
        ip_address: visitor.ipAddress,
        screen_width: visitor.screen[0],
        screen_height: visitor.screen[1],
        device: visitor.device,
      })),
    )}::jsonb) as v(id text, region_id smallint, ip_address text, screen_width integer, screen_height integer, device jsonb)
    on conflict (id) do nothing`.execute(db);
  let count = 0;
  for (let at = 0; at < events.length; at += STORE_BATCH) count += await storeEvents(db, events.slice(at, at + STORE_BATCH));
  return count;
}
