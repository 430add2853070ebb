import Button from '@mui/material/Button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { useTranslation } from 'react-i18next';
import { csvText, downloadText } from '../lib/results-csv';

/** A panel's figures as a CSV file: its name, and its rows (headings first) made when asked for. */
export interface PanelCsv {
  fileName: string;
  rows: () => (string | number)[][];
}

/** A statistics file's name: the panel and the days it covers, e.g. statistics-regions-2026-11-01-2026-11-30.csv. */
export function statisticsCsvFileName(panel: string, from: string, to: string): string {
  return `statistics-${panel}-${from}-${to}.csv`;
}

/**
 * "CSV" beside a panel's heading: downloads the panel's figures as they are shown, in plain
 * numbers a spreadsheet reads (watch time in seconds), with headings in the reader's language.
 * Disabled until the figures have loaded.
 */
export function CsvDownloadButton({ csv, title }: { csv: PanelCsv | undefined; title: string }) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant="text"
      startIcon={<FileDownloadOutlined aria-hidden />}
      disabled={csv === undefined}
      aria-label={t('adminStatistics.csv.label', { title })}
      onClick={() => csv && downloadText(csvText(csv.rows()), csv.fileName)}
      sx={{ minWidth: 0, flexShrink: 0 }}
    >
      {t('adminStatistics.csv.button')}
    </Button>
  );
}
