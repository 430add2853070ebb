import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadEnglishSections } from '../lazy-page';
import { lazyWithMuiTheme, loadMuiTheme } from '../theme/mui-island';
import { IconButton } from '../ui/button';
import { MenuRoundedIcon } from '../ui/icons';

// The drawer (MUI's modal, list and the icons, MUI's theme, its strings) loads the first time the
// menu opens, not with the shell.
const loadPanel = async () => (await Promise.all([import('./app-nav-drawer-panel'), loadEnglishSections(['navDrawer'])]))[0].AppNavDrawerPanel;
const AppNavDrawerPanel = lazyWithMuiTheme(loadPanel);
// Starting the download on hover or focus makes the first open feel instant; a failed download is asked for again on opening.
const preloadPanel = () => void Promise.all([loadPanel(), loadMuiTheme()]).catch(() => undefined);

/** The menu button of the app bar and the navigation drawer it opens. */
export function AppNavDrawer() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <IconButton
        edge="start"
        color="inherit"
        aria-label={t('nav.open')}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
      >
        <MenuRoundedIcon />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <AppNavDrawerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
