import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../state';
import type { User } from '../state/types';
import { lazyWithMuiTheme, loadMuiTheme } from '../theme/mui-island';
import { Button } from '../ui/button';
import { PersonOutlineRoundedIcon } from '../ui/icons';
import styles from './account-entry.module.css';

// The menu (MUI's menu and MUI's theme) loads the first time it opens, not with the shell.
const loadMenu = async () => (await import('./account-menu')).AccountMenu;
const AccountMenu = lazyWithMuiTheme(loadMenu);
const preloadMenu = () => void Promise.all([loadMenu(), loadMuiTheme()]).catch(() => undefined);

const MENU_ID = 'account-menu';

/** The first letter of the user's name (or email), as a person would write it. */
export function initialOf(user: Pick<User, 'name' | 'email'>): string {
  const [first = '?'] = Array.from(user.name.trim() || user.email);
  return first.toLocaleUpperCase();
}

/**
 * The app bar's account entry: "Sign in" (coming back to this page afterwards) when no one is
 * signed in, the user's initial opening their menu when someone is, and an empty place of the
 * same size while the session this browser had is being restored.
 */
export function AccountEntry() {
  // Memoising this small part of the start bundle would cost more code than its renders cost time.
  'use no memo';
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.authStatus);
  const user = useAppSelector((state) => state.user);
  const { pathname, search } = useLocation();
  if (status === 'restoring') return <span className={styles.placeholder} aria-hidden="true" />;
  if (!user) {
    // The account pages themselves are no place to come back to.
    const next = pathname === paths.home.href() || pathname.startsWith('/account') ? undefined : `${pathname}${search}`;
    return (
      <Button to={paths.signIn.href(next)} color="inherit" className={styles.signIn}>
        <PersonOutlineRoundedIcon className={styles.signInIcon} />
        <span className={styles.signInLabel}>{t('account.signIn')}</span>
      </Button>
    );
  }
  return <AccountMenuButton user={user} />;
}

function AccountMenuButton({ user }: { user: User }) {
  'use no memo';
  const { t } = useTranslation();
  // Set on the first click; the menu stays mounted afterwards so it can animate closed.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.avatarButton}
        aria-label={t('account.menuButton', { name: user.name || user.email })}
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
        <span className={styles.avatar} aria-hidden="true">
          {initialOf(user)}
        </span>
      </button>
      {anchor && (
        <Suspense fallback={null}>
          <AccountMenu id={MENU_ID} anchorEl={anchor} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
