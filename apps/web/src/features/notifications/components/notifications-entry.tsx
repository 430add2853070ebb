import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyWithMuiTheme, loadMuiTheme } from '../../../app/theme/mui-island';
import { createIcon } from '../../../app/ui/icon';
import { formatNumber } from '../../../lib/format';
import { useInbox } from '../api/inbox';
import styles from './notifications-entry.module.css';

// Drawn only here, so made beside it rather than in the shell's icons (app/ui/icons.ts).
const NotificationsOutlinedIcon = createIcon(
  'M19.29 17.29 18 16v-5c0-3.07-1.64-5.64-4.5-6.32V4c0-.83-.67-1.5-1.5-1.5s-1.5.67-1.5 1.5v.68C7.63 5.36 6 7.92 6 11v5l-1.29 1.29c-.63.63-.19 1.71.7 1.71h13.17c.9 0 1.34-1.08.71-1.71M16 17H8v-6c0-2.48 1.51-4.5 4-4.5s4 2.02 4 4.5zm-4 5c1.1 0 2-.9 2-2h-4c0 1.1.89 2 2 2',
  'NotificationsOutlined',
);

// The menu (MUI's menu and theme) loads the first time it opens.
const loadMenu = async () => (await import('./notifications-menu')).NotificationsMenu;
const NotificationsMenu = lazyWithMuiTheme(loadMenu);
const preloadMenu = () => void Promise.all([loadMenu(), loadMuiTheme()]).catch(() => undefined);

const MENU_ID = 'notifications-menu';
/** Beyond this the badge says "99+". */
const BADGE_MAX = 99;

/**
 * The signed-in reader's notifications button in the app bar: a bell with the unread count, which
 * opens the menu of their notifications. Loaded (with its strings) only once someone is signed in.
 */
export function NotificationsEntry() {
  const { t, i18n } = useTranslation();
  const inbox = useInbox();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const unread = inbox.data?.unread ?? 0;
  const count = unread > BADGE_MAX ? `${formatNumber(BADGE_MAX, i18n.resolvedLanguage ?? 'en')}+` : formatNumber(unread, i18n.resolvedLanguage ?? 'en');
  return (
    <>
      <button
        type="button"
        className={styles.button}
        aria-label={unread > 0 ? t('notifications.buttonUnread', { number: count }) : t('notifications.button')}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? MENU_ID : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setOpen(true);
        }}
        onPointerEnter={preloadMenu}
        onFocus={preloadMenu}
      >
        <NotificationsOutlinedIcon />
        {unread > 0 && (
          <span className={styles.badge} aria-hidden="true" data-testid="notifications-badge">
            {count}
          </span>
        )}
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <NotificationsMenu id={MENU_ID} anchorEl={anchor} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
