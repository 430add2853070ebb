import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useStatisticsSummary } from '../api/get-statistics-summary';
import { articleFiguresCsv, ArticleFiguresTable } from '../components/article-figures-table';
import { AiResultsPanel } from '../components/ai-results-panel';
import { ArticlePlaysPanel } from '../components/article-plays-panel';
import { statisticsCsvFileName } from '../components/csv-download-button';
import { DailyChart } from '../components/daily-chart';
import { DeviceInvitesPanel } from '../components/device-invites-panel';
import { DeviceTypesTable } from '../components/device-types-table';
import { EventsByActionPanel } from '../components/events-by-action-panel';
import { HeadlineFigures } from '../components/headline-figures';
import { LoadFailed } from '../components/load-failed';
import { StatisticsRangePicker } from '../components/statistics-range-picker';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from '../components/statistics-section';
import { TopPublishersTable } from '../components/top-publishers-table';
import { TopRegionsTable } from '../components/top-regions-table';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { parseStatisticsRange, statisticsRangeSearch, summaryQueryOf, type StatisticsRange } from '../lib/statistics-range';

/** Two panels side by side from the medium breakpoint, one above the other on smaller screens. */
const pairSx = { display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2.5 } as const;

/**
 * `/admin/statistics`, the console's first page: the platform's figures over a range of days the
 * URL keeps (so a link shows the same range), read from the analytics roll-ups (the regions on a
 * map, the top articles and publishers; each panel's figures download as CSV); the events of
 * the last hour, live, from the event store; the device invites; and the article plays of the
 * last days. Each panel loads, fails and is retried on its own; while a new range loads, the
 * previous one stays on screen under a progress bar.
 */
export function StatisticsPage() {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const [search, setSearch] = useSearchParams();
  const range = parseStatisticsRange(search);
  const query = summaryQueryOf(range);
  const summary = useStatisticsSummary(query);
  const changeRange = (next: StatisticsRange) => setSearch(statisticsRangeSearch(next), { replace: true });
  // Shown only once it has loaded, so a failed first read leaves skeletons rather than zeros.
  const data = summary.data;

  return (
    <Stack spacing={2.5}>
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
              {t('adminStatistics.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {t('adminStatistics.range.shown', { from: format.day(query.from), to: format.day(query.to) })}
            </Typography>
          </Box>
          <StatisticsRangePicker range={range} onChange={changeRange} />
        </Stack>
        {/* Its place is kept, so the page does not move when a range starts loading. */}
        <Box sx={{ height: 4, mt: 1.5 }}>{summary.isFetching && <LinearProgress aria-label={t('adminStatistics.loading')} />}</Box>
      </Box>
      {summary.isError && (
        <LoadFailed message={data ? t('adminStatistics.refreshFailed') : t('adminStatistics.loadFailed')} onRetry={() => void summary.refetch()} />
      )}
      <HeadlineFigures summary={data} />
      <DailyChart summary={data} />
      <StatisticsSection
        id="statistics-top-articles"
        title={t('adminStatistics.topArticles.title')}
        downloadable
        csv={data && { fileName: statisticsCsvFileName('top-articles', data.from, data.to), rows: () => articleFiguresCsv(data.topArticles, t, true) }}
      >
        {data === undefined ? (
          <RowsSkeleton />
        ) : data.topArticles.length === 0 ? (
          <EmptyFigures>{t('adminStatistics.empty.plays')}</EmptyFigures>
        ) : (
          <ArticleFiguresTable articles={data.topArticles} labelledBy="statistics-top-articles" withVisitors />
        )}
      </StatisticsSection>
      <TopRegionsTable summary={data} />
      <Box sx={pairSx}>
        <TopPublishersTable summary={data} />
        <DeviceTypesTable summary={data} />
      </Box>
      <Box sx={pairSx}>
        <EventsByActionPanel summary={data} />
        <DeviceInvitesPanel />
      </Box>
      <ArticlePlaysPanel />
      <AiResultsPanel query={query} />
    </Stack>
  );
}
