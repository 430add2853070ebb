import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { AppDownloadBanner } from '../features/app-download/components/app-download-banner';
import { useAppConfigSync } from '../features/config/hooks/use-app-config-sync';
import { useVisitorSync } from '../features/visitors/use-visitor-sync';
import { AppHeader } from './components/app-header';
import { EmbeddedBanner } from './components/embedded-banner';
import { ErrorBoundary } from './components/error-boundary';
import { OfflineNotice } from './components/offline-notice';
import { MAIN_CONTENT_ID, SkipLink } from './components/skip-link';
import { usePageView } from './hooks/use-page-view';
import { usePageLoading } from './lazy-page';
import { RootOverlays } from './overlays/root-overlays';
import { PageLoading } from './routes/page-loading';
import { useSessionExpiredRedirect } from './session/session-context';
import { RouteErrorPage } from './routes/route-error-page';
import styles from './root-layout.module.css';
import { useAppSelector } from './state';

/** A thin bar sliding along the top of the window while the next page's code loads (MUI's indeterminate LinearProgress). */
function PageLoadingBar({ label }: { label: string }) {
  return <div role="progressbar" aria-label={label} className={styles.pageLoadingBar} />;
}

/** The shell around every page: header (or the embedded link), main landmark, and the root overlays. */
export function RootLayout() {
  const { t } = useTranslation();
  const embedded = useAppSelector((state) => state.embedded);
  const navigating = usePageLoading();
  const { pathname } = useLocation();
  usePageView();
  useAppConfigSync();
  useVisitorSync();
  useSessionExpiredRedirect();
  return (
    <div data-embedded={String(embedded)} className={styles.shell}>
      <SkipLink />
      <AppDownloadBanner />
      {embedded ? <EmbeddedBanner /> : <AppHeader />}
      {navigating && <PageLoadingBar label={t('app.loadingPage')} />}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={styles.main}>
        {/* A page that fails is shown inside the shell, so the header and overlays stay usable;
            moving to another page leaves the error behind. */}
        <ErrorBoundary resetKey={pathname} source="route" fallback={() => <RouteErrorPage />}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <RootOverlays />
      <OfflineNotice />
    </div>
  );
}
