import type { ArticlePlaysQuery, StatisticsSummaryQuery } from '@newsreel/contracts';

/** The statistics page's query keys, apart from the poll studio's. */
export const adminStatisticsKeys = {
  all: ['admin', 'statistics'] as const,
  summary: (query: Required<StatisticsSummaryQuery>) => [...adminStatisticsKeys.all, 'summary', query] as const,
  articlePlays: (query: ArticlePlaysQuery) => [...adminStatisticsKeys.all, 'articlePlays', query] as const,
  lastHourEvents: () => [...adminStatisticsKeys.all, 'events', 'lastHour'] as const,
  deviceInvites: () => [...adminStatisticsKeys.all, 'deviceInvites'] as const,
};
