import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fullSiteUrl } from '../../lib/embedded';
import { env } from '../../lib/env';
import { createIcon } from '../ui/icon';
import styles from './embedded-banner.module.css';
import { LogoMark } from './logo-mark';

// Drawn only in embedded mode, so made here (app/ui/icons.ts is every screen's).
// Path copied from @mui/icons-material (Material Design icons, Apache License 2.0).
const OpenInNewIcon = createIcon("M19 19H5V5h7V3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2v-7h-2zM14 3v2h3.59l-9.83 9.83 1.41 1.41L19 6.41V10h2V3z", 'OpenInNew');

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
