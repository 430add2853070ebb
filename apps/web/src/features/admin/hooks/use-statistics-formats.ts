import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { formatDay, formatRate, formatWatchTime } from '../lib/statistics-format';

/** The statistics page's numbers, durations and days, in the reader's language and digits. */
export function useStatisticsFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(
    () => ({
      language,
      count: (value: number) => formatNumber(value, language),
      rate: (value: number | null) => (value === null ? '—' : formatRate(value, language)),
      watchTime: (seconds: number) => formatWatchTime(seconds, language),
      day: (day: string) => formatDay(day, language),
      shortDay: (day: string) => formatDay(day, language, 'short'),
    }),
    [language],
  );
}
