import BookmarkBorderRounded from '@mui/icons-material/BookmarkBorderRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
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

interface NavItem {
  key: string;
  href: string;
  icon: ReactElement;
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

const appItems: NavItem[] = [{ key: 'app', href: paths.appDownload.href(), icon: <PhoneIphoneRounded /> }];

/** The navigation drawer (it opens from the right in right-to-left languages). */
export function AppNavDrawerPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const section = (labelKey: string | null, items: NavItem[]) => (
    <List
      dense
      subheader={labelKey ? <ListSubheader disableSticky>{t(labelKey)}</ListSubheader> : undefined}
      aria-label={labelKey ? t(labelKey) : undefined}
    >
      {items.map((item) => {
        const current = item.href === '/' ? pathname === '/' : pathname.startsWith(item.href);
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
            <ListItemText primary={t(`nav.${item.key}`)} />
          </ListItemButton>
        );
      })}
    </List>
  );

  return (
    <Drawer anchor="left" open={open} onClose={onClose} slotProps={{ paper: { sx: { width: 280 } } }}>
      <nav aria-label={t('nav.label')}>
        {section(null, watchItems)}
        <Divider />
        {section('nav.browse', browseItems)}
        <Divider />
        {section('nav.library', libraryItems)}
        <Divider />
        {section(null, appItems)}
      </nav>
    </Drawer>
  );
}
