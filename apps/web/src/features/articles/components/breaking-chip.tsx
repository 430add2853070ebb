import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

/**
 * The "Breaking" badge. The theme's error red under white text reads at only 3.7:1 on the dark
 * theme; its darker shade passes WCAG AA (4.98:1).
 */
export function BreakingChip({ size = 'medium', sx }: { size?: 'small' | 'medium'; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  return (
    <Chip
      size={size}
      label={t('article.breaking')}
      sx={[{ fontWeight: 700, bgcolor: 'error.dark', color: 'common.white' }, ...(Array.isArray(sx) ? sx : [sx])]}
    />
  );
}
