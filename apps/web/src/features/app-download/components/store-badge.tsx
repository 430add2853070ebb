import Apple from '@mui/icons-material/Apple';
import Shop from '@mui/icons-material/Shop';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { AppStoreListing } from '../store-links';

const icons = { ios: Apple, android: Shop } as const;
const captionKeys = { ios: 'appDownloadPage.badge.ios', android: 'appDownloadPage.badge.android' } as const;

/**
 * A link to a store drawn like the stores' own badges (black, a thin grey rim, the mark, a small
 * line over the store's name), from text and an icon so it is translated and needs no image.
 */
export function StoreBadge({ store }: { store: AppStoreListing }) {
  const { t } = useTranslation();
  const Icon = icons[store.platform];
  return (
    <ButtonBase
      component="a"
      href={store.url}
      target="_blank"
      rel="noopener noreferrer"
      focusRipple
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'flex-start',
        gap: 1,
        minWidth: { xs: 0, sm: 176 },
        height: { xs: 50, sm: 56 },
        px: { xs: 1.25, sm: 1.75 },
        borderRadius: 2,
        bgcolor: '#000',
        color: '#fff',
        border: '1px solid #a6a6a6',
        textAlign: 'start',
        transition: 'border-color 150ms',
        '&:hover': { borderColor: '#fff' },
      }}
    >
      <Icon aria-hidden sx={{ fontSize: { xs: 26, sm: 32 }, flexShrink: 0 }} />
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.1 }}>
        <Box component="span" sx={{ fontSize: '0.7rem', letterSpacing: '0.02em' }}>
          {t(captionKeys[store.platform])}
        </Box>{' '}
        <Box component="span" sx={{ fontSize: { xs: '1.1rem', sm: '1.3rem' }, fontWeight: 600, letterSpacing: '-0.01em', whiteSpace: 'nowrap' }}>
          {store.storeName}
        </Box>
        {' '}
        <Box component="span" sx={visuallyHidden}>
          {t('appDownload.newTab')}
        </Box>
      </Box>
    </ButtonBase>
  );
}
