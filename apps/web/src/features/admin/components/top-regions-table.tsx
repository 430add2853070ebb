import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { GLOBAL_REGION_ID, type StatisticsSummary } from '@newsreel/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { loadEnglishSection } from '../../../lib/lazy-strings';
import { useRegionOptions } from '../hooks/use-region-options';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { ShareBar } from './share-bar';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';
import { ScrollableTable } from './scrollable-table';

// Leaflet and the map's tiles load only when there are figures to draw (its zoom buttons are named in the radar's strings).
const RegionMap = lazy(async () => (await Promise.all([import('./region-map'), loadEnglishSection('radar')]))[0]);

const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;
const MAP_HEIGHT = { xs: 260, sm: 340 } as const;

/**
 * The regions readers came from (by their address), most visitors first, named in the reader's
 * language: on a map, and in a table beside it (below it on a phone) that holds the same figures
 * for the keyboard and screen readers. Readers whose region is not known (Global) are only in the table.
 */
export function TopRegionsTable({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const regions = useRegionOptions();
  const rows = summary?.topRegions ?? [];
  const most = Math.max(0, ...rows.map((row) => row.visitors));
  // Named in the reader's language when the app knows the region; else as the API names it.
  const nameOf = (row: (typeof rows)[number]) =>
    regions.options.some((option) => option.id === row.regionId) ? regions.labelOf(row.regionId) : (row.name ?? row.code ?? format.count(row.regionId));
  const points = rows.map((row) => ({
    regionId: row.regionId,
    code: row.code,
    label: nameOf(row),
    visitors: row.visitors,
    detail: t('adminStatistics.regions.mapDetail', { visitors: format.count(row.visitors), plays: format.count(row.plays), watchTime: format.watchTime(row.watchSeconds) }),
  }));
  return (
    <StatisticsSection
      id="statistics-regions"
      title={t('adminStatistics.regions.title')}
      note={rows.some((row) => row.regionId === GLOBAL_REGION_ID) ? t('adminStatistics.regions.unknownNote', { global: regions.labelOf(GLOBAL_REGION_ID) }) : undefined}
      downloadable
      csv={
        summary && {
          fileName: statisticsCsvFileName('regions', summary.from, summary.to),
          rows: () => [
            [
              t('adminStatistics.regions.region'),
              t('adminStatistics.csv.code'),
              t('adminStatistics.regions.visitors'),
              t('adminStatistics.regions.plays'),
              t('adminStatistics.csv.watchSeconds'),
            ],
            ...rows.map((row) => [nameOf(row), row.code ?? String(row.regionId), row.visitors, row.plays, row.watchSeconds]),
          ],
        }
      }
    >
      {summary === undefined ? (
        <RowsSkeleton />
      ) : rows.length === 0 ? (
        <EmptyFigures>{t('adminStatistics.empty.visitors')}</EmptyFigures>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, gap: 2, alignItems: 'start' }}>
          <Suspense fallback={<Skeleton variant="rounded" sx={{ height: MAP_HEIGHT }} />}>
            <RegionMap points={points} label={t('adminStatistics.regions.mapLabel')} />
          </Suspense>
          <ScrollableTable labelledBy="statistics-regions" sx={{ maxHeight: { md: MAP_HEIGHT.sm } }}>
            <Table size="small" stickyHeader aria-labelledby="statistics-regions">
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
                {rows.map((row) => (
                  <TableRow key={row.regionId}>
                    <TableCell sx={{ width: '45%' }}>
                      {nameOf(row)}
                      <ShareBar value={row.visitors} max={most} />
                    </TableCell>
                    <TableCell align="right">{format.count(row.visitors)}</TableCell>
                    <TableCell align="right">{format.count(row.plays)}</TableCell>
                    <TableCell align="right" sx={{ ...notOnPhones, whiteSpace: 'nowrap' }}>
                      {format.watchTime(row.watchSeconds)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollableTable>
        </Box>
      )}
    </StatisticsSection>
  );
}
