import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { ARTICLE_PLAYS_DAYS_MAX, ARTICLE_PLAYS_LAST_DAYS } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useArticlePlays } from '../api/get-article-plays';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { articleFiguresCsv, ArticleFiguresTable } from './article-figures-table';
import { statisticsCsvFileName } from './csv-download-button';
import { ListPager } from './list-pager';
import { LoadFailed } from './load-failed';
import { EmptyFigures, RowsSkeleton, StatisticsSection } from './statistics-section';

const FIRST_PAGE_SIZE = 10;

/** Whole days from 1 to the API's most; undefined for anything else. */
function daysOf(text: string): number | undefined {
  const days = Number(text);
  return text.trim() !== '' && Number.isInteger(days) && days >= 1 && days <= ARTICLE_PLAYS_DAYS_MAX ? days : undefined;
}

/**
 * Every article played in the last N UTC days (today included), most plays first, a page at a
 * time: the list the SPEC's "article plays" statistic gives, for any N from 1 to 90.
 */
export function ArticlePlaysPanel() {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const [daysText, setDaysText] = useState(String(ARTICLE_PLAYS_LAST_DAYS));
  const [days, setDays] = useState(ARTICLE_PLAYS_LAST_DAYS);
  const [page, setPage] = useState({ page: 1, limit: FIRST_PAGE_SIZE });
  const plays = useArticlePlays({ days, ...page });
  const invalid = daysOf(daysText) === undefined;

  const changeDays = (text: string) => {
    setDaysText(text);
    const next = daysOf(text);
    if (next !== undefined && next !== days) {
      setDays(next);
      setPage((current) => ({ ...current, page: 1 }));
    }
  };

  return (
    <StatisticsSection
      id="statistics-article-plays"
      title={t('adminStatistics.articlePlays.title')}
      downloadable
      csv={
        plays.data && {
          fileName: statisticsCsvFileName(`article-plays-page-${plays.data.page}`, plays.data.from, plays.data.to),
          rows: () => articleFiguresCsv(plays.data.items, t, false),
        }
      }
      note={plays.data && t('adminStatistics.articlePlays.note', { from: format.day(plays.data.from), to: format.day(plays.data.to) })}
      action={
        <TextField
          size="small"
          type="number"
          label={t('adminStatistics.articlePlays.days')}
          value={daysText}
          onChange={(event) => changeDays(event.target.value)}
          error={invalid}
          helperText={invalid ? t('adminStatistics.articlePlays.daysProblem', { min: format.count(1), max: format.count(ARTICLE_PLAYS_DAYS_MAX) }) : undefined}
          slotProps={{ htmlInput: { min: 1, max: ARTICLE_PLAYS_DAYS_MAX, step: 1, inputMode: 'numeric' } }}
          sx={{ width: 120 }}
        />
      }
    >
      {plays.isFetching && plays.data && <LinearProgress aria-label={t('adminStatistics.loading')} sx={{ mb: 1 }} />}
      {plays.isError && !plays.data ? (
        <LoadFailed message={t('adminStatistics.articlePlays.loadFailed')} onRetry={() => void plays.refetch()} />
      ) : !plays.data ? (
        <RowsSkeleton />
      ) : plays.data.total === 0 ? (
        <EmptyFigures>{t('adminStatistics.empty.articlePlays')}</EmptyFigures>
      ) : (
        <>
          <ArticleFiguresTable articles={plays.data.items} labelledBy="statistics-article-plays" />
          <ListPager total={plays.data.total} page={plays.data.page} limit={plays.data.limit} onPage={(next, limit) => setPage({ page: next, limit })} />
        </>
      )}
    </StatisticsSection>
  );
}
