import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ARTICLE_PLAYS_DAYS_MAX,
  ArticleLiveTimeSchema,
  ArticlePlaysQuerySchema,
  ArticlePlaysSchema,
  DeviceInviteCountsSchema,
  EVENT_COUNTS_RANGE_MAX_DAYS,
  EventCountsQuerySchema,
  EventCountsSchema,
  MANAGE_STATISTICS_DEFAULT_DAYS,
  ManageStatisticsQuerySchema,
  ManageStatisticsSchema,
  PlaylistStatisticsQuerySchema,
  PublisherLiveTimeSchema,
  STATISTICS_RANGE_MAX_DAYS,
  StatisticsSummaryQuerySchema,
  StatisticsSummarySchema,
  apiPaths,
  adminApiPaths,
  manageApiPaths,
} from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { actingPublisherIdOf } from '../../http/access';
import { errorResponses } from '../../http/errors';
import { pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { createStatisticsQueries } from './statistics-queries';
import { checkStatisticsToken, createStatisticsService } from './statistics-service';

const FROM_ROLLUPS =
  'Read from the analytics roll-ups, which the worker keeps within a second or two of the events (GET /status shows how far behind they are).';

/**
 * Statistics (SPEC §7): the playlist statistics, opened by a key from settings rather than an
 * account, the admin's (access table: any admin), and the publisher studio's dashboard (its
 * members and admins, of their active publisher's articles).
 */
export const statisticsRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const statistics = createStatisticsService(createStatisticsQueries(deps.database.db));
  const token = deps.config.statisticsToken;
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  const playlistRoute = {
    // The key is checked before the rest of the query, so a caller without it learns nothing.
    onRequest: async (request: FastifyRequest) => {
      // The token travels in the query string (SPEC §7); the request log masks it (http/request-logs.ts).
      checkStatisticsToken(token, (request.query as { token?: unknown }).token);
    },
  };
  const playlistDescription = `\`token\` is the statistics key (the STATISTICS_TOKEN setting; outside production without it, the demo key README names); missing or wrong: 401. \`startDate\` and \`endDate\` are UTC days (YYYY-MM-DD), both included, at most ${STATISTICS_RANGE_MAX_DAYS} days apart; malformed or reversed: 400. An unknown \`externalId\`: 404. ${FROM_ROLLUPS}`;

  app.get(
    apiPaths.playlistPublisherLiveTime,
    {
      ...playlistRoute,
      schema: {
        operationId: 'playlistPublisherLiveTime',
        summary: 'Seconds of playback per publisher of a playlist’s articles, played from the playlist',
        description: playlistDescription,
        tags: ['statistics'],
        querystring: PlaylistStatisticsQuerySchema,
        response: { 200: PublisherLiveTimeSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => statistics.publisherLiveTime(request.query),
  );

  app.get(
    apiPaths.playlistArticleLiveTime,
    {
      ...playlistRoute,
      schema: {
        operationId: 'playlistArticleLiveTime',
        summary: 'Seconds of playback per article, played from the playlist',
        description: playlistDescription,
        tags: ['statistics'],
        querystring: PlaylistStatisticsQuerySchema,
        response: { 200: ArticleLiveTimeSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => statistics.articleLiveTime(request.query),
  );

  const tags = ['admin statistics'];

  app.get(
    adminApiPaths.statisticsArticlePlays,
    {
      schema: {
        operationId: 'adminArticlePlaysLastDays',
        summary: 'Plays per article over the last days, most played first',
        description: `\`days\` (1 to ${ARTICLE_PLAYS_DAYS_MAX}, default 1, SPEC §9) counts that many UTC days, today included; \`from\` and \`to\` in the answer say which. Paged like every list. ${FROM_ROLLUPS}`,
        tags,
        querystring: ArticlePlaysQuerySchema,
        response: { 200: ArticlePlaysSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => statistics.articlePlays(request.query.days, pageOf(request.query)),
  );

  app.get(
    adminApiPaths.statisticsSummary,
    {
      schema: {
        operationId: 'adminStatisticsSummary',
        summary: 'Visitors, plays, watch time, completion rate, top articles and regions, device types and actions over a range of days',
        description: `\`from\` and \`to\` are UTC days (YYYY-MM-DD), both included, at most ${STATISTICS_RANGE_MAX_DAYS} days apart; left out, the 30 days ending today. Visitors are distinct over the whole range; device types come from the visitors' records. ${FROM_ROLLUPS}`,
        tags,
        querystring: StatisticsSummaryQuerySchema,
        response: { 200: StatisticsSummarySchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => statistics.summary(request.query),
  );

  app.get(
    adminApiPaths.statisticsEvents,
    {
      schema: {
        operationId: 'adminStatisticsEvents',
        summary: 'Exact counts of the stored events per action: the live view of what arrives',
        description: `Counted from the event store itself (not the roll-ups), by each event's own time, from \`from\` (included) to \`to\` (excluded), at most ${EVENT_COUNTS_RANGE_MAX_DAYS} days; left out, the last 24 hours. \`action\` counts only that action.`,
        tags,
        querystring: EventCountsQuerySchema,
        response: { 200: EventCountsSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => statistics.eventCounts(request.query),
  );

  app.get(
    adminApiPaths.statisticsDeviceInvites,
    {
      schema: {
        operationId: 'adminStatisticsDeviceInvites',
        summary: 'Device pairing invites, by what became of them',
        description:
          'An invite is a screen that registered to be paired (POST /v1/devices). Each is counted once by where it stands: pending (its code still valid), expired (never paired), paired (in use) or removed (unpaired by its reader); `invites` is all of them.',
        tags,
        response: { 200: DeviceInviteCountsSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async () => statistics.deviceInvites(),
  );

  app.get(
    manageApiPaths.statistics,
    {
      schema: {
        operationId: 'manageStatistics',
        summary: 'The active publisher’s dashboard: visitors, plays, watch time and completion rate of its articles, per day and its top articles',
        description: `For the members and admins of the caller’s active publisher (PUT /v1/users/publisher chooses it; 403 when none is chosen); only events about that publisher’s own articles count. \`from\` and \`to\` are UTC days (YYYY-MM-DD), both included, at most ${STATISTICS_RANGE_MAX_DAYS} days apart; left out, the ${MANAGE_STATISTICS_DEFAULT_DAYS} days ending today; malformed or reversed: 400. Visitors are distinct over the whole range. ${FROM_ROLLUPS}`,
        tags: ['manage'],
        querystring: ManageStatisticsQuerySchema,
        response: { 200: ManageStatisticsSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => statistics.publisherSummary(actingPublisherIdOf(request), request.query),
  );
};
