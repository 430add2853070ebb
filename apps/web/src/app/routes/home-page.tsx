import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { ViewTypeToggle } from '../../features/articles/components/view-type-toggle';
import { DetectedRegion } from '../../features/regions/components/detected-region';
import { RegionChooser } from '../../features/regions/components/region-chooser';

/** `/`: welcome, where the reader is, which regions they follow, and how lists are laid out. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={1} component="section" sx={{ mb: 4 }}>
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800 }}>
          {t('home.title', { product: PRODUCT_NAME })}
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
          {t('home.subtitle')}
        </Typography>
        <DetectedRegion />
      </Stack>
      <Stack spacing={3}>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <RegionChooser />
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
          <ViewTypeToggle />
        </Paper>
      </Stack>
    </Container>
  );
}
