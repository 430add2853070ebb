import { isFeatureEnabled } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { classNames } from '../../../app/ui/class-names';
import { paths } from '../../../lib/paths';
import styles from './ai-entry.module.css';
import { AutoAwesomeRoundedIcon } from './ai-icons';

/**
 * The app bar's way to the AI search, shown while the config's aiSearch feature is on: a sparkle
 * on phones, the sparkle and its name ("Ask AI") on wider screens. Only this link is on the first screen; the AI
 * page, its strings and MUI load when it is followed.
 */
export function AiEntry() {
  'use no memo';
  const { t } = useTranslation();
  const enabled = useAppSelector((state) => isFeatureEnabled(state.config, 'aiSearch'));
  if (!enabled) return null;
  return (
    <NavLink to={paths.ai.href()} aria-label={t('aiEntry.label')} className={({ isActive }) => classNames(styles.entry, isActive && styles.active)}>
      <AutoAwesomeRoundedIcon className={styles.icon} />
      <span className={styles.text} aria-hidden="true">
        {t('aiEntry.label')}
      </span>
    </NavLink>
  );
}
