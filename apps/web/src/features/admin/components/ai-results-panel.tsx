import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { AI_RESULT_TYPES, type AiResultStatistics, type StatisticsSummaryQuery } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { adminPaths } from '../admin-paths';
import { useAiResultStatistics } from '../api/ai-results';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { LoadFailed } from './load-failed';
import { EmptyFigures, StatisticsSection } from './statistics-section';
import { ScrollableTable } from './scrollable-table';

/** The highest day's bar is this tall. */
const BAR_HEIGHT = 64;

/**
 * The AI's results in the statistics page's range: how many of each type and by day, how often
 * nothing was found, how long they took (median and 95th percentile) and which provider made them.
 */
export function AiResultsPanel({ query }: { query: Required<StatisticsSummaryQuery> }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const statistics = useAiResultStatistics(query);
  const data = statistics.data;
  const ms = (value: number | null) => (value === null ? '—' : t('adminAi.ms', { ms: format.count(Math.round(value)) }));
  return (
    <StatisticsSection
      id="statistics-ai-results"
      title={t('adminAi.statistics.title')}
      note={
        <>
          {t('adminAi.statistics.note')}{' '}
          <Link component={RouterLink} to={adminPaths.aiResults.href()} underline="always">
            {t('adminAi.statistics.open')}
          </Link>
        </>
      }
      downloadable
      csv={
        data && {
          fileName: statisticsCsvFileName('ai-results', data.from, data.to),
          rows: () => [[t('adminAi.statistics.day'), t('adminAi.statistics.total'), ...AI_RESULT_TYPES.map((type) => t(`adminAi.type.${type}`))], ...data.byDay.map((day) => [day.day, day.total, ...AI_RESULT_TYPES.map((type) => day.counts[type])])],
        }
      }
    >
      {statistics.isError && !data ? (
        <LoadFailed message={t('adminAi.statistics.loadFailed')} onRetry={() => void statistics.refetch()} />
      ) : (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(min(130px, 100%), 1fr))', gap: 1.5, m: 0, mb: 2 }}>
            {(
              [
                ['total', data && format.count(data.total)],
                ['notFoundRate', data && format.rate(data.notFoundRate)],
                ['median', data && ms(data.medianMs)],
                ['p95', data && ms(data.p95Ms)],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} sx={{ minWidth: 0 }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(`adminAi.statistics.${key}`)}
                </Typography>
                <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: key === 'total' ? 800 : 600 }}>
                  {value ?? <Skeleton width="50%" />}
                </Typography>
              </Box>
            ))}
          </Box>
          {data && data.total === 0 ? (
            <EmptyFigures>{t('adminAi.statistics.empty')}</EmptyFigures>
          ) : (
            data && (
              <>
                <DayBars data={data} />
                <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mt: 2 }}>
                  <ScrollableTable label={t('adminAi.statistics.byType')}>
                    <Table size="small" aria-label={t('adminAi.statistics.byType')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('adminAi.columns.type')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.total')}</TableCell>
                          <TableCell align="right">{t('adminAi.found.notFound')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.median')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.p95')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {data.byType.map((row) => (
                          <TableRow key={row.type}>
                            <TableCell>{t(`adminAi.type.${row.type}`)}</TableCell>
                            <TableCell align="right">{format.count(row.count)}</TableCell>
                            <TableCell align="right">{format.count(row.notFound)}</TableCell>
                            <TableCell align="right">{ms(row.medianMs)}</TableCell>
                            <TableCell align="right">{ms(row.p95Ms)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </ScrollableTable>
                  <ScrollableTable label={t('adminAi.statistics.byProvider')}>
                    <Table size="small" aria-label={t('adminAi.statistics.byProvider')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('adminAi.columns.provider')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.total')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.median')}</TableCell>
                          <TableCell align="right">{t('adminAi.statistics.p95')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {data.byProvider.map((row) => (
                          <TableRow key={row.provider}>
                            <TableCell>
                              <code dir="ltr">{row.provider}</code>
                            </TableCell>
                            <TableCell align="right">{format.count(row.count)}</TableCell>
                            <TableCell align="right">{ms(row.medianMs)}</TableCell>
                            <TableCell align="right">{ms(row.p95Ms)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </ScrollableTable>
                </Box>
              </>
            )
          )}
        </>
      )}
    </StatisticsSection>
  );
}

/** Results by day as bars, each named for screen readers by its day and count. */
function DayBars({ data }: { data: AiResultStatistics }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const highest = Math.max(1, ...data.byDay.map((day) => day.total));
  return (
    <Box
      role="list"
      aria-label={t('adminAi.statistics.byDay')}
      sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: BAR_HEIGHT, borderBottom: 1, borderColor: 'divider' }}
    >
      {data.byDay.map((day) => {
        const label = t('adminAi.statistics.dayBar', { day: format.day(day.day), total: format.count(day.total) });
        return (
          <Box
            key={day.day}
            role="listitem"
            aria-label={label}
            title={label}
            sx={{ flex: '1 1 0', minWidth: 0, height: `${Math.max(day.total === 0 ? 0 : 4, (day.total / highest) * BAR_HEIGHT)}px`, bgcolor: 'primary.main', borderRadius: '2px 2px 0 0' }}
          />
        );
      })}
    </Box>
  );
}
