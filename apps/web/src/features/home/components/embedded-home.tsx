import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { screenReaderOnly } from './browse-page';
import { HomeFeed } from './home-feed';

/**
 * The home page inside a publisher's iframe: only the player and what plays next, edge to edge,
 * no rails or app bar (the embedded banner above links to the full site).
 */
export function EmbeddedHome() {
  const { t } = useTranslation();
  return (
    <Box data-testid="embedded-home" sx={{ px: { xs: 0, sm: 1.5 }, pb: 1.5 }}>
      <Typography component="h1" sx={screenReaderOnly}>
        {t('embedded.title', { product: PRODUCT_NAME })}
      </Typography>
      <HomeFeed viewType="hero-player" headed={false} emptyText={t('embedded.empty', { product: PRODUCT_NAME })} />
    </Box>
  );
}
