import { createHash } from 'node:crypto';
import { LOCAL_RADIUS_M, RADIUS_OPTIONS_M, REGIONS } from '@newsreel/contracts';
import {
  CITIES,
  CLOSINGS,
  FILLERS,
  NOUNS,
  OBJECTS,
  OUTCOMES,
  PERIODS,
  SOURCES,
  TITLE_OPENERS,
  TITLE_VERBS,
  TOPICS,
  TRENDS,
  WATCHERS,
} from '../apps/server/src/db/scale-seed';
import { scaleVisitorId } from '../apps/server/src/db/scale-seed-readers';
import { mulberry32 } from '../apps/server/src/db/seeded-random';

/**
 * What the benchmark asks of each endpoint. Fixed: one query (or 1,000 article ids in turn), the
 * same every time, so after the first request the answers mostly come from the per-process
 * response cache. Varied: every request drawn afresh from a seeded generator over what the scale
 * seed holds (filters, pages, words, places, article ids, visitors), so nearly every request is a
 * cache miss and costs its database work. The same seed gives the same sequence of requests.
 */

export type TrafficEndpoint = 'feed' | 'article' | 'transcript' | 'search' | 'radar' | 'interactions' | 'personal';
export type TrafficKind = 'fixed' | 'varied';

export const TRAFFIC_ENDPOINTS: TrafficEndpoint[] = ['feed', 'article', 'transcript', 'search', 'radar', 'interactions', 'personal'];
export const DEFAULT_TRAFFIC_SEED = 1;

/** The articles, visitors and owners of a seeded database that varied requests ask for. */
export interface VariedTraffic {
  endpoint: TrafficEndpoint;
  seed: number;
  /** Scale articles 1..articles exist. */
  articles: number;
  /** Scale visitors 1..visitors exist. */
  visitors: number;
  publisherIds: string[];
  categoryIds: string[];
}

/** A seed of its own for each endpoint, so re-running one endpoint asks what the full run asked. */
function endpointSeed(seed: number, endpoint: TrafficEndpoint): number {
  let hash = 0x811c9dc5 ^ seed; // FNV-1a over the name
  for (const char of endpoint) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

/** The id of scale article n, as the seed makes it: md5('scale-article-' || n)::uuid. */
export function scaleArticleId(n: number): string {
  const hex = createHash('md5').update(`scale-article-${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** `count` article ids spread evenly over scale articles 1..articles. */
export function spreadArticleIds(articles: number, count: number): string[] {
  const n = Math.min(count, articles);
  return Array.from({ length: n }, (_, k) => scaleArticleId(1 + Math.floor((k * articles) / n)));
}

// ---------------------------------------------------------------------------------------------
// Search queries, from the word lists the seed writes its titles, descriptions, summaries and
// transcripts with.

const wordsOf = (phrases: readonly string[]) => phrases.flatMap((phrase) => phrase.split(/\s+/));
/** Adjacent word pairs inside the entries of a list: they occur side by side wherever it is used. */
const pairsOf = (phrases: readonly string[]) =>
  phrases.flatMap((phrase) => {
    const words = phrase.split(/\s+/);
    return words.slice(1).map((word, i) => `${words[i]} ${word}`);
  });
// Words websearch_to_tsquery drops, or too short to be asked for alone.
const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'all', 'now', 'more', 'see', 'you', 'are', 'our', 'both', 'people', 'will', 'keep', 'thanks']);
const CITY_NAMES = CITIES.map((city) => city.name);
const SEARCH_WORDS = [
  ...new Set(
    wordsOf([...TOPICS, ...TITLE_OPENERS, ...TITLE_VERBS, ...OBJECTS, ...NOUNS, ...OUTCOMES, ...PERIODS, ...TRENDS, ...SOURCES, ...WATCHERS, ...FILLERS, ...CLOSINGS, ...CITY_NAMES])
      .map((word) => word.replace(/[^\p{L}-]/gu, ''))
      .filter((word) => word.length >= 4 && !STOP_WORDS.has(word.toLowerCase())),
  ),
];
const SEARCH_PHRASES = [
  ...new Set([
    ...pairsOf([...TITLE_VERBS, ...OBJECTS, ...OUTCOMES, ...TRENDS, ...SOURCES, ...FILLERS, ...CLOSINGS, ...CITY_NAMES]),
    // Title: "<opener> <topic> <verb> …"; description and transcript: "the <topic> <noun>".
    ...TITLE_OPENERS.flatMap((opener) => TOPICS.map((topic) => `${opener} ${topic}`)),
    ...TOPICS.flatMap((topic) => NOUNS.map((noun) => `${topic} ${noun}`)),
  ]),
].filter((phrase) => phrase.split(' ').some((word) => !STOP_WORDS.has(word.toLowerCase())));
const LETTERS = [...'abcdefghijklmnopqrstuvwxyz'];

type Random = () => number;
const below = (random: Random, n: number) => Math.floor(random() * n);
const pick = <T>(random: Random, list: readonly T[]): T => list[below(random, list.length)]!;
/** Mostly the first page, as readers ask; now and then a later one up to `last`. */
const mostlyFirstPage = (random: Random, last: number) => (random() < 0.8 ? 1 : 2 + below(random, last - 1));

/** One letter dropped, two neighbours swapped, or one replaced. */
function misspelt(random: Random, word: string): string {
  const at = below(random, word.length - 1);
  const edit = below(random, 3);
  if (edit === 0) return word.slice(0, at) + word.slice(at + 1);
  if (edit === 1) return word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2);
  return word.slice(0, at) + pick(random, LETTERS) + word.slice(at + 1);
}

function searchQuery(random: Random): string {
  const roll = random();
  if (roll < 0.35) return random() < 0.5 ? pick(random, TOPICS) : pick(random, SEARCH_WORDS);
  if (roll < 0.5) return `${pick(random, TOPICS)} ${pick(random, CITY_NAMES)}`;
  if (roll < 0.75) return `"${pick(random, SEARCH_PHRASES)}"`;
  const word = random() < 0.5 ? pick(random, TOPICS) : pick(random, SEARCH_WORDS);
  return misspelt(random, word.length >= 5 ? word : pick(random, TOPICS));
}

/** `min` to `max` distinct items of a list. */
function some<T>(random: Random, list: readonly T[], max: number, min = 1): T[] {
  const count = min + below(random, max - min + 1);
  const chosen = new Set<T>();
  while (chosen.size < Math.min(count, list.length)) chosen.add(pick(random, list));
  return [...chosen];
}

const query = (parameters: Record<string, string | number | undefined>) =>
  Object.entries(parameters)
    .flatMap(([name, value]) => (value === undefined ? [] : [`${name}=${encodeURIComponent(value)}`]))
    .join('&');

const REGION_IDS = REGIONS.map((region) => region.id);
const FEED_FILTERS = ['region', 'category', 'publisher'] as const;

/** The next request of each endpoint's varied traffic: a path with its query. */
const VARIED: Record<TrafficEndpoint, (random: Random, traffic: VariedTraffic) => string> = {
  feed: (random, { publisherIds, categoryIds }) => {
    // A fifth unfiltered; regions, categories or a publisher alone; or two or three of them together.
    const roll = random();
    const filters = roll < 0.2 ? [] : roll < 0.7 ? [pick(random, FEED_FILTERS)] : some(random, FEED_FILTERS, 3, 2);
    return `/v1/articles?${query({
      regionIds: filters.includes('region') ? some(random, REGION_IDS, 2).join(',') : undefined,
      categoryIds: filters.includes('category') ? some(random, categoryIds, 2).join(',') : undefined,
      publisherId: filters.includes('publisher') ? pick(random, publisherIds) : undefined,
      page: 1 + below(random, 20),
      limit: 30,
    })}`;
  },
  article: (random, { articles }) => `/v1/articles/${scaleArticleId(1 + below(random, articles))}`,
  transcript: (random, { articles }) => `/v1/articles/${scaleArticleId(1 + below(random, articles))}?transcript=true`,
  search: (random) => `/v1/search?${query({ q: searchQuery(random), page: mostlyFirstPage(random, 3) })}`,
  radar: (random) => {
    const city = pick(random, CITIES);
    const jitter = () => random() * 0.2 - 0.1;
    // Half the readers keep the local radius; the others chose one of the settings' options.
    const radius = random() < 0.5 ? LOCAL_RADIUS_M : pick(random, RADIUS_OPTIONS_M);
    return `/v1/articles/radar?${query({ lat: (city.lat + jitter()).toFixed(4), lon: (city.lon + jitter()).toFixed(4), radius, page: mostlyFirstPage(random, 3) })}`;
  },
  interactions: (random, { articles, visitors }) => {
    const ids = Array.from({ length: 30 }, () => scaleArticleId(1 + below(random, articles)));
    return `/v1/articles/interactions?${query({ ids: ids.join(','), visitorId: scaleVisitorId(1 + below(random, visitors)) })}`;
  },
  personal: (random, { visitors }) =>
    `/v1/articles/user?${query({
      visitorId: scaleVisitorId(1 + below(random, visitors)),
      regionIds: random() < 0.3 ? some(random, REGION_IDS, 2).join(',') : undefined,
      page: 1 + below(random, 5),
    })}`,
};

/** The endpoint's varied requests, one per call, in the order the seed gives. */
export function variedPaths(traffic: VariedTraffic): () => string {
  const random = mulberry32(endpointSeed(traffic.seed, traffic.endpoint));
  return () => VARIED[traffic.endpoint](random, traffic);
}

/** How many of the first `sample` varied requests differ from each other. */
export function distinctVariedPaths(traffic: VariedTraffic, sample: number): number {
  const next = variedPaths(traffic);
  const seen = new Set<string>();
  for (let i = 0; i < sample; i++) seen.add(next());
  return seen.size;
}

export const FIXED_RADAR = { lat: 51.5074, lon: -0.1278, radius: 50_000 };
export const FIXED_SEARCH_WORD = 'climate';
export const FIXED_VISITOR = scaleVisitorId(1);

/** The fixed requests of an endpoint: `articleIds` are asked in turn where an id is needed. */
export function fixedPaths(endpoint: TrafficEndpoint, articleIds: string[]): string[] {
  switch (endpoint) {
    case 'feed':
      return ['/v1/articles?limit=30'];
    case 'article':
      return articleIds.map((id) => `/v1/articles/${id}`);
    case 'transcript':
      return articleIds.map((id) => `/v1/articles/${id}?transcript=true`);
    case 'search':
      return [`/v1/search?q=${FIXED_SEARCH_WORD}`];
    case 'radar':
      return [`/v1/articles/radar?lat=${FIXED_RADAR.lat}&lon=${FIXED_RADAR.lon}&radius=${FIXED_RADAR.radius}`];
    case 'interactions':
      return [`/v1/articles/interactions?ids=${articleIds.slice(0, 30).join(',')}&visitorId=${FIXED_VISITOR}`];
    case 'personal':
      return [`/v1/articles/user?visitorId=${FIXED_VISITOR}`];
  }
}

/** What each traffic asks, for the report's method. */
export const TRAFFIC_DESCRIPTIONS: Record<TrafficEndpoint, Record<TrafficKind, string>> = {
  feed: {
    fixed: '`?limit=30`',
    varied:
      'pages 1–20 of 30; 20% unfiltered, 50% one filter (1–2 `regionIds` of the 22 regions, 1–2 `categoryIds` of the 12 scale categories, or one `publisherId` of the 8), 30% two or three of them together',
  },
  article: { fixed: '1,000 ids spread over the articles, in turn', varied: 'a random article of the N' },
  transcript: { fixed: 'the same 1,000 ids with `?transcript=true`', varied: 'a random article of the N, `?transcript=true`' },
  search: {
    fixed: `\`?q=${FIXED_SEARCH_WORD}\``,
    varied: `35% one word (half a topic, half any word of the seed's lists or cities: ${SEARCH_WORDS.length} words), 15% a topic and a city, 25% a quoted phrase of two words that stand side by side in the seeded text (${SEARCH_PHRASES.length} phrases), 25% a word misspelt (a letter dropped, two swapped or one replaced); page 1 (80%) or 2–3`,
  },
  radar: {
    fixed: `London, ${FIXED_RADAR.radius / 1000} km`,
    varied: `one of the ${CITIES.length} seed cities ± up to 0.1° in latitude and longitude; radius ${LOCAL_RADIUS_M / 1000} km (the local radius, 50%) or one of the ${RADIUS_OPTIONS_M.length} settings options (${RADIUS_OPTIONS_M[0]! / 1000}–${RADIUS_OPTIONS_M.at(-1)! / 1000} km); page 1 (80%) or 2–3`,
  },
  interactions: { fixed: `the first 30 of the 1,000 ids, \`visitorId=${FIXED_VISITOR}\``, varied: '30 random articles of the N, a random seeded visitor' },
  personal: { fixed: `\`?visitorId=${FIXED_VISITOR}\``, varied: 'a random seeded visitor, pages 1–5, 30% with 1–2 `regionIds`' },
};
