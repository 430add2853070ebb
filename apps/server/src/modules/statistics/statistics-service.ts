import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ARTICLE_PLAYS_LAST_DAYS,
  DAY_MS,
  EVENT_COUNTS_RANGE_MAX_DAYS,
  MANAGE_STATISTICS_DEFAULT_DAYS,
  REGIONS,
  STATISTICS_RANGE_MAX_DAYS,
  STATISTICS_TOP_COUNT,
  type ArticleLiveTime,
  type ArticlePlays,
  type DeviceInviteCounts,
  type EventCounts,
  type ManageStatistics,
  type PublisherLiveTime,
  type StatisticsSummary,
} from '@newsreel/contracts';
import { badRequest, notFound, unauthorized } from '../../http/errors';
import type { ArticleFiguresRow, DayRange, StatisticsQueries } from './statistics-queries';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SUMMARY_DEFAULT_DAYS = 30;

/** A UTC day written YYYY-MM-DD that names a real date, or a 400 naming the field. */
export function parseDay(field: string, value: string): string {
  const match = DAY.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw badRequest(`${field} must be a date written YYYY-MM-DD, e.g. 2026-11-01 (got "${value.slice(0, 40)}")`);
  }
  return value;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysIn = (range: DayRange) => Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** A checked range of days: the end not before the start, and at most STATISTICS_RANGE_MAX_DAYS long. */
function dayRange(fromField: string, from: string, toField: string, to: string): DayRange {
  const range = { from: parseDay(fromField, from), to: parseDay(toField, to) };
  if (range.to < range.from) throw badRequest(`${toField} (${range.to}) is before ${fromField} (${range.from}); give the earlier day first`);
  if (daysIn(range) > STATISTICS_RANGE_MAX_DAYS) {
    throw badRequest(`The range from ${range.from} to ${range.to} is ${daysIn(range)} days long; ask for at most ${STATISTICS_RANGE_MAX_DAYS} days at a time`);
  }
  return range;
}

/** The range a `from`/`to` query asks for: left out, `defaultDays` days ending today (or starting at `from`). */
function queriedRange(query: { from?: string; to?: string }, defaultDays: number): DayRange {
  const to = query.to ?? (query.from ? addDays(parseDay('from', query.from), defaultDays - 1) : todayUtc());
  const from = query.from ?? addDays(parseDay('to', to), 1 - defaultDays);
  return dayRange('from', from, 'to', to);
}

/** An instant written as ISO 8601 with its offset, or a UTC day (its midnight), or a 400 naming the field. */
function parseInstant(field: string, value: string): Date {
  if (DAY.test(value)) return new Date(`${parseDay(field, value)}T00:00:00Z`);
  const time = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(value) ? new Date(value) : null;
  if (!time || Number.isNaN(time.getTime())) {
    throw badRequest(`${field} must be a time such as 2026-11-26T08:00:00Z (with its offset) or a day such as 2026-11-26 (got "${value.slice(0, 40)}")`);
  }
  return time;
}

const seconds = (milliseconds: string | number) => Number(milliseconds) / 1000;
const count = (value: string | number | null | undefined) => Number(value ?? 0);

/** Every day of the range, oldest first, with the figures of the days that have any. */
function everyDay(range: DayRange, daily: { day: string; visitors: string; plays: string; watch_ms: string }[]) {
  const byDay = new Map(daily.map((row) => [row.day, row]));
  return Array.from({ length: daysIn(range) }, (_, n) => {
    const day = addDays(range.from, n);
    const row = byDay.get(day);
    return { day, visitors: count(row?.visitors), plays: count(row?.plays), watchSeconds: seconds(row?.watch_ms ?? 0) };
  });
}

function articleFigures(row: ArticleFiguresRow) {
  return {
    articleId: row.article_id,
    title: row.title,
    publisherName: row.publisher_name,
    plays: count(row.plays),
    completions: count(row.completions),
    watchSeconds: seconds(row.watch_ms),
  };
}

/** Whether `given` is the configured statistics key, compared in constant time. */
export function statisticsTokenMatches(configured: string | undefined, given: unknown): boolean {
  if (configured === undefined || typeof given !== 'string' || given === '') return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(configured), digest(given));
}

export const STATISTICS_TOKEN_REFUSAL = 'Send the statistics key as the token query parameter (the STATISTICS_TOKEN setting).';
export const STATISTICS_CLOSED_REFUSAL = 'Playlist statistics are closed on this server: it has no STATISTICS_TOKEN setting.';

/** 401 unless `given` is the statistics key; with no key configured (production without one), always 401. */
export function checkStatisticsToken(configured: string | undefined, given: unknown): void {
  if (configured === undefined) throw unauthorized(STATISTICS_CLOSED_REFUSAL);
  if (!statisticsTokenMatches(configured, given)) throw unauthorized(STATISTICS_TOKEN_REFUSAL);
}

/** The statistics of SPEC §7 (playlist statistics, the admin's), read from the roll-ups. */
export function createStatisticsService(queries: StatisticsQueries) {
  async function playlistOf(externalId: string, startDate: string, endDate: string) {
    const range = dayRange('startDate', startDate, 'endDate', endDate);
    const playlist = await queries.playlistByExternalId(externalId);
    if (!playlist) throw notFound(`No playlist has the external id "${externalId.slice(0, 200)}".`);
    const report = {
      playlistId: playlist.id,
      externalId: playlist.external_id,
      name: playlist.name,
      startDate: range.from,
      endDate: range.to,
      totalSeconds: seconds(await queries.playlistWatchMs(playlist.id, range)),
    };
    return { playlist, range, report };
  }

  return {
    async publisherLiveTime(query: { externalId: string; startDate: string; endDate: string }): Promise<PublisherLiveTime> {
      const { playlist, range, report } = await playlistOf(query.externalId, query.startDate, query.endDate);
      const rows = await queries.playlistPublishers(playlist.id, range);
      return {
        ...report,
        items: rows.map((row) => ({ publisherId: row.publisher_id, publisherName: row.publisher_name, seconds: seconds(row.watch_ms), plays: count(row.plays) })),
      };
    },

    async articleLiveTime(query: { externalId: string; startDate: string; endDate: string }): Promise<ArticleLiveTime> {
      const { playlist, range, report } = await playlistOf(query.externalId, query.startDate, query.endDate);
      const rows = await queries.playlistArticles(playlist.id, range);
      return {
        ...report,
        items: rows.map((row) => ({
          articleId: row.article_id,
          title: row.title,
          publisherId: row.publisher_id,
          publisherName: row.publisher_name,
          seconds: seconds(row.watch_ms),
          plays: count(row.plays),
        })),
      };
    },

    /** Plays per article over the last `days` UTC days, today included. */
    async articlePlays(days = ARTICLE_PLAYS_LAST_DAYS, page: { page: number; limit: number; offset: number }): Promise<ArticlePlays> {
      const to = todayUtc();
      const range = { from: addDays(to, 1 - days), to };
      const [rows, total] = await Promise.all([queries.articlesByPlays(range, page.limit, page.offset, false), queries.countPlayedArticles(range)]);
      return { days, ...range, items: rows.map(articleFigures), page: page.page, limit: page.limit, total };
    },

    async summary(query: { from?: string; to?: string }): Promise<StatisticsSummary> {
      const range = queriedRange(query, SUMMARY_DEFAULT_DAYS);
      const [totals, daily, topArticles, topRegions, topPublishers, deviceTypes, actions] = await Promise.all([
        queries.totals(range),
        queries.daily(range),
        queries.articlesByPlays(range, STATISTICS_TOP_COUNT, 0, true),
        // Every region (there are 22): the map draws them all.
        queries.topRegions(range, REGIONS.length),
        queries.topPublishers(range, STATISTICS_TOP_COUNT),
        queries.deviceTypes(range),
        queries.actions(range),
      ]);
      const plays = count(totals.plays);
      const completions = count(totals.completions);
      return {
        ...range,
        visitors: count(totals.visitors),
        events: count(totals.events),
        plays,
        completions,
        completionRate: plays > 0 ? completions / plays : null,
        watchSeconds: seconds(totals.watch_ms),
        likes: count(totals.likes),
        shares: count(totals.shares),
        adImpressions: count(totals.ad_impressions),
        adClicks: count(totals.ad_clicks),
        pollVotes: count(totals.poll_votes),
        daily: everyDay(range, daily),
        topArticles: topArticles.map((row) => ({ ...articleFigures(row), visitors: count(row.visitors) })),
        topRegions: topRegions.map((row) => {
          const region = REGIONS.find((known) => known.id === Number(row.region_id));
          return {
            regionId: Number(row.region_id),
            code: region?.code ?? null,
            name: region?.name ?? null,
            visitors: count(row.visitors),
            plays: count(row.plays),
            watchSeconds: seconds(row.watch_ms),
          };
        }),
        topPublishers: topPublishers.map((row) => ({
          publisherId: row.publisher_id,
          name: row.name,
          plays: count(row.plays),
          watchSeconds: seconds(row.watch_ms),
          visitors: count(row.visitors),
        })),
        deviceTypes: deviceTypes.map((row) => ({ type: row.type, visitors: count(row.visitors) })),
        actions: actions.map((row) => ({ action: row.action, count: count(row.count) })),
      };
    },

    /** The studio's dashboard: the summary's figures of the publisher's own articles. */
    async publisherSummary(publisherId: string, query: { from?: string; to?: string }): Promise<ManageStatistics> {
      const range = queriedRange(query, MANAGE_STATISTICS_DEFAULT_DAYS);
      const [totals, daily, topArticles] = await Promise.all([
        queries.totals(range, publisherId),
        queries.daily(range, publisherId),
        queries.articlesByPlays(range, STATISTICS_TOP_COUNT, 0, true, publisherId),
      ]);
      const plays = count(totals.plays);
      const completions = count(totals.completions);
      return {
        ...range,
        visitors: count(totals.visitors),
        plays,
        completions,
        completionRate: plays > 0 ? completions / plays : null,
        watchSeconds: seconds(totals.watch_ms),
        daily: everyDay(range, daily),
        // Its own articles only, so each has a title (a deleted article's rows are no one's).
        topArticles: topArticles.map((row) => {
          const figures = articleFigures(row);
          return {
            articleId: figures.articleId,
            title: figures.title ?? '',
            plays: figures.plays,
            completions: figures.completions,
            completionRate: figures.plays > 0 ? figures.completions / figures.plays : null,
            watchSeconds: figures.watchSeconds,
            visitors: count(row.visitors),
          };
        }),
      };
    },

    /** Exact counts by action from the store, for [from, to); at most EVENT_COUNTS_RANGE_MAX_DAYS long. */
    async eventCounts(query: { action?: string; from?: string; to?: string }): Promise<EventCounts> {
      const to = query.to === undefined ? new Date() : parseInstant('to', query.to);
      const from = query.from === undefined ? new Date(to.getTime() - DAY_MS) : parseInstant('from', query.from);
      if (from >= to) throw badRequest(`from (${from.toISOString()}) must be before to (${to.toISOString()})`);
      if (to.getTime() - from.getTime() > EVENT_COUNTS_RANGE_MAX_DAYS * DAY_MS) {
        throw badRequest(`Event counts cover at most ${EVENT_COUNTS_RANGE_MAX_DAYS} days at a time; narrow from and to`);
      }
      const rows = await queries.eventCounts(from, to, query.action);
      const items = rows.map((row) => ({ action: row.action, count: count(row.count) }));
      return { from: from.toISOString(), to: to.toISOString(), total: items.reduce((sum, item) => sum + item.count, 0), items };
    },

    async deviceInvites(): Promise<DeviceInviteCounts> {
      const row = await queries.deviceInvites();
      return { invites: count(row.invites), pending: count(row.pending), expired: count(row.expired), paired: count(row.paired), removed: count(row.removed) };
    },
  };
}
