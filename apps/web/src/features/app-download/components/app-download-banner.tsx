import CloseRounded from '@mui/icons-material/CloseRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { LogoMark } from '../../../app/components/logo-mark';
import { useAppSelector } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { isAppBannerDismissed, rememberAppBannerDismissed } from '../banner-dismissal';
import { APP_STORES, currentMobilePlatform } from '../store-links';

/**
 * "Get the Newsreel app" above the app bar on phones (narrow screens or a phone's browser), until
 * the reader closes it. Its button opens the store of the reader's phone, or the /app page when
 * the platform is unknown. Never in embedded mode, nor on the /app page itself.
 */
export function AppDownloadBanner() {
  const { t } = useTranslation();
  const embedded = useAppSelector((state) => state.embedded);
  const { pathname } = useLocation();
  // noSsr: the first render already knows the width, so the banner never pushes the page down later.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'), { noSsr: true });
  const [platform] = useState(currentMobilePlatform);
  const [dismissed, setDismissed] = useState(isAppBannerDismissed);

  if (embedded || dismissed || pathname === paths.appDownload.href() || !(narrow || platform)) return null;

  const store = platform ? APP_STORES[platform] : null;
  const dismiss = () => {
    rememberAppBannerDismissed();
    setDismissed(true);
  };

  return (
    <Box
      component="aside"
      aria-label={t('appDownload.banner.label', { product: PRODUCT_NAME })}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.25,
        px: 1,
        py: 1,
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <IconButton size="small" aria-label={t('appDownload.banner.close')} onClick={dismiss}>
        <CloseRounded fontSize="small" />
      </IconButton>
      <Box sx={{ display: 'flex', flexShrink: 0 }}>
        <LogoMark size={40} />
      </Box>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          {t('appDownload.banner.title', { product: PRODUCT_NAME })}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ lineHeight: 1.3 }}>
          {t('appDownload.banner.tagline')}
        </Typography>
      </Box>
      {store ? (
        <Button variant="contained" size="small" href={store.url} target="_blank" rel="noopener noreferrer" sx={{ flexShrink: 0, borderRadius: 5 }}>
          {t('appDownload.banner.install')}{' '}
          <Box component="span" sx={visuallyHidden}>
            {t('appDownload.banner.fromStore', { store: store.storeName })} {t('appDownload.newTab')}
          </Box>
        </Button>
      ) : (
        <Button variant="contained" size="small" component={RouterLink} to={paths.appDownload.href()} sx={{ flexShrink: 0, borderRadius: 5 }}>
          {t('appDownload.banner.getIt')}
        </Button>
      )}
    </Box>
  );
}
