import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fullSiteUrl } from '../../lib/embedded';
import { env } from '../../lib/env';
import { LogoMark } from './logo-mark';

/** In embedded mode the app bar gives way to this one link to the same page on the full site. */
export function EmbeddedBanner() {
  const { t } = useTranslation();
  // Read so the link follows in-app navigation; the address itself comes from window.location.
  useLocation();
  const href = fullSiteUrl(window.location, env.siteUrl);
  return (
    <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', px: 1.5, py: 0.75 }}>
      <Link
        href={href}
        target="_blank"
        rel="noopener"
        variant="body2"
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}
      >
        <LogoMark size={18} />
        {t('app.openFullSite', { product: PRODUCT_NAME })}
        <OpenInNew sx={{ fontSize: 16 }} aria-hidden />
      </Link>
    </Box>
  );
}
