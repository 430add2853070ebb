import { REGIONS } from '@newsreel/contracts';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/state';
import { loadEnglishSections } from '../../../app/lazy-page';
import { lazyWithMuiTheme, loadMuiTheme } from '../../../app/theme/mui-island';
import { Button } from '../../../app/ui/button';
import { classNames } from '../../../app/ui/class-names';
import { PublicRoundedIcon } from '../../../app/ui/icons';
import { formatCount, formatList } from '../../../lib/format';
import { useFirstVisitRegion } from '../hooks/use-user-regions';
import { useRegionName } from '../region-names';
import styles from './region-button.module.css';

// The dialog (MUI's modal, checkboxes, the region list, MUI's theme, its strings) loads the first
// time it opens, not with the shell.
const loadDialog = async () => (await Promise.all([import('./region-chooser-dialog'), loadEnglishSections(['regionChooser'])]))[0].RegionChooserDialog;
const RegionChooserDialog = lazyWithMuiTheme(loadDialog);
// Starting the download on hover or focus makes the first open feel instant; a failed download is asked for again on opening.
const preloadDialog = () => void Promise.all([loadDialog(), loadMuiTheme()]).catch(() => undefined);

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
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={t('regions.button', { regions: allNames })}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        data-testid="region-button"
        className={styles.button}
      >
        <span className={classNames(styles.icon, others > 0 && styles.iconBeforeCount)}>
          <PublicRoundedIcon size="small" />
        </span>
        <span className={styles.name}>{names[0]}</span>
        {others > 0 && <span className={styles.count}>{`+${formatCount(others, language)}`}</span>}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <RegionChooserDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
