import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fullSiteUrl } from '../../lib/embedded';
import { env } from '../../lib/env';
import { OpenInNewIcon } from '../ui/icons';
import styles from './embedded-banner.module.css';
import { LogoMark } from './logo-mark';

/** In embedded mode the app bar gives way to this one link to the same page on the full site. */
export function EmbeddedBanner() {
  const { t } = useTranslation();
  // Read so the link follows in-app navigation; the address itself comes from window.location.
  useLocation();
  const href = fullSiteUrl(window.location, env.siteUrl);
  return (
    <header className={styles.banner}>
      <a href={href} target="_blank" rel="noopener" className={styles.link}>
        <LogoMark size={18} />
        {t('app.openFullSite', { product: PRODUCT_NAME })}
        <OpenInNewIcon className={styles.newTabIcon} />
      </a>
    </header>
  );
}
