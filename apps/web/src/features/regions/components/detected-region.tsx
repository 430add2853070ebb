import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useDetectedRegion } from '../api/detect-region';

/** The region the server places the reader in, from their address (Global when it cannot tell). */
export function DetectedRegion() {
  const { t } = useTranslation();
  const { data } = useDetectedRegion();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
      <PlaceOutlined fontSize="small" color="primary" aria-hidden />
      {data ? (
        <Typography data-testid="detected-region" data-region-id={data.regionId}>
          {t('regions.detected', { region: data.region.name })}
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('regions.detecting')}</Typography>
      )}
    </Stack>
  );
}
