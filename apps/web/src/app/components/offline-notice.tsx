import { PRODUCT_NAME } from '@newsreel/contracts';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { classNames } from '../ui/class-names';
import { CloudDoneOutlinedIcon, WifiOffRoundedIcon } from '../ui/icons';
import styles from './offline-notice.module.css';

/** How long "You're back online" stays before the notice goes. */
export const RECONNECTED_NOTICE_MS = 3_000;

function subscribe(onChange: () => void): () => void {
  // React Query assumes a connection until an 'offline' event says otherwise; a page that starts
  // offline tells it now, so its requests wait for the connection instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return onlineManager.subscribe(onChange);
}

/**
 * Whether the browser has a connection, as React Query sees it: the same 'online' and 'offline'
 * events pause its requests and, on reconnecting, resume them and refetch what failed or went stale.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => onlineManager.isOnline(), () => true);
}

/**
 * A polite, persistent notice at the bottom of the screen while the connection is gone, and a
 * short "back online" once it returns. The live region stays mounted so both are announced.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const [wasOnline, setWasOnline] = useState(online);
  const [reconnected, setReconnected] = useState(false);
  if (online !== wasOnline) {
    // Adjusting state while rendering (React's pattern for reacting to a changed value).
    setWasOnline(online);
    setReconnected(online);
  }
  useEffect(() => {
    if (!reconnected) return;
    const timer = setTimeout(() => setReconnected(false), RECONNECTED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [reconnected]);

  const message = !online
    ? { icon: <WifiOffRoundedIcon className={styles.icon} />, text: t('offline.notice', { product: PRODUCT_NAME }) }
    : reconnected
      ? { icon: <CloudDoneOutlinedIcon className={styles.icon} />, text: t('offline.reconnected') }
      : null;

  return (
    <div role="status" data-testid="offline-notice" className={styles.region}>
      {message && (
        <div className={classNames(styles.notice, online ? styles.online : styles.offline)}>
          {message.icon}
          <p className={styles.text}>{message.text}</p>
        </div>
      )}
    </div>
  );
}
