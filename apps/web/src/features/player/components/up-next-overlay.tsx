import type { ArticleSummary } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../app/ui/button';
import { formatDuration } from '../../../lib/format';
import { SkipNextRoundedIcon } from './hero-icons';
import styles from './up-next-overlay.module.css';

export interface UpNextOverlayProps {
  next: ArticleSummary;
  secondsLeft: number;
  onPlayNow: () => void;
  onCancel: () => void;
}

/** Over the finished report: what plays next and when, with a way to start it now or stay. */
export function UpNextOverlay({ next, secondsLeft, onPlayNow, onCancel }: UpNextOverlayProps) {
  const { t, i18n } = useTranslation();
  return (
    <div className={styles.overlay}>
      {/* Announced once; the countdown below changes every second and is not. */}
      <div aria-live="polite">
        <span className={styles.label}>{t('player.upNext')}</span>
        <p className={styles.title} lang={next.language} dir="auto">
          {next.title}
        </p>
      </div>
      <p className={styles.countdown}>{t('player.upNextIn', { time: formatDuration(secondsLeft, i18n.resolvedLanguage ?? 'en') })}</p>
      <div className={styles.actions}>
        <Button variant="contained" startIcon={<SkipNextRoundedIcon />} onClick={onPlayNow}>
          {t('player.playNow')}
        </Button>
        <Button variant="outlined" color="inherit" onClick={onCancel}>
          {t('player.cancel')}
        </Button>
      </div>
    </div>
  );
}
