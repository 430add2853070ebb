import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import { BarPlot } from '@mui/x-charts/BarChart';
import { ChartsContainer } from '@mui/x-charts/ChartsContainer';
import { ChartsXAxis } from '@mui/x-charts/ChartsXAxis';
import { ChartsYAxis } from '@mui/x-charts/ChartsYAxis';
import type { AdminPoll, QuestionCounts } from '@newsreel/contracts';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { PRIMARY_YELLOW } from '../../../app/theme/tokens';
import { formatNumber } from '../../../lib/format';
import { usePollResults } from '../api/get-poll-results';
import { useRegionOptions } from '../hooks/use-region-options';
import { csvFileName, downloadText, resultsCsv } from '../lib/results-csv';
import { EnumSelect } from './enum-select';
import { LoadFailed } from './load-failed';

function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return {
    count: (value: number) => formatNumber(value, language),
    // The API's percentages are 0–100, to one decimal place.
    percent: (value: number) => formatNumber(value / 100, language, { style: 'percent', maximumFractionDigits: 1 }),
  };
}

/** One question's answers: a bar chart of their counts, and the same figures as a table (which screen readers read). */
function QuestionResults({ question, number }: { question: QuestionCounts; number: number }) {
  const { t } = useTranslation();
  const format = useFormats();
  const headingId = `results-question-${question.pollQuestionId}`;
  const labels = question.answers.map((answer) => answer.label);
  const percentages = question.answers.map((answer) => answer.percentage);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {/* The question in its own direction (an English question in an Arabic heading). */}
        <Trans i18nKey="adminPolls.results.questionHeading" values={{ number, label: question.label }} components={{ bdi: <bdi /> }} />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('adminPolls.results.votes', { total: format.count(question.total) })}
      </Typography>
      {question.answers.length > 0 && (
        <Box inert sx={{ direction: 'ltr' }}>
          {/* The chart's parts, without its tooltip and toolbar: the table below says the same to everyone. */}
          <ChartsContainer
            height={Math.max(140, 48 * question.answers.length + 50)}
            margin={{ right: 48 }}
            yAxis={[{ scaleType: 'band', data: labels, width: 110 }]}
            xAxis={[{ tickMinStep: 1, valueFormatter: (value: number) => format.count(value) }]}
            series={[
              {
                type: 'bar',
                layout: 'horizontal',
                data: question.answers.map((answer) => answer.count),
                color: PRIMARY_YELLOW,
                // No label on an empty bar, where it would sit on the answer's name.
                barLabel: (item) => (item.value ? format.percent(percentages[item.dataIndex] ?? 0) : null),
                barLabelPlacement: 'outside',
              },
            ]}
          >
            <BarPlot />
            <ChartsXAxis />
            <ChartsYAxis />
          </ChartsContainer>
        </Box>
      )}
      <Table size="small" aria-labelledby={headingId}>
        <TableHead>
          <TableRow>
            <TableCell>{t('adminPolls.results.answer')}</TableCell>
            <TableCell align="right">{t('adminPolls.results.count')}</TableCell>
            <TableCell align="right">{t('adminPolls.results.percentage')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {question.answers.map((answer) => (
            <TableRow key={answer.pollAnswerId}>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{answer.label}</TableCell>
              <TableCell align="right">{format.count(answer.count)}</TableCell>
              <TableCell align="right">{format.percent(answer.percentage)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

/** The poll's results: a chart per question, for everyone or one region; votes by region; a CSV of it all. */
export function ResultsPanel({ poll }: { poll: AdminPoll }) {
  const { t } = useTranslation();
  const format = useFormats();
  const regions = useRegionOptions();
  const [regionId, setRegionId] = useState<number | undefined>(undefined);
  const results = usePollResults(poll.id, regionId);
  const regionLabel = regionId === undefined ? t('adminPolls.results.allRegions') : regions.labelOf(regionId);

  const exportCsv = () => {
    if (!results.data) return;
    const csv = resultsCsv(results.data, regionLabel, {
      question: t('adminPolls.results.csv.question'),
      answer: t('adminPolls.results.csv.answer'),
      count: t('adminPolls.results.csv.count'),
      percentage: t('adminPolls.results.csv.percentage'),
      region: t('adminPolls.results.csv.region'),
    });
    downloadText(csv, csvFileName(poll.name, regions.options.find((region) => region.id === regionId)?.code));
  };

  const byRegion = [...(results.data?.byRegion ?? [])].sort((a, b) => b.total - a.total);
  return (
    <Stack spacing={2.5}>
      <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <EnumSelect
          size="small"
          label={t('adminPolls.results.region')}
          value={regionId ?? ''}
          options={regions.options.map((region) => region.id)}
          labelOf={regions.labelOf}
          emptyLabel={t('adminPolls.results.allRegions')}
          onChange={(value) => setRegionId(value === '' ? undefined : value)}
          sx={{ minWidth: 220 }}
        />
        <Button variant="outlined" startIcon={<DownloadRounded aria-hidden />} onClick={exportCsv} disabled={!results.data}>
          {t('adminPolls.results.export')}
        </Button>
      </Stack>
      {results.isFetching && <LinearProgress aria-label={t('adminPolls.loading')} />}
      {results.isError && !results.data && (
        <LoadFailed message={t('adminPolls.results.loadFailed')} onRetry={() => void results.refetch()} />
      )}
      {results.data && (
        <>
          {results.data.questions.length === 0 && <Typography color="text.secondary">{t('adminPolls.results.noQuestions')}</Typography>}
          {results.data.questions.map((question, index) => (
            <QuestionResults key={question.pollQuestionId} question={question} number={index + 1} />
          ))}
          <Paper component="section" aria-labelledby="results-by-region" variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 }, borderRadius: 3 }}>
            <Typography id="results-by-region" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
              {t('adminPolls.results.byRegion')}
            </Typography>
            {byRegion.length === 0 ? (
              <Typography color="text.secondary">{t('adminPolls.results.noVotes')}</Typography>
            ) : (
              <Table size="small" aria-labelledby="results-by-region">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('adminPolls.results.regionColumn')}</TableCell>
                    <TableCell align="right">{t('adminPolls.results.votesColumn')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {byRegion.map((row) => (
                    <TableRow key={row.regionId} selected={row.regionId === regionId}>
                      <TableCell>{regions.labelOf(row.regionId)}</TableCell>
                      <TableCell align="right">{format.count(row.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </Paper>
        </>
      )}
    </Stack>
  );
}
