import { useTranslation } from 'react-i18next';
import { classNames } from '../../../app/ui/class-names';
import styles from './breaking-chip.module.css';

/**
 * The "Breaking" badge, drawn as MUI's chip is (a label only needs a span, not the chip's code).
 * The theme's error red under white text reads at only 3.7:1 on the dark theme; its darker shade
 * passes WCAG AA (4.98:1). `className` places it (e.g. over a poster).
 */
export function BreakingChip({ size = 'medium', className }: { size?: 'small' | 'medium'; className?: string }) {
  const { t } = useTranslation();
  return <span className={classNames(styles.chip, size === 'small' && styles.small, className)}>{t('article.breaking')}</span>;
}
