import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/db/schema';
import type { PartitionKey, StoredEventInput } from '../src/modules/analytics/event-store';
import { VISITOR_ID_MAX_LENGTH, WATCH_SECONDS_MAX } from '../src/modules/analytics/rollups';

/** One roll-up row, every figure as text (bigint), in a form two reads can be compared by. */
export interface RollupRow {
  dimension: string;
  key: string;
  day: string;
  events: string;
  visitors: string;
  plays: string;
  watch_ms: string;
  completions: string;
  likes: string;
  shares: string;
  ad_impressions: string;
  ad_clicks: string;
  poll_votes: string;
}

/** What analytics_rollups holds, in one fixed order. */
export async function readRollups(db: Kysely<Database>): Promise<RollupRow[]> {
  const { rows } = await sql<RollupRow>`
    select dimension, key, day::text as day, events::text, visitors::text, plays::text, watch_ms::text, completions::text,
      likes::text, shares::text, ad_impressions::text, ad_clicks::text, poll_votes::text
    from analytics_rollups
    order by dimension, day, key collate "C"`.execute(db);
  return rows;
}

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The roll-ups as they should be: counted afresh from every event in analytics_events, in SQL of
 * its own (not the applier's code), by the rules migration 0014 states. Equal to readRollups()
 * once the applier has caught up, whatever chunks, workers, failures and retries it took.
 */
export async function recountRollups(db: Kysely<Database>): Promise<RollupRow[]> {
  const uuidField = (name: string) => sql`case when data->>${name} ~* ${UUID} then lower(data->>${name}) end`;
  const { rows } = await sql<RollupRow>`
    with e as (
      select
        (event_time at time zone 'UTC')::date as day,
        action,
        case when char_length(visitor_id) <= ${VISITOR_ID_MAX_LENGTH} then visitor_id end as visitor_id,
        region_id::text as region,
        ${uuidField('articleId')} as article,
        ${uuidField('publisherId')} as publisher,
        ${uuidField('playlistId')} as playlist,
        ${uuidField('pollId')} as poll,
        ${uuidField('pollQuestionId')} as question,
        ${uuidField('pollAnswerId')} as answer,
        case jsonb_typeof(data->'adId')
          when 'string' then case when char_length(data->>'adId') between 1 and 100 then data->>'adId' end
          when 'number' then case when (data->>'adId')::numeric = trunc((data->>'adId')::numeric)
            and abs((data->>'adId')::numeric) <= 9007199254740991 then ((data->>'adId')::numeric)::bigint::text end
        end as ad,
        case when action = 'Watch Time' and jsonb_typeof(data->'watchSeconds') = 'number'
          then round(least(greatest((data->>'watchSeconds')::numeric, 0), ${WATCH_SECONDS_MAX}) * 1000)::bigint else 0 end as watch_ms
      from analytics_events
    ), keyed as (
      select e.*, k.dimension, k.key
      from e cross join lateral (values
        ('all', ''), ('action', e.action), ('region', e.region), ('article', e.article), ('publisher', e.publisher),
        ('playlist', e.playlist), ('playlist_article', e.playlist || '/' || e.article),
        ('playlist_publisher', e.playlist || '/' || e.publisher), ('ad', e.ad),
        ('poll_answer', e.poll || '/' || e.question || '/' || e.answer)) as k(dimension, key)
      where k.key is not null
    )
    select dimension, key collate "C" as key, day::text as day,
      count(*)::text as events,
      (case when dimension = 'action' then 0 else count(distinct visitor_id) end)::text as visitors,
      count(*) filter (where action = 'Play')::text as plays,
      sum(watch_ms)::bigint::text as watch_ms,
      count(*) filter (where action = 'Complete')::text as completions,
      count(*) filter (where action = 'Like')::text as likes,
      count(*) filter (where action = 'Share')::text as shares,
      count(*) filter (where action = 'Ad Impression')::text as ad_impressions,
      count(*) filter (where action = 'Ad Click')::text as ad_clicks,
      count(*) filter (where action = 'Poll Vote')::text as poll_votes
    from keyed
    group by dimension, key, day
    order by dimension, day, key collate "C"`.execute(db);
  return rows;
}

export interface TrafficIds {
  articles: { id: string; publisherId: string }[];
  playlists: string[];
  polls?: { pollId: string; questionId: string; answerIds: string[] }[];
}

const ACTIONS = ['Page View', 'Play', 'Pause', 'Watch Time', 'Watch Time', 'Watch Time', 'Quartile', 'Complete', 'Like', 'Share', 'Ad Impression', 'Ad Click', 'Poll Vote', 'Search'] as const;

/**
 * `count` varied events from `visitors` visitors over the last `days` days, drawn from `roll` (a
 * seeded generator, so a failing run can be repeated), with a few malformed fields among them.
 */
export function trafficEvents(roll: () => number, ids: TrafficIds, count: number, options: { visitors?: number; days?: number; now?: Date } = {}): StoredEventInput[] {
  const { visitors = 40, days = 3, now = new Date() } = options;
  const pick = <T>(items: readonly T[]) => items[Math.floor(roll() * items.length)]!;
  return Array.from({ length: count }, () => {
    const action = pick(ACTIONS);
    const article = pick(ids.articles);
    const visitorId = `visitor-${Math.floor(roll() * visitors)}`;
    const data: Record<string, unknown> = { action, visitorId };
    let partitionKey: PartitionKey = 'app_events';
    if (action !== 'Search' && action !== 'Poll Vote') {
      partitionKey = 'article_events';
      Object.assign(data, { articleId: article.id, publisherId: article.publisherId, articleTitle: 'A title' });
      if (roll() < 0.5) data.playlistId = pick(ids.playlists);
    }
    if (action === 'Watch Time') data.watchSeconds = roll() < 0.05 ? pick(['ten', null, -3, 1e6]) : Math.round(roll() * 1000) / 100;
    if (action === 'Ad Impression' || action === 'Ad Click') {
      partitionKey = 'ad_events';
      data.adId = pick(['ad-1', 'ad-2', 7]);
    }
    if (action === 'Poll Vote' && ids.polls?.length) {
      const poll = pick(ids.polls);
      Object.assign(data, { pollId: poll.pollId, pollQuestionId: poll.questionId, pollAnswerId: pick(poll.answerIds) });
    }
    // Now and then a malformed id, which counts in no article row.
    if (roll() < 0.03) data.articleId = 'not-an-id';
    return {
      eventId: randomUUID(),
      eventTime: new Date(now.getTime() - Math.floor(roll() * days * 86_400_000)),
      partitionKey,
      action,
      visitorId,
      regionId: Math.floor(roll() * 5),
      data,
    };
  });
}
