import { VIEW_TYPES, type ViewType } from '@newsreel/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { createIcon } from '../../../app/ui/icon';
import { useViewType } from '../hooks/use-view-type';
import styles from './view-type-toggle.module.css';

// Drawn only by this toggle on the home page, so made here (app/ui/icons.ts comes with the shell).
// Paths copied from @mui/icons-material (Material Design icons, Apache License 2.0).
const ViewCarouselIcon = createIcon("M2 7h4v10H2zm5 12h10V5H7zM18 7h4v10h-4z", 'ViewCarousel');
const GridViewIcon = createIcon([{"tag":"path","props":{"fillRule":"evenodd","d":"M3 3v8h8V3zm6 6H5V5h4zm-6 4v8h8v-8zm6 6H5v-4h4zm4-16v8h8V3zm6 6h-4V5h4zm-6 4v8h8v-8zm6 6h-4v-4h4z"}}], 'GridView');

const icons: Record<ViewType, ReactElement> = {
  'hero-player': <ViewCarouselIcon size="small" />,
  grid: <GridViewIcon size="small" />,
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
    <div role="group" aria-label={t('viewType.label')} className={styles.group}>
      {VIEW_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          aria-pressed={viewType === type}
          aria-label={t(`viewType.${type}`)}
          title={t(`viewType.${type}`)}
          data-view-type={type}
          onClick={() => setViewType(type)}
          className={styles.option}
        >
          {icons[type]}
          <span aria-hidden className={styles.label}>
            {t(`viewType.${type}`)}
          </span>
        </button>
      ))}
    </div>
  );
}
