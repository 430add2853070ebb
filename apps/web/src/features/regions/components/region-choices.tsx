import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useRegions } from '../api/get-regions';
import { RegionChecklist } from './region-checklist';

/** The region list, a spinner while it loads, and a note when the standard list stands in for the API's. */
export function RegionChoices({
  selected,
  onChange,
  describedBy,
}: {
  selected: readonly number[];
  onChange: (regionIds: number[]) => void;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  const { regions, isLoading, isFallback } = useRegions();
  if (isLoading) {
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }} role="status">
        <CircularProgress size={20} aria-hidden />
        <Typography color="text.secondary">{t('regionChooser.loading')}</Typography>
      </Stack>
    );
  }
  return (
    <>
      {isFallback && (
        <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
          {t('regionChooser.loadFailed')}
        </Typography>
      )}
      <RegionChecklist regions={regions} selected={selected} onChange={onChange} describedBy={describedBy} />
      {selected.length === 0 && (
        <Typography color="text.secondary" variant="body2" sx={{ mt: 1 }} role="status">
          {t('regionChooser.noneChosen')}
        </Typography>
      )}
    </>
  );
}
