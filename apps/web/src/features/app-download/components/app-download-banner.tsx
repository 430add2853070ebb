import { PRODUCT_NAME } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { LogoMark } from '../../../app/components/logo-mark';
import { MEDIA, useMediaQuery } from '../../../app/hooks/use-media-query';
import { useAppSelector } from '../../../app/state';
import { Button, IconButton } from '../../../app/ui/button';
import { CloseRoundedIcon } from '../../../app/ui/icons';
import { paths } from '../../../lib/paths';
import { VISUALLY_HIDDEN_CLASS } from '../../../lib/visually-hidden';
import { isAppBannerDismissed, rememberAppBannerDismissed } from '../banner-dismissal';
import { APP_STORES, currentMobilePlatform } from '../store-links';
import styles from './app-download-banner.module.css';

/**
 * "Get the Newsreel app" above the app bar on phones (narrow screens or a phone's browser), until
 * the reader closes it. Its button opens the store of the reader's phone, or the /app page when
 * the platform is unknown. Never in embedded mode, nor on the /app page itself.
 */
export function AppDownloadBanner() {
  const { t } = useTranslation();
  const embedded = useAppSelector((state) => state.embedded);
  const { pathname } = useLocation();
  // Read in the first render, so the banner never pushes the page down later; a browser without
  // media queries (tests) counts as wide.
  const narrow = !useMediaQuery(MEDIA.mdUp, true);
  const [platform] = useState(currentMobilePlatform);
  const [dismissed, setDismissed] = useState(isAppBannerDismissed);

  if (embedded || dismissed || pathname === paths.appDownload.href() || !(narrow || platform)) return null;

  const store = platform ? APP_STORES[platform] : null;
  const dismiss = () => {
    rememberAppBannerDismissed();
    setDismissed(true);
  };

  return (
    <aside aria-label={t('appDownload.banner.label', { product: PRODUCT_NAME })} className={styles.banner}>
      <IconButton size="small" aria-label={t('appDownload.banner.close')} onClick={dismiss} className={styles.close}>
        <CloseRoundedIcon />
      </IconButton>
      <div className={styles.logo}>
        <LogoMark size={40} />
      </div>
      <div className={styles.text}>
        <p className={styles.title}>{t('appDownload.banner.title', { product: PRODUCT_NAME })}</p>
        <p className={styles.tagline}>{t('appDownload.banner.tagline')}</p>
      </div>
      {store ? (
        <Button variant="contained" size="small" href={store.url} target="_blank" rel="noopener noreferrer" className={styles.action}>
          {t('appDownload.banner.install')}{' '}
          <span className={VISUALLY_HIDDEN_CLASS}>
            {t('appDownload.banner.fromStore', { store: store.storeName })} {t('appDownload.newTab')}
          </span>
        </Button>
      ) : (
        <Button variant="contained" size="small" to={paths.appDownload.href()} className={styles.action}>
          {t('appDownload.banner.getIt')}
        </Button>
      )}
    </aside>
  );
}
