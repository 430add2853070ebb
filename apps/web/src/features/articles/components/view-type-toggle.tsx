import { VIEW_TYPES, type ViewType } from '@newsreel/contracts';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { GridViewIcon, ViewCarouselIcon } from '../../../app/ui/icons';
import { useViewType } from '../hooks/use-view-type';
import styles from './view-type-toggle.module.css';

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
