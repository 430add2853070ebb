import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ManageStatistics } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DailyChart } from '../../admin/components/daily-chart';
import { FigureTiles, type Figure } from '../../admin/components/headline-figures';
import { LoadFailed } from '../../admin/components/load-failed';
import { ScrollableTable } from '../../admin/components/scrollable-table';
import { StatisticsRangePicker } from '../../admin/components/statistics-range-picker';
import { RowsSkeleton, StatisticsSection } from '../../admin/components/statistics-section';
import { useStatisticsFormats } from '../../admin/hooks/use-statistics-formats';
import { parseStatisticsRange, statisticsRangeSearch, summaryQueryOf, type StatisticsRange } from '../../admin/lib/statistics-range';
import { useStudioStatistics } from '../api/studio-statistics';
import { managePaths } from '../manage-paths';

/** The headline figures, as tiles (named as the admin statistics name them). */
const figures: Figure<ManageStatistics>[] = [
  { key: 'plays', valueOf: (data, format) => format.count(data.plays) },
  { key: 'watchTime', valueOf: (data, format) => format.watchTime(data.watchSeconds) },
  { key: 'visitors', valueOf: (data, format) => format.count(data.visitors) },
  { key: 'completionRate', valueOf: (data, format) => format.rate(data.completionRate) },
];

/** From the small breakpoint: a phone keeps the article, its plays and its watch time. */
const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

function TopArticles({ data }: { data: ManageStatistics | undefined }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const id = 'studio-top-articles';
  return (
    <StatisticsSection id={id} title={t('manage.dashboard.topArticles.title')} note={t('manage.dashboard.topArticles.note')}>
      {data === undefined ? (
        <RowsSkeleton />
      ) : (
        <ScrollableTable labelledBy={id}>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>{t('adminStatistics.articles.article')}</TableCell>
                <TableCell align="right">{t('adminStatistics.figures.plays')}</TableCell>
                <TableCell align="right">{t('adminStatistics.figures.watchTime')}</TableCell>
                <TableCell align="right" sx={notOnPhones}>
                  {t('adminStatistics.figures.completionRate')}
                </TableCell>
                <TableCell align="right" sx={notOnPhones}>
                  {t('adminStatistics.figures.visitors')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.topArticles.map((article) => (
                <TableRow key={article.articleId}>
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>
                    {/* Titles keep their own direction (an English title on an Arabic page). */}
                    <Link component={RouterLink} to={managePaths.article.href(article.articleId)} dir="auto" color="inherit" underline="hover">
                      {article.title}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{format.count(article.plays)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {format.watchTime(article.watchSeconds)}
                  </TableCell>
                  <TableCell align="right" sx={notOnPhones}>
                    {format.rate(article.completionRate)}
                  </TableCell>
                  <TableCell align="right" sx={notOnPhones}>
                    {format.count(article.visitors)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
    </StatisticsSection>
  );
}

/** What the dashboard says before any of the publisher's articles has been played in the range. */
function NoPlaysYet() {
  const { t } = useTranslation();
  return (
    <Paper component="section" aria-labelledby="studio-no-plays" variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start', maxWidth: 640 }}>
        <Typography id="studio-no-plays" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('manage.dashboard.empty.title')}
        </Typography>
        <Typography color="text.secondary">{t('manage.dashboard.empty.body')}</Typography>
        <Button component={RouterLink} to={managePaths.articles.href()} variant="contained">
          {t('manage.dashboard.empty.action')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * `/manage`, the studio's first page: how the active publisher's articles are watched over a
 * range of days the URL keeps (the last 7, 30 or 90 days, or two days picked): plays, watch time,
 * visitors and completion rate as cards, per day as a chart (with its table), and the most played
 * articles, each opening in the editor. Read from the analytics roll-ups; while a new range loads,
 * the previous one stays on screen under a progress bar.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const [search, setSearch] = useSearchParams();
  const range = parseStatisticsRange(search);
  const query = summaryQueryOf(range);
  const statistics = useStudioStatistics(query);
  const changeRange = (next: StatisticsRange) => setSearch(statisticsRangeSearch(next), { replace: true });
  const data = statistics.data;
  const played = data === undefined || data.plays > 0 || data.watchSeconds > 0;

  return (
    <Stack spacing={2.5}>
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
              {t('manage.dashboard.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 640 }}>
              {t('manage.dashboard.intro')}
            </Typography>
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mt: 0.5 }}>
              {t('adminStatistics.range.shown', { from: format.day(query.from), to: format.day(query.to) })}
            </Typography>
          </Box>
          <StatisticsRangePicker range={range} onChange={changeRange} />
        </Stack>
        {/* Its place is kept, so the page does not move when a range starts loading. */}
        <Box sx={{ height: 4, mt: 1.5 }}>{statistics.isFetching && <LinearProgress aria-label={t('manage.dashboard.loading')} />}</Box>
      </Box>
      {statistics.isError && (
        <LoadFailed message={data ? t('manage.dashboard.refreshFailed') : t('manage.dashboard.loadFailed')} onRetry={() => void statistics.refetch()} />
      )}
      {played ? (
        <>
          <FigureTiles data={data} figures={figures} label={t('manage.dashboard.figures.label')} />
          <DailyChart summary={data} />
          <TopArticles data={data} />
        </>
      ) : (
        <NoPlaysYet />
      )}
    </Stack>
  );
}
