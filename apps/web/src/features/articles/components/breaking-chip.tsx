import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * The "Breaking" badge, drawn as MUI's chip is (a label only needs a span, not the chip's code).
 * The theme's error red under white text reads at only 3.7:1 on the dark theme; its darker shade
 * passes WCAG AA (4.98:1).
 */
export function BreakingChip({ size = 'medium', sx }: { size?: 'small' | 'medium'; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const small = size === 'small';
  return (
    <Box
      component="span"
      sx={[
        {
          display: 'inline-flex',
          alignItems: 'center',
          height: small ? 24 : 32,
          px: small ? 1 : 1.5,
          borderRadius: 4,
          fontSize: '0.8125rem',
          fontWeight: 700,
          lineHeight: 1,
          whiteSpace: 'nowrap',
          bgcolor: 'error.dark',
          color: 'common.white',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {t('article.breaking')}
    </Box>
  );
}
