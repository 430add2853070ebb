import { lazy, Suspense, type ComponentType } from 'react';
import { loadEnglishSection } from '../../lib/lazy-strings';
import { reportError } from '../../lib/error-reporting';
import { useAppSelector } from '../state';

const Nothing: ComponentType = () => null;

// The button, its count and its strings are a chunk of their own, fetched once someone is signed
// in: the first screen of a reader who is not carries only these lines (docs/architecture.md,
// "Scheduled notifications"). A failed download leaves the bar without the bell, not the page broken.
const NotificationsEntry = lazy(async (): Promise<{ default: ComponentType }> => {
  try {
    const [module] = await Promise.all([import('../../features/notifications/components/notifications-entry'), loadEnglishSection('notifications')]);
    return { default: module.NotificationsEntry };
  } catch (error) {
    reportError(error, { source: 'notifications-entry' });
    return { default: Nothing };
  }
});

/** The app bar's notifications button, for a signed-in user only. */
export function NotificationsSlot() {
  const signedIn = useAppSelector((state) => state.user) !== null;
  if (!signedIn) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsEntry />
    </Suspense>
  );
}
