import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useAppSelector } from '../state';
import type { AppState } from '../state/types';

// Dialogs are closed on almost every visit, so their code (and MUI's dialog, list, text-field and
// radio parts) loads the first time one opens instead of with the shell.
const ShareArticleDialog = lazy(async () => ({ default: (await import('./share-article-dialog')).ShareArticleDialog }));
const LocaleChooserDialog = lazy(async () => ({ default: (await import('./locale-chooser-dialog')).LocaleChooserDialog }));
const PollDialog = lazy(async () => ({ default: (await import('./poll-dialog')).PollDialog }));
// The notification bar too: most visits never show one.
const NotificationBar = lazy(async () => ({ default: (await import('./notification-bar')).NotificationBar }));
const ModalDialog = lazy(async () => ({ default: (await import('./modal-dialog')).ModalDialog }));

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
