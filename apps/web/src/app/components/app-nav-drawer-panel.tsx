import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import LoginRounded from '@mui/icons-material/LoginRounded';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import BoltRounded from '@mui/icons-material/BoltRounded';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import NewspaperRounded from '@mui/icons-material/NewspaperRounded';
import PhoneIphoneRounded from '@mui/icons-material/PhoneIphoneRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import ViewCarouselOutlined from '@mui/icons-material/ViewCarouselOutlined';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../lib/paths';
import { useAppSelector } from '../state';

interface NavItem {
  key: string;
  href: string;
  icon: ReactElement;
  /** The label's translation key, when it is not `navDrawer.<key>`. */
  labelKey?: string;
}

const watchItems: NavItem[] = [
  { key: 'home', href: paths.home.href(), icon: <HomeOutlined /> },
  { key: 'breaking', href: paths.breaking.href(), icon: <BoltRounded /> },
  { key: 'trending', href: paths.trending.href(), icon: <TrendingUpRounded /> },
  { key: 'stories', href: paths.stories.href(), icon: <ViewCarouselOutlined /> },
  { key: 'local', href: paths.local.href(), icon: <PlaceOutlined /> },
];

const browseItems: NavItem[] = [
  { key: 'categories', href: paths.categories.href(), icon: <CategoryOutlined /> },
  { key: 'publishers', href: paths.publishers.href(), icon: <NewspaperRounded /> },
];

const libraryItems: NavItem[] = [
  { key: 'saved', href: paths.library.href('saved'), icon: <BookmarkBorderRounded /> },
  { key: 'history', href: paths.library.href('history'), icon: <HistoryRounded /> },
];

const appItems: NavItem[] = [
  { key: 'app', href: paths.appDownload.href(), icon: <PhoneIphoneRounded /> },
  { key: 'contact', href: paths.contact.href(), icon: <MailOutlineRounded /> },
];

const signedOutItems: NavItem[] = [
  { key: 'signIn', href: paths.signIn.href(), icon: <LoginRounded />, labelKey: 'account.signIn' },
  { key: 'register', href: paths.register.href(), icon: <PersonAddAltOutlined />, labelKey: 'account.nav.register' },
];

const signedInItems: NavItem[] = [
  { key: 'account', href: paths.account.href(), icon: <ManageAccountsOutlined />, labelKey: 'account.nav.settings' },
];

/** The navigation drawer (it opens from the right in right-to-left languages). */
export function AppNavDrawerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const signedIn = useAppSelector((state) => state.user !== null);

  const section = (labelKey: string | null, items: NavItem[]) => (
    <List
      dense
      subheader={labelKey ? <ListSubheader disableSticky>{t(labelKey)}</ListSubheader> : undefined}
      aria-label={labelKey ? t(labelKey) : undefined}
    >
      {items.map((item) => {
        const hrefPath = item.href.split('?')[0] ?? item.href;
        const current = item.href === '/' ? pathname === '/' : item.key === 'account' ? pathname === hrefPath : pathname.startsWith(hrefPath);
        return (
          <ListItemButton
            key={item.key}
            component={RouterLink}
            to={item.href}
            onClick={onClose}
            selected={current}
            aria-current={current ? 'page' : undefined}
          >
            <ListItemIcon sx={{ minWidth: 40 }} aria-hidden>
              {item.icon}
            </ListItemIcon>
            <ListItemText primary={t(item.labelKey ?? `navDrawer.${item.key}`)} />
          </ListItemButton>
        );
      })}
    </List>
  );

  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <nav aria-label={t('navDrawer.label')}>
        {section(null, watchItems)}
        <Divider />
        {section('navDrawer.browse', browseItems)}
        <Divider />
        {section('navDrawer.library', libraryItems)}
        <Divider />
        {section('account.nav.section', signedIn ? signedInItems : signedOutItems)}
        <Divider />
        {section(null, appItems)}
      </nav>
    </Drawer>
  );
}
