import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { StatisticsSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { statisticsCsvFileName } from './csv-download-button';
import { ShareBar } from './share-bar';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';

/** The kinds of device the range's visitors used, with each kind's share of them. */
export function DeviceTypesTable({ summary }: { summary: StatisticsSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const format = useStatisticsFormats();
  const rows = summary?.deviceTypes ?? [];
  const total = rows.reduce((sum, row) => sum + row.visitors, 0);
  const typeName = (type: string) => (i18n.exists(`adminStatistics.devices.types.${type}`) ? t(`adminStatistics.devices.types.${type}`) : type);
  return (
    <StatisticsSection
      id="statistics-devices"
      title={t('adminStatistics.devices.title')}
      downloadable
      csv={
        summary && {
          fileName: statisticsCsvFileName('devices', summary.from, summary.to),
          rows: () => [
            [t('adminStatistics.devices.type'), t('adminStatistics.csv.code'), t('adminStatistics.devices.visitors'), t('adminStatistics.devices.share')],
            ...rows.map((row) => [typeName(row.type), row.type, row.visitors, total > 0 ? row.visitors / total : 0]),
          ],
        }
      }
    >
      {summary === undefined ? (
        <RowsSkeleton rows={4} />
      ) : rows.length === 0 || total === 0 ? (
        <EmptyFigures>{t('adminStatistics.empty.visitors')}</EmptyFigures>
      ) : (
        <Table size="small" aria-labelledby="statistics-devices">
          <TableHead>
            <TableRow>
              <TableCell>{t('adminStatistics.devices.type')}</TableCell>
              <TableCell align="right">{t('adminStatistics.devices.visitors')}</TableCell>
              <TableCell align="right">{t('adminStatistics.devices.share')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.type}>
                <TableCell sx={{ width: '50%' }}>
                  {/* The types the API names (ua-parser-js's, and 'unknown') are translated; any other is shown as it comes. */}
                  {typeName(row.type)}
                  <ShareBar value={row.visitors} max={total} />
                </TableCell>
                <TableCell align="right">{format.count(row.visitors)}</TableCell>
                <TableCell align="right">{format.rate(row.visitors / total)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </StatisticsSection>
  );
}
