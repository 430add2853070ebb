import { Suspense, useState, type ComponentType } from 'react';
import { loadEnglishSections } from '../lazy-page';
import { useAppSelector } from '../state';
import type { AppState } from '../state/types';
import { lazyWithMuiTheme } from '../theme/mui-island';

// Dialogs are closed on almost every visit, so their code (and MUI's dialog, list, text-field and
// radio parts, and MUI's theme, and their English strings) loads the first time one opens instead
// of with the shell.
const ShareArticleDialog = lazyWithMuiTheme(
  async () => (await Promise.all([import('./share-article-dialog'), loadEnglishSections(['share'])]))[0].ShareArticleDialog,
);
const LocaleChooserDialog = lazyWithMuiTheme(async () => (await import('./locale-chooser-dialog')).LocaleChooserDialog);
const PollDialog = lazyWithMuiTheme(async () => (await import('./poll-dialog')).loadPollDialog());
// The notification bar too: most visits never show one.
const NotificationBar = lazyWithMuiTheme(async () => (await import('./notification-bar')).NotificationBar);
const ModalDialog = lazyWithMuiTheme(async () => (await import('./modal-dialog')).ModalDialog);

/** Mounts `Overlay` once `isWanted` first holds, then keeps it mounted so it can animate closed. */
function LazyOverlay({ isWanted, Overlay }: { isWanted: (state: AppState) => boolean; Overlay: ComponentType }) {
  const wanted = useAppSelector(isWanted);
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Overlay />
    </Suspense>
  );
}

const wantsShare = (state: AppState) => state.shareArticle !== null;
const wantsLocaleChooser = (state: AppState) => state.chooseLocale;
const wantsPoll = (state: AppState) => state.poll !== null && state.currentArticle !== null;
const wantsModal = (state: AppState) => state.modal !== null;
const wantsNotification = (state: AppState) => state.notification.open;

/** The overlays mounted on every page (SPEC §2). */
export function RootOverlays() {
  return (
    <>
      <LazyOverlay isWanted={wantsShare} Overlay={ShareArticleDialog} />
      <LazyOverlay isWanted={wantsLocaleChooser} Overlay={LocaleChooserDialog} />
      <LazyOverlay isWanted={wantsPoll} Overlay={PollDialog} />
      <LazyOverlay isWanted={wantsModal} Overlay={ModalDialog} />
      <LazyOverlay isWanted={wantsNotification} Overlay={NotificationBar} />
    </>
  );
}
