import GridView from '@mui/icons-material/GridView';
import ViewCarousel from '@mui/icons-material/ViewCarousel';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { VIEW_TYPES, type ViewType } from '@newsreel/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewType } from '../hooks/use-view-type';

const icons: Record<ViewType, ReactElement> = {
  'hero-player': <ViewCarousel fontSize="small" aria-hidden />,
  grid: <GridView fontSize="small" aria-hidden />,
};

/** Chooses how article lists are laid out: hero-player or grid. */
export function ViewTypeToggle() {
  const { t } = useTranslation();
  const [viewType, setViewType] = useViewType();
  return (
    <div>
      <Typography id="view-type-label" variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('viewType.label')}
      </Typography>
      <ToggleButtonGroup
        exclusive
        value={viewType}
        aria-labelledby="view-type-label"
        onChange={(_event, value: ViewType | null) => {
          // Exclusive groups report null when the pressed button is clicked again; keep the choice.
          if (value) setViewType(value);
        }}
      >
        {VIEW_TYPES.map((type) => (
          <ToggleButton key={type} value={type} sx={{ gap: 1, px: 2 }}>
            {icons[type]}
            {t(`viewType.${type}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}
