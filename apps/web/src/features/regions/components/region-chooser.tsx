import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, normaliseRegionIds, useAppDispatch, useAppSelector } from '../../../app/state';
import { browserStorage } from '../../../lib/storage';
import { useRegions } from '../api/get-regions';

/**
 * The regions whose news the reader follows (userRegionIds). Changes are a draft until saved;
 * saving puts them in the app state and in browser storage for the next visit.
 */
export function RegionChooser() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const savedRegionIds = useAppSelector((state) => state.userRegionIds);
  const { regions, isLoading, isFallback } = useRegions();
  const [draft, setDraft] = useState<number[] | null>(null);
  const selected = draft ?? savedRegionIds;

  function toggle(regionId: number, checked: boolean) {
    setDraft(checked ? [...selected, regionId] : selected.filter((id) => id !== regionId));
  }

  function save() {
    const regionIds = normaliseRegionIds(selected);
    dispatch(appActions.setUserRegionIds(regionIds));
    browserStorage.regions.set(regionIds);
    setDraft(null);
    dispatch(appActions.showNotification(t('regions.saved'), 'success'));
  }

  return (
    <FormControl component="fieldset" variant="standard" sx={{ width: '100%' }}>
      <FormLabel component="legend" sx={{ typography: 'h6', color: 'text.primary', mb: 0.5 }}>
        {t('regions.legend')}
      </FormLabel>
      <FormHelperText sx={{ mt: 0, mb: 1.5 }} id="region-chooser-help">
        {t('regions.help')}
      </FormHelperText>
      {isLoading ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography color="text.secondary">{t('regions.loading')}</Typography>
        </Stack>
      ) : (
        <>
          {isFallback && (
            <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
              {t('regions.loadFailed')}
            </Typography>
          )}
          <FormGroup
            aria-describedby="region-chooser-help"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' },
              columnGap: 2,
            }}
          >
            {regions.map((region) => (
              <FormControlLabel
                key={region.id}
                control={
                  <Checkbox
                    checked={selected.includes(region.id)}
                    onChange={(event) => toggle(region.id, event.target.checked)}
                  />
                }
                label={
                  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                    {region.name}
                    {region.grouped && (
                      <Chip size="small" variant="outlined" color="primary" label={t('regions.grouped')} />
                    )}
                  </Box>
                }
              />
            ))}
          </FormGroup>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <Button variant="contained" onClick={save} disabled={draft === null}>
          {t('regions.save')}
        </Button>
      </Box>
    </FormControl>
  );
}
