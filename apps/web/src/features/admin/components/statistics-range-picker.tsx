import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { STATISTICS_RANGE_MAX_DAYS } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatisticsFormats } from '../hooks/use-statistics-formats';
import { RANGE_PRESETS, rangeProblemOf, summaryQueryOf, type RangePreset, type StatisticsRange } from '../lib/statistics-range';

type Choice = `${RangePreset}` | 'custom';

export interface StatisticsRangePickerProps {
  range: StatisticsRange;
  onChange: (range: StatisticsRange) => void;
}

/**
 * The range the page shows: the last 7, 30 or 90 days with one click, or two days picked in
 * date fields (applied together, once both make a range the API takes).
 */
export function StatisticsRangePicker({ range, onChange }: StatisticsRangePickerProps) {
  const { t } = useTranslation();
  const format = useStatisticsFormats();
  const shown = summaryQueryOf(range);
  const [custom, setCustom] = useState(range.kind === 'between');
  const [from, setFrom] = useState(shown.from);
  const [to, setTo] = useState(shown.to);
  const [submitted, setSubmitted] = useState(false);
  const problem = rangeProblemOf(from, to);
  const choice: Choice = custom ? 'custom' : range.kind === 'last' ? `${range.days}` : 'custom';

  const choose = (next: Choice | null) => {
    if (next === null) return;
    if (next === 'custom') {
      // The fields start at the days shown now.
      setFrom(shown.from);
      setTo(shown.to);
      setSubmitted(false);
      setCustom(true);
      return;
    }
    setCustom(false);
    onChange({ kind: 'last', days: Number(next) as RangePreset });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (problem === undefined) onChange({ kind: 'between', from, to });
  };

  const problemText = problem && t(`adminStatistics.range.problems.${problem}`, { max: format.count(STATISTICS_RANGE_MAX_DAYS) });
  return (
    <Stack spacing={1.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <ToggleButtonGroup size="small" exclusive value={choice} onChange={(_event, next: Choice | null) => choose(next)} aria-label={t('adminStatistics.range.label')}>
        {RANGE_PRESETS.map((days) => (
          <ToggleButton key={days} value={`${days}`} sx={{ flex: { xs: 1, sm: 'none' } }}>
            {t(`adminStatistics.range.last${days}`, { days: format.count(days) })}
          </ToggleButton>
        ))}
        <ToggleButton value="custom" sx={{ flex: { xs: 1, sm: 'none' } }}>
          {t('adminStatistics.range.custom')}
        </ToggleButton>
      </ToggleButtonGroup>
      {custom && (
        <Stack
          component="form"
          aria-label={t('adminStatistics.range.customLabel')}
          noValidate
          onSubmit={apply}
          direction="row"
          sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            type="date"
            label={t('adminStatistics.range.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={submitted && (problem === 'from' || problem === 'reversed' || problem === 'tooLong')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: { xs: '1 1 140px', sm: 'none' } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('adminStatistics.range.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={submitted && (problem === 'to' || problem === 'reversed' || problem === 'tooLong')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ flex: { xs: '1 1 140px', sm: 'none' } }}
          />
          <Button type="submit" variant="contained" sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}>
            {t('adminStatistics.range.apply')}
          </Button>
          {submitted && problemText && (
            <Stack role="alert" sx={{ flexBasis: '100%', color: 'error.main', typography: 'body2' }}>
              {problemText}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
