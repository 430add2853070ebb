import { Type, type Static } from 'typebox';
import { ARTICLE_PLAYS_LAST_DAYS } from '../constants';
import { PaginationQuerySchema } from './common';

/** The longest range of days the playlist statistics and the admin summary take at once. */
export const STATISTICS_RANGE_MAX_DAYS = 366;
/** The article-plays statistic looks back at most this many days. */
export const ARTICLE_PLAYS_DAYS_MAX = 90;
/** The exact event counts read the store itself, so their range is shorter. */
export const EVENT_COUNTS_RANGE_MAX_DAYS = 31;
/** The summary's top lists hold this many entries. */
export const STATISTICS_TOP_COUNT = 10;

const Day = (description: string) => Type.String({ maxLength: 40, description: `${description}: a UTC day written YYYY-MM-DD`, examples: ['2026-11-01'] });
const DayOut = (description: string) => Type.String({ format: 'date', description });
const Seconds = (description: string) => Type.Number({ minimum: 0, description: `${description}, in seconds (to the millisecond)` });
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

// Playlist statistics (SPEC §7): for a partner who embeds a playlist, with a key rather than an account.

export const PlaylistStatisticsQuerySchema = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 256, description: 'The statistics key (the STATISTICS_TOKEN setting); missing or wrong: 401' })),
  externalId: Type.String({ minLength: 1, maxLength: 200, description: 'The playlist’s external id' }),
  startDate: Day('The first day counted'),
  endDate: Day('The last day counted (inclusive), not before startDate'),
});
export type PlaylistStatisticsQuery = Static<typeof PlaylistStatisticsQuerySchema>;

const PlaylistReportFields = {
  playlistId: Type.String({ format: 'uuid' }),
  externalId: Type.String(),
  name: Type.String(),
  startDate: DayOut('The first day counted'),
  endDate: DayOut('The last day counted (inclusive)'),
  totalSeconds: Seconds('All playback from the playlist in the range, including events that named no publisher or article'),
};

export const PublisherLiveTimeSchema = Type.Object({
  ...PlaylistReportFields,
  items: Type.Array(
    Type.Object({
      publisherId: Type.String({ format: 'uuid' }),
      publisherName: NullableText('Null when the publisher no longer exists'),
      seconds: Seconds('Playback of the publisher’s articles from the playlist'),
      plays: Count('Plays of its articles from the playlist'),
    }),
    { description: 'Most seconds first' },
  ),
});
export type PublisherLiveTime = Static<typeof PublisherLiveTimeSchema>;

export const ArticleLiveTimeSchema = Type.Object({
  ...PlaylistReportFields,
  items: Type.Array(
    Type.Object({
      articleId: Type.String({ format: 'uuid' }),
      title: NullableText('Null when the article no longer exists'),
      publisherId: NullableText('The article’s publisher'),
      publisherName: NullableText('The article’s publisher’s name'),
      seconds: Seconds('Playback of the article from the playlist'),
      plays: Count('Plays of the article from the playlist'),
    }),
    { description: 'Most seconds first' },
  ),
});
export type ArticleLiveTime = Static<typeof ArticleLiveTimeSchema>;

// Admin statistics

export const ArticlePlaysQuerySchema = Type.Object({
  days: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: ARTICLE_PLAYS_DAYS_MAX,
      default: ARTICLE_PLAYS_LAST_DAYS,
      description: `How many UTC days to count, today included (1 to ${ARTICLE_PLAYS_DAYS_MAX})`,
    }),
  ),
  ...PaginationQuerySchema.properties,
});
export type ArticlePlaysQuery = Static<typeof ArticlePlaysQuerySchema>;

const ArticleFiguresSchema = Type.Object({
  articleId: Type.String({ format: 'uuid' }),
  title: NullableText('Null when the article no longer exists'),
  publisherName: NullableText('The article’s publisher'),
  plays: Count('Plays in the range'),
  completions: Count('Plays watched to the end'),
  watchSeconds: Seconds('Time watched'),
});

export const ArticlePlaysSchema = Type.Object({
  days: Type.Integer({ minimum: 1 }),
  from: DayOut('The first day counted'),
  to: DayOut('The last day counted (today, UTC)'),
  items: Type.Array(ArticleFiguresSchema, { description: 'Articles played in the range, most plays first' }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0, description: 'Articles played in the range' }),
});
export type ArticlePlays = Static<typeof ArticlePlaysSchema>;

export const StatisticsSummaryQuerySchema = Type.Object({
  from: Type.Optional(Day('The first day counted (default: 29 days before `to`)')),
  to: Type.Optional(Day('The last day counted, inclusive (default: today)')),
});
export type StatisticsSummaryQuery = Static<typeof StatisticsSummaryQuerySchema>;

const CompletionRate = Type.Union([Type.Number({ minimum: 0 }), Type.Null()], { description: 'completions ÷ plays; null without plays' });

const DailyFiguresSchema = Type.Array(
  Type.Object({ day: DayOut('The day'), visitors: Count('Distinct visitors that day'), plays: Count('Plays'), watchSeconds: Seconds('Time watched') }),
  { description: 'Every day of the range, oldest first' },
);

export const StatisticsSummarySchema = Type.Object({
  from: DayOut('The first day counted'),
  to: DayOut('The last day counted (inclusive)'),
  visitors: Count('Distinct visitors who sent any event in the range'),
  events: Count('Events in the range'),
  plays: Count('Plays'),
  completions: Count('Plays watched to the end'),
  completionRate: CompletionRate,
  watchSeconds: Seconds('Time watched'),
  likes: Count('Likes'),
  shares: Count('Shares'),
  adImpressions: Count('Ads shown'),
  adClicks: Count('Ads clicked'),
  pollVotes: Count('Poll votes'),
  daily: DailyFiguresSchema,
  topArticles: Type.Array(Type.Object({ ...ArticleFiguresSchema.properties, visitors: Count('Distinct visitors of the article in the range') }), {
    description: `The ${STATISTICS_TOP_COUNT} most played articles`,
  }),
  topRegions: Type.Array(
    Type.Object({
      regionId: Type.Integer({ minimum: 0, description: 'The region of the reader’s address (0: Global, unknown)' }),
      code: NullableText('The region’s code'),
      name: NullableText('The region’s name'),
      visitors: Count('Distinct visitors from the region'),
      plays: Count('Plays from the region'),
      watchSeconds: Seconds('Time watched from the region'),
    }),
    { description: 'Every region readers came from in the range (at most the 22 of SPEC §3), most visitors first' },
  ),
  topPublishers: Type.Array(
    Type.Object({
      publisherId: Type.String({ format: 'uuid' }),
      name: NullableText('Null when the publisher no longer exists'),
      plays: Count('Plays of the publisher’s articles'),
      watchSeconds: Seconds('Time watched of the publisher’s articles'),
      visitors: Count('Distinct visitors who watched or read the publisher’s articles'),
    }),
    { description: `The ${STATISTICS_TOP_COUNT} publishers whose articles were played most` },
  ),
  deviceTypes: Type.Array(
    Type.Object({
      type: Type.String({ description: 'The visitor’s device type (desktop, mobile, tablet, smarttv, console, wearable, xr, embedded), or unknown when it could not be told or the visitor has no record' }),
      visitors: Count('Distinct visitors of the range on that kind of device'),
    }),
    { description: 'Most visitors first' },
  ),
  actions: Type.Array(Type.Object({ action: Type.String(), count: Count('Events with this action') }), { description: 'Every action seen in the range, most first' }),
});
export type StatisticsSummary = Static<typeof StatisticsSummarySchema>;

// The publisher studio's dashboard: the active publisher's own articles only.

/** The studio's dashboard counts this many days, today included, unless told otherwise. */
export const MANAGE_STATISTICS_DEFAULT_DAYS = 28;

export const ManageStatisticsQuerySchema = Type.Object({
  from: Type.Optional(Day(`The first day counted (default: ${MANAGE_STATISTICS_DEFAULT_DAYS - 1} days before \`to\`)`)),
  to: Type.Optional(Day('The last day counted, inclusive (default: today)')),
});
export type ManageStatisticsQuery = Static<typeof ManageStatisticsQuerySchema>;

export const ManageStatisticsSchema = Type.Object({
  from: DayOut('The first day counted'),
  to: DayOut('The last day counted (inclusive)'),
  visitors: Count('Distinct visitors who sent any event about the publisher’s articles in the range'),
  plays: Count('Plays of the publisher’s articles'),
  completions: Count('Plays watched to the end'),
  completionRate: CompletionRate,
  watchSeconds: Seconds('Time watched of the publisher’s articles'),
  daily: DailyFiguresSchema,
  topArticles: Type.Array(
    Type.Object({
      articleId: Type.String({ format: 'uuid' }),
      title: Type.String(),
      plays: Count('Plays in the range'),
      completions: Count('Plays watched to the end'),
      completionRate: CompletionRate,
      watchSeconds: Seconds('Time watched'),
      visitors: Count('Distinct visitors of the article in the range'),
    }),
    { description: `The publisher’s ${STATISTICS_TOP_COUNT} most played articles in the range, most plays first` },
  ),
});
export type ManageStatistics = Static<typeof ManageStatisticsSchema>;

export const EventCountsQuerySchema = Type.Object({
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Count only this action, e.g. Play' })),
  from: Type.Optional(
    Type.String({ maxLength: 40, description: 'Start (inclusive): an ISO 8601 time with its offset, or a UTC day YYYY-MM-DD (its midnight); default: 24 hours before `to`', examples: ['2026-11-26T00:00:00Z'] }),
  ),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'End (exclusive), written the same way; default: now', examples: ['2026-11-27'] })),
});
export type EventCountsQuery = Static<typeof EventCountsQuerySchema>;

export const EventCountsSchema = Type.Object({
  from: Type.String({ format: 'date-time' }),
  to: Type.String({ format: 'date-time' }),
  total: Count('Events in the range (of the action asked for)'),
  items: Type.Array(Type.Object({ action: Type.String(), count: Count('Events') }), { description: 'Per action, most first' }),
});
export type EventCounts = Static<typeof EventCountsSchema>;

export const DeviceInviteCountsSchema = Type.Object({
  invites: Count('Every pairing invite ever made (a screen registering to be paired)'),
  pending: Count('Waiting for a reader, their code still valid'),
  expired: Count('Never paired; their code ran out'),
  paired: Count('Paired and in use'),
  removed: Count('Paired once, since removed by their reader'),
});
export type DeviceInviteCounts = Static<typeof DeviceInviteCountsSchema>;
