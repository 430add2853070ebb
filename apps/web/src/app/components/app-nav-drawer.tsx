import MenuRounded from '@mui/icons-material/MenuRounded';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The drawer (MUI's modal, list and the icons) loads the first time the menu opens, not with the shell.
const AppNavDrawerPanel = lazy(async () => ({ default: (await import('./app-nav-drawer-panel')).AppNavDrawerPanel }));

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
        // Starting the download on hover or focus makes the first open feel instant.
        onPointerEnter={() => void import('./app-nav-drawer-panel')}
        onFocus={() => void import('./app-nav-drawer-panel')}
      >
        <MenuRounded />
      </IconButton>
      {wanted && (
        <Suspense fallback={null}>
          <AppNavDrawerPanel open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
