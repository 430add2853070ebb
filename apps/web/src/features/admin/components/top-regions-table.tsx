import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useRegionOptions } from '../hooks/use-region-options';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { ShareBar } from './share-bar';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';

const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The regions readers came from (by their address), most visitors first, named in the reader's language. */
export function TopRegionsTable({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const regions = useRegionOptions();
  const rows = summary?.topRegions ?? [];
  const most = Math.max(0, ...rows.map((row) => row.visitors));
  return (
    <StatisticsSection id="statistics-regions" title={t('adminStatistics.regions.title')}>
      {summary === undefined ? (
        <RowsSkeleton />
      ) : rows.length === 0 ? (
        <EmptyFigures>{t('adminStatistics.empty.visitors')}</EmptyFigures>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="statistics-regions">
            <TableHead>
              <TableRow>
                <TableCell>{t('adminStatistics.regions.region')}</TableCell>
                <TableCell align="right">{t('adminStatistics.regions.visitors')}</TableCell>
                <TableCell align="right">{t('adminStatistics.regions.plays')}</TableCell>
                <TableCell align="right" sx={notOnPhones}>
                  {t('adminStatistics.regions.watchTime')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                // Named in the reader's language when the app knows the region; else as the API names it.
                const known = regions.options.some((option) => option.id === row.regionId);
                return (
                  <TableRow key={row.regionId}>
                    <TableCell sx={{ width: '45%' }}>
                      {known ? regions.labelOf(row.regionId) : (row.name ?? row.code ?? format.count(row.regionId))}
                      <ShareBar value={row.visitors} max={most} />
                    </TableCell>
                    <TableCell align="right">{format.count(row.visitors)}</TableCell>
                    <TableCell align="right">{format.count(row.plays)}</TableCell>
                    <TableCell align="right" sx={{ ...notOnPhones, whiteSpace: 'nowrap' }}>
                      {format.watchTime(row.watchSeconds)}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </StatisticsSection>
  );
}
