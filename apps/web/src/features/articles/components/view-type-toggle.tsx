import GridView from '@mui/icons-material/GridView';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { VIEW_TYPES, type ViewType } from '@newsreel/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewType } from '../hooks/use-view-type';

const icons: Record<ViewType, ReactElement> = {
  'hero-player': <ViewCarousel fontSize="small" aria-hidden />,
  grid: <GridView fontSize="small" aria-hidden />,
};

/**
 * Chooses how article lists are laid out, hero-player or grid; small enough for a heading row.
 * On phones the buttons show their icons only (their names stay as labels and titles). Two
 * pressed/unpressed buttons in a group, drawn like MUI's toggle buttons (whose group, with its
 * roving focus, was 4 KB of the home page's first code for two buttons).
 */
export function ViewTypeToggle() {
  const { t } = useTranslation();
  const [viewType, setViewType] = useViewType();
  return (
    <Box
      role="group"
      aria-label={t('viewType.label')}
      sx={{ display: 'inline-flex', flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
    >
      {VIEW_TYPES.map((type, index) => (
        <ButtonBase
          key={type}
          aria-pressed={viewType === type}
          aria-label={t(`viewType.${type}`)}
          title={t(`viewType.${type}`)}
          data-view-type={type}
          onClick={() => setViewType(type)}
          sx={{
            gap: 0.75,
            px: { xs: 1.25, sm: 1.5 },
            py: 0.75,
            typography: 'body2',
            fontWeight: 600,
            color: 'text.secondary',
            borderInlineStart: index > 0 ? 1 : 0,
            borderColor: 'divider',
            '&[aria-pressed="true"]': { color: 'primary.main', bgcolor: 'rgba(255, 212, 0, 0.12)' },
            '&:hover': { bgcolor: 'action.hover' },
          }}
        >
          {icons[type]}
          <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t(`viewType.${type}`)}
          </Box>
        </ButtonBase>
      ))}
    </Box>
  );
}
