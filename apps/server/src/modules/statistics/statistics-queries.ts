import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Inclusive range of UTC days, YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

/** Sums of a range, every counter as text (bigint sums). */
export interface CounterSums {
  events: string;
  plays: string;
  watch_ms: string;
  completions: string;
  likes: string;
  shares: string;
  ad_impressions: string;
  ad_clicks: string;
  poll_votes: string;
}

export interface ArticleFiguresRow {
  article_id: string;
  title: string | null;
  publisher_name: string | null;
  plays: string;
  completions: string;
  watch_ms: string;
  visitors?: string;
}

const inRange = (range: DayRange) => sql`day between ${range.from}::date and ${range.to}::date`;

/** Rows of the 'article' dimension whose article is one of the publisher's. */
const ofPublisher = (publisherId: string) => sql`key in (select id::text from articles where publisher_id = ${publisherId})`;

/**
 * The rows (of analytics_rollups or analytics_rollup_visitors) a read counts: every event's, or,
 * given a publisher (the studio's dashboard), those of its own articles, whoever the events named
 * as the publisher.
 */
const rowsOf = (publisherId: string | undefined) => (publisherId === undefined ? sql`dimension = 'all'` : sql`dimension = 'article' and ${ofPublisher(publisherId)}`);

/** The keys of one playlist's rows in a playlist_* dimension: '<playlistId>/' up to '<playlistId>0' ('0' sorts after '/'). */
const ofPlaylist = (playlistId: string) => sql`key >= ${`${playlistId}/`} collate "C" and key < ${`${playlistId}0`} collate "C"`;

/**
 * The statistics' reads: of the roll-ups (migration 0014) for everything but the exact event
 * counts, which read the store itself, and the device invites, which read the devices.
 */
export function createStatisticsQueries(db: Kysely<Database>) {
  /** Articles with plays in the range, most first, with their titles; given a publisher, its own articles only. */
  async function articlesByPlays(range: DayRange, limit: number, offset: number, withVisitors: boolean, publisherId?: string): Promise<ArticleFiguresRow[]> {
    const visitors = withVisitors
      ? sql`, (select count(distinct v.visitor_id) from analytics_rollup_visitors v
            where v.dimension = 'article' and v.day between ${range.from}::date and ${range.to}::date and v.key = p.key)::text as visitors`
      : sql``;
    const { rows } = await sql<ArticleFiguresRow>`
      with played as (
        select key, sum(plays) as plays, sum(completions) as completions, sum(watch_ms) as watch_ms
        from analytics_rollups
        where dimension = 'article' and ${inRange(range)} ${publisherId === undefined ? sql`` : sql`and ${ofPublisher(publisherId)}`}
        group by key
        having sum(plays) > 0
        order by sum(plays) desc, key
        limit ${limit} offset ${offset}
      )
      select p.key as article_id, a.title, pub.name as publisher_name,
        p.plays::text as plays, p.completions::text as completions, p.watch_ms::text as watch_ms ${visitors}
      from played p
      left join articles a on a.id = p.key::uuid
      left join publishers pub on pub.id = a.publisher_id
      order by p.plays desc, p.key`.execute(db);
    return rows;
  }

  return {
    articlesByPlays,

    async countPlayedArticles(range: DayRange): Promise<number> {
      const { rows } = await sql<{ count: string }>`
        select count(*) as count from (
          select key from analytics_rollups where dimension = 'article' and ${inRange(range)} group by key having sum(plays) > 0
        ) played`.execute(db);
      return Number(rows[0]?.count ?? 0);
    },

    async playlistByExternalId(externalId: string) {
      return db.selectFrom('playlists').select(['id', 'external_id', 'name']).where('external_id', '=', externalId).executeTakeFirst();
    },

    /** All playback from the playlist in the range, in milliseconds. */
    async playlistWatchMs(playlistId: string, range: DayRange): Promise<number> {
      const { rows } = await sql<{ watch_ms: string | null }>`
        select sum(watch_ms)::text as watch_ms from analytics_rollups
        where dimension = 'playlist' and key = ${playlistId} and ${inRange(range)}`.execute(db);
      return Number(rows[0]?.watch_ms ?? 0);
    },

    /** Playback per publisher from the playlist, most first. */
    async playlistPublishers(playlistId: string, range: DayRange) {
      const { rows } = await sql<{ publisher_id: string; publisher_name: string | null; watch_ms: string; plays: string }>`
        with played as (
          select substr(key, 38) as publisher_id, sum(watch_ms) as watch_ms, sum(plays) as plays
          from analytics_rollups
          where dimension = 'playlist_publisher' and ${ofPlaylist(playlistId)} and ${inRange(range)}
          group by 1
        )
        select p.publisher_id, pub.name as publisher_name, p.watch_ms::text as watch_ms, p.plays::text as plays
        from played p left join publishers pub on pub.id = p.publisher_id::uuid
        order by p.watch_ms desc, p.plays desc, p.publisher_id`.execute(db);
      return rows;
    },

    /** Playback per article from the playlist, most first. */
    async playlistArticles(playlistId: string, range: DayRange) {
      const { rows } = await sql<{ article_id: string; title: string | null; publisher_id: string | null; publisher_name: string | null; watch_ms: string; plays: string }>`
        with played as (
          select substr(key, 38) as article_id, sum(watch_ms) as watch_ms, sum(plays) as plays
          from analytics_rollups
          where dimension = 'playlist_article' and ${ofPlaylist(playlistId)} and ${inRange(range)}
          group by 1
        )
        select p.article_id, a.title, a.publisher_id::text as publisher_id, pub.name as publisher_name,
          p.watch_ms::text as watch_ms, p.plays::text as plays
        from played p
        left join articles a on a.id = p.article_id::uuid
        left join publishers pub on pub.id = a.publisher_id
        order by p.watch_ms desc, p.plays desc, p.article_id`.execute(db);
      return rows;
    },

    /** The range's sums over every event (given a publisher, every event about its articles), and its distinct visitors. */
    async totals(range: DayRange, publisherId?: string): Promise<CounterSums & { visitors: string }> {
      const { rows } = await sql<CounterSums & { visitors: string }>`
        select
          coalesce(sum(events), 0)::text as events, coalesce(sum(plays), 0)::text as plays, coalesce(sum(watch_ms), 0)::text as watch_ms,
          coalesce(sum(completions), 0)::text as completions, coalesce(sum(likes), 0)::text as likes, coalesce(sum(shares), 0)::text as shares,
          coalesce(sum(ad_impressions), 0)::text as ad_impressions, coalesce(sum(ad_clicks), 0)::text as ad_clicks,
          coalesce(sum(poll_votes), 0)::text as poll_votes,
          (select count(distinct visitor_id) from analytics_rollup_visitors where ${rowsOf(publisherId)} and ${inRange(range)})::text as visitors
        from analytics_rollups
        where ${rowsOf(publisherId)} and ${inRange(range)}`.execute(db);
      return rows[0]!;
    },

    /**
     * The days of the range that had events (given a publisher, events about its articles), oldest
     * first. A day's 'all' row counts its visitors; a publisher's are counted across its articles' rows.
     */
    async daily(range: DayRange, publisherId?: string) {
      const visitors =
        publisherId === undefined
          ? sql`sum(r.visitors)`
          : sql`(select count(distinct v.visitor_id) from analytics_rollup_visitors v where ${rowsOf(publisherId)} and v.day = r.day)`;
      const { rows } = await sql<{ day: string; visitors: string; plays: string; watch_ms: string }>`
        select r.day::text as day, ${visitors}::text as visitors, sum(r.plays)::text as plays, sum(r.watch_ms)::text as watch_ms
        from analytics_rollups r
        where ${rowsOf(publisherId)} and ${inRange(range)}
        group by r.day
        order by r.day`.execute(db);
      return rows;
    },

    /** Regions by distinct visitors in the range, most first. */
    async topRegions(range: DayRange, limit: number) {
      const { rows } = await sql<{ region_id: string; visitors: string; plays: string; watch_ms: string }>`
        with figures as (
          select key, sum(plays) as plays, sum(watch_ms) as watch_ms
          from analytics_rollups where dimension = 'region' and ${inRange(range)} group by key
        ), visitors as (
          select key, count(distinct visitor_id) as visitors
          from analytics_rollup_visitors where dimension = 'region' and ${inRange(range)} group by key
        )
        select f.key as region_id, coalesce(v.visitors, 0)::text as visitors, f.plays::text as plays, f.watch_ms::text as watch_ms
        from figures f left join visitors v on v.key = f.key
        order by coalesce(v.visitors, 0) desc, f.plays desc, f.key
        limit ${limit}`.execute(db);
      return rows;
    },

    /** Publishers whose articles were played most in the range, with their distinct visitors and names. */
    async topPublishers(range: DayRange, limit: number) {
      const { rows } = await sql<{ publisher_id: string; name: string | null; plays: string; watch_ms: string; visitors: string }>`
        with played as (
          select key, sum(plays) as plays, sum(watch_ms) as watch_ms
          from analytics_rollups where dimension = 'publisher' and ${inRange(range)}
          group by key
          having sum(plays) > 0 or sum(watch_ms) > 0
          order by sum(plays) desc, sum(watch_ms) desc, key
          limit ${limit}
        )
        select p.key as publisher_id, pub.name, p.plays::text as plays, p.watch_ms::text as watch_ms,
          (select count(distinct v.visitor_id) from analytics_rollup_visitors v
            where v.dimension = 'publisher' and v.day between ${range.from}::date and ${range.to}::date and v.key = p.key)::text as visitors
        from played p
        left join publishers pub on pub.id = p.key::uuid
        order by p.plays desc, p.watch_ms desc, p.key`.execute(db);
      return rows;
    },

    /** The range's distinct visitors by the device type their visitor record holds (migration 0015). */
    async deviceTypes(range: DayRange) {
      const { rows } = await sql<{ type: string; visitors: string }>`
        select coalesce(v.device->>'type', 'unknown') as type, count(*)::text as visitors
        from (select distinct visitor_id from analytics_rollup_visitors where dimension = 'all' and ${inRange(range)}) seen
        left join visitors v on v.id = seen.visitor_id
        group by 1
        order by count(*) desc, 1`.execute(db);
      return rows;
    },

    /** Events per action in the range, from the roll-ups. */
    async actions(range: DayRange) {
      const { rows } = await sql<{ action: string; count: string }>`
        select key as action, sum(events)::text as count
        from analytics_rollups where dimension = 'action' and ${inRange(range)}
        group by key
        order by sum(events) desc, key`.execute(db);
      return rows;
    },

    /** Exact counts per action of the events in the store whose time is in [from, to). */
    async eventCounts(from: Date, to: Date, action: string | undefined) {
      const { rows } = await sql<{ action: string; count: string }>`
        select action, count(*)::text as count
        from analytics_events
        where event_time >= ${from} and event_time < ${to} ${action === undefined ? sql`` : sql`and action = ${action}`}
        group by action
        order by count(*) desc, action`.execute(db);
      return rows;
    },

    /**
     * Pairing invites (migration 0004) by what became of them. Expired ones that the devices' job
     * deleted are counted from its tally (migration 0020), read in the same statement.
     */
    async deviceInvites() {
      const { rows } = await sql<{ invites: string; pending: string; expired: string; paired: string; removed: string }>`
        with deleted as (select coalesce(sum(invites), 0) as n from expired_device_invites_deleted)
        select
          (count(*) + (select n from deleted))::text as invites,
          count(*) filter (where owner_actor_id is null and removed_at is null and expires_at > now())::text as pending,
          (count(*) filter (where owner_actor_id is null and removed_at is null and expires_at <= now()) + (select n from deleted))::text as expired,
          count(*) filter (where owner_actor_id is not null and removed_at is null)::text as paired,
          count(*) filter (where removed_at is not null)::text as removed
        from devices`.execute(db);
      return rows[0]!;
    },
  };
}

export type StatisticsQueries = ReturnType<typeof createStatisticsQueries>;
