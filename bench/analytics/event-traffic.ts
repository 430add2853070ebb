import { randomUUID } from 'node:crypto';
import type { LoadRequest } from '../load';
import { mulberry32 } from '../../apps/server/src/db/seeded-random';

/**
 * What the analytics benchmark sends: batches of events as readers' browsers send them (the
 * track module's POST /v1/proxy/kinesis), every event new (a fresh eventId), drawn from a seed:
 * page views, plays, watch time, likes and ad impressions over a catalogue of article ids, from
 * many visitors and regions. `eventRows` gives the same rows to the plain-INSERT comparison.
 */
export interface EventTraffic {
  seed: number;
  /** Events a batch. */
  batch: number;
  articleIds: string[];
  publisherIds: string[];
}

const ACTIONS = ['Page View', 'Play', 'Watch Time', 'Watch Time', 'Pause', 'Quartile', 'Like', 'Ad Impression'] as const;

export interface BenchEvent {
  partitionKey: 'app_events' | 'article_events' | 'ad_events';
  data: Record<string, unknown>;
}

export function eventSource(traffic: EventTraffic): () => BenchEvent {
  const random = mulberry32(traffic.seed);
  const visitors = Array.from({ length: 5_000 }, () => randomUUID());
  const pick = <T,>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return () => {
    const action = pick(ACTIONS);
    const now = Date.now();
    const articleIndex = Math.floor(random() * traffic.articleIds.length);
    const base = {
      eventId: randomUUID(),
      action,
      timestamp: new Date(now).toISOString(),
      epochSeconds: Math.floor(now / 1000),
      visitorId: pick(visitors),
      regionId: Math.floor(random() * 22),
      screenWidth: 1280,
      screenHeight: 800,
    };
    if (action === 'Page View') return { partitionKey: 'app_events', data: { ...base, path: `/v/${traffic.articleIds[articleIndex]}` } };
    const article = {
      articleId: traffic.articleIds[articleIndex],
      articleTitle: `Benchmark article ${articleIndex + 1}`,
      articleTerritory: 'national',
      articleBreaking: false,
      publisherName: `Publisher ${(articleIndex % traffic.publisherIds.length) + 1}`,
      publisherId: traffic.publisherIds[articleIndex % traffic.publisherIds.length],
    };
    if (action === 'Ad Impression') {
      return { partitionKey: 'ad_events', data: { ...base, ...article, adId: 'bench-ad', adTitle: 'Benchmark ad', adMediaFile: '/media/ad.mp4' } };
    }
    const extra = action === 'Watch Time' ? { watchSeconds: 1 + Math.floor(random() * 10) } : action === 'Quartile' ? { quartile: 25 } : {};
    return { partitionKey: 'article_events', data: { ...base, ...article, ...extra } };
  };
}

/** Events pre-rendered per kind (action, article, visitor); each request fills in ids and times. */
const TEMPLATES = 4_096;
const ID = '"@@id@@"';
const SECONDS = '"@@s@@"';
const STAMP = '"@@t@@"';

/**
 * The requests: batches of the same events as eventSource, written as JSON the cheap way. The
 * load process runs on the same two cores as the server; making each event an object and
 * stringifying it cost ~10–20 µs of its CPU, as much as the server spends on the event, so it is
 * done once for a pool of templates, and each request only splices in fresh ids and the time.
 */
export function eventRequests(traffic: EventTraffic): () => LoadRequest {
  const next = eventSource(traffic);
  const templates = Array.from({ length: TEMPLATES }, () => {
    const { partitionKey, data } = next();
    const json = JSON.stringify({ partitionKey, data: { ...data, eventId: ID, epochSeconds: SECONDS, timestamp: STAMP } })
      .replace(JSON.stringify(ID), ID)
      .replace(JSON.stringify(SECONDS), SECONDS)
      .replace(JSON.stringify(STAMP), STAMP);
    return json.split(/("@@[a-z]+@@")/);
  });
  const random = mulberry32(traffic.seed + 7);
  return () => {
    const now = Date.now();
    const fill: Record<string, string> = { [ID]: '', [SECONDS]: String(Math.floor(now / 1000)), [STAMP]: JSON.stringify(new Date(now).toISOString()) };
    const events: string[] = [];
    for (let index = 0; index < traffic.batch; index++) {
      fill[ID] = `"${randomUUID()}"`;
      events.push(templates[Math.floor(random() * TEMPLATES)]!.map((part) => fill[part] ?? part).join(''));
    }
    return { method: 'POST', path: '/v1/proxy/kinesis', body: `{"events":[${events.join(',')}]}` };
  };
}
