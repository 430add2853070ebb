import GridView from '@mui/icons-material/GridView';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
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
 * On phones the buttons show their icons only (their names stay as labels and titles).
 */
export function ViewTypeToggle() {
  const { t } = useTranslation();
  const [viewType, setViewType] = useViewType();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={viewType}
      aria-label={t('viewType.label')}
      onChange={(_event, value: ViewType | null) => {
        // Exclusive groups report null when the pressed button is clicked again; keep the choice.
        if (value) setViewType(value);
      }}
      sx={{ flexShrink: 0 }}
    >
      {VIEW_TYPES.map((type) => (
        <ToggleButton
          key={type}
          value={type}
          aria-label={t(`viewType.${type}`)}
          title={t(`viewType.${type}`)}
          data-view-type={type}
          sx={{ gap: 0.75, px: { xs: 1.25, sm: 1.5 } }}
        >
          {icons[type]}
          <Box component="span" aria-hidden sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t(`viewType.${type}`)}
          </Box>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
