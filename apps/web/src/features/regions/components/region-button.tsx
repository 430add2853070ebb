import PublicRounded from '@mui/icons-material/PublicRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { REGIONS } from '@newsreel/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/state';
import { formatCount, formatList } from '../../../lib/format';
import { useFirstVisitRegion } from '../hooks/use-user-regions';
import { useRegionName } from '../region-names';

// The dialog (MUI's modal, checkboxes, the region list) loads the first time it opens, not with the shell.
const loadDialog = () => import('./region-chooser-dialog');
const RegionChooserDialog = lazy(async () => ({ default: (await loadDialog()).RegionChooserDialog }));

/**
 * The app bar's region button: a globe, the first followed region and "+2" for the others; it
 * opens the region chooser. Mounted once in the header, it also applies the detected region on
 * a first visit.
 */
export function RegionButton() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const nameOf = useRegionName();
  const regionIds = useAppSelector((state) => state.userRegionIds);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  useFirstVisitRegion();

  // The contracts' list names every valid id; userRegionIds holds only valid ids (normaliseRegionIds).
  const names = regionIds.flatMap((id) => {
    const region = REGIONS[id];
    return region ? [nameOf(region)] : [];
  });
  const others = names.length - 1;
  const allNames = formatList(names, language);

  return (
    <>
      <Button
        color="inherit"
        startIcon={<PublicRounded aria-hidden />}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('regions.button', { regions: allNames })}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        // Starting the download on hover or focus makes the first open feel instant.
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        data-testid="region-button"
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { marginInlineEnd: { xs: others > 0 ? 0.5 : 0, sm: 1 } } }}
      >
        <Box
          component="span"
          sx={{ display: { xs: 'none', sm: 'inline' }, maxWidth: { sm: 140, lg: 220 }, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {names[0]}
        </Box>
        {others > 0 && (
          <Box component="span" sx={{ marginInlineStart: { xs: 0, sm: 0.75 }, color: 'primary.main', fontWeight: 700 }}>
            {`+${formatCount(others, language)}`}
          </Box>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <RegionChooserDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
