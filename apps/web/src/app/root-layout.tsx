import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppDownloadBanner } from '../features/app-download/components/app-download-banner';
import { useAppConfigSync } from '../features/config/hooks/use-app-config-sync';
import { AppHeader } from './components/app-header';
import { EmbeddedBanner } from './components/embedded-banner';
import { ErrorBoundary } from './components/error-boundary';
import { OfflineNotice } from './components/offline-notice';
import { MAIN_CONTENT_ID, SkipLink } from './components/skip-link';
import { usePageView } from './hooks/use-page-view';
import { usePageLoading } from './lazy-page';
import { RootOverlays } from './overlays/root-overlays';
import { PageLoading } from './routes/page-loading';
import { RouteErrorPage } from './routes/route-error-page';
import { useAppSelector } from './state';

// Only shown while moving between pages, never on the first screen; it loads with the first move.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** The shell around every page: header (or the embedded link), main landmark, and the root overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const embedded = useAppSelector((state) => state.embedded);
  const navigating = usePageLoading();
  const { pathname } = useLocation();
  usePageView();
  useAppConfigSync();
  return (
    <Box data-embedded={String(embedded)} sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SkipLink />
      <AppDownloadBanner />
      {embedded ? <EmbeddedBanner /> : <AppHeader />}
      {navigating && (
        <Suspense fallback={null}>
          <LinearProgress
            aria-label={t('app.loadingPage')}
            sx={{ position: 'fixed', top: 0, insetInline: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
          />
        </Suspense>
      )}
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
        {/* A page that fails is shown inside the shell, so the header and overlays stay usable;
            moving to another page leaves the error behind. */}
        <ErrorBoundary resetKey={pathname} source="route" fallback={() => <RouteErrorPage />}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </Box>
      <RootOverlays />
      <OfflineNotice />
    </Box>
  );
}
