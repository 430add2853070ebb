import BoltRounded from '@mui/icons-material/BoltRounded';
import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import SubtitlesOutlined from '@mui/icons-material/SubtitlesOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../../app/components/logo-mark';
import { StoreBadge } from '../components/store-badge';
import { APP_STORES, currentMobilePlatform, MOBILE_PLATFORMS, type MobilePlatform } from '../store-links';

const features: { key: string; icon: ReactElement }[] = [
  { key: 'leanBack', icon: <PlayCircleOutlineRounded /> },
  { key: 'breaking', icon: <BoltRounded /> },
  { key: 'local', icon: <PlaceOutlined /> },
  { key: 'transcripts', icon: <SubtitlesOutlined /> },
];

/** `/app`: what the phone app offers, both store badges, and a QR code of the chosen store's link. */
export function AppDownloadPage() {
  const { t } = useTranslation();
  // On a television the whole page is drawn larger (CSS zoom), so it reads from across the room.
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 6 }, zoom: { xxl: 1.75 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 4, md: 6 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1.3fr) minmax(0, 1fr)' },
          alignItems: 'center',
        }}
      >
        <Stack spacing={3}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LogoMark size={44} />
            <Typography variant="subtitle2" component="p" color="text.secondary" sx={{ fontWeight: 700, letterSpacing: '0.04em' }}>
              {t('appDownloadPage.eyebrow', { iphone: APP_STORES.ios.deviceName, android: APP_STORES.android.deviceName })}
            </Typography>
          </Stack>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '2.1rem', md: '3rem' } }}>
            {t('appDownloadPage.title', { product: PRODUCT_NAME })}
          </Typography>
          <Typography variant="h6" component="p" color="text.secondary" sx={{ fontWeight: 400 }}>
            {t('appDownloadPage.lead')}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {features.map(({ key, icon }) => (
              <Box component="li" key={key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
                <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>
                  {icon}
                </Box>
                <Typography>{t(`appDownloadPage.features.${key}`)}</Typography>
              </Box>
            ))}
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
            {MOBILE_PLATFORMS.map((platform) => (
              <StoreBadge key={platform} store={APP_STORES[platform]} />
            ))}
          </Stack>
        </Stack>
        <StoreQrCode />
      </Box>
    </Container>
  );
}

/** A QR code of one store's link, so a reader at a computer can open it on their phone. */
function StoreQrCode() {
  const { t } = useTranslation();
  const [platform, setPlatform] = useState<MobilePlatform>(() => currentMobilePlatform() ?? 'ios');
  const store = APP_STORES[platform];
  return (
    <Paper variant="outlined" component="section" aria-labelledby="app-qr-heading" sx={{ p: { xs: 2.5, md: 4 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography id="app-qr-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {t('appDownloadPage.qr.heading')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={platform}
          onChange={(_event, next: MobilePlatform | null) => next && setPlatform(next)}
          aria-label={t('appDownloadPage.qr.choosePhone')}
        >
          {MOBILE_PLATFORMS.map((each) => (
            <ToggleButton key={each} value={each} sx={{ px: 2.5 }}>
              {APP_STORES[each].deviceName}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Box
          sx={{
            p: 1.5,
            bgcolor: '#fff',
            borderRadius: 2,
            lineHeight: 0,
            width: 208,
            '& svg': { width: '100%', height: 'auto' },
          }}
        >
          <QRCodeSVG
            value={store.url}
            size={256}
            level="M"
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            title={t('appDownloadPage.qr.label', { store: store.storeName })}
            aria-label={t('appDownloadPage.qr.label', { store: store.storeName })}
            data-qr-value={store.url}
          />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 320 }}>
          {t('appDownloadPage.qr.hint', { store: store.storeName })}
        </Typography>
      </Stack>
    </Paper>
  );
}
