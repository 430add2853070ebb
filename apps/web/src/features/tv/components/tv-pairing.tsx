import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { formatPairingCode } from '../../devices/lib/pairing-code';
import styles from './tv.module.css';

/** "7:05": minutes and seconds left. */
function clock(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The unpaired screen: the code large, a QR code of the pairing link, the short address, and the time left. */
export function TvPairing({ pairingCode, expiresAt }: { pairingCode: string; expiresAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const origin = window.location.origin;
  const link = `${origin}${paths.pair.href(pairingCode)}`;
  const secondsLeft = (Date.parse(expiresAt) - now) / 1000;
  return (
    <div className={styles.pairing}>
      <div className={styles.pairingText}>
        <h1 className={styles.title}>{t('tv.pair.title')}</h1>
        <p className={styles.step}>{t('tv.pair.open')}</p>
        {/* Left-to-right inside, on the page's start side (the right in Arabic). */}
        <p className={styles.address}>
          <span dir="ltr">{`${window.location.host}${paths.pair.href()}`}</span>
        </p>
        <p className={styles.step}>{t('tv.pair.enter')}</p>
        <p className={styles.code}>
          <span dir="ltr" data-testid="tv-pairing-code">
            {formatPairingCode(pairingCode)}
          </span>
        </p>
        <p className={styles.hint} role="timer" aria-live="off">
          {secondsLeft > 0 ? t('tv.pair.expiresIn', { time: clock(secondsLeft) }) : t('tv.pair.renewing')}
        </p>
      </div>
      <figure className={styles.qr}>
        <div className={styles.qrFrame} dir="ltr">
          <QRCodeSVG value={link} size={256} marginSize={2} title={t('tv.pair.qrTitle')} className={styles.qrCode} />
        </div>
        <figcaption className={styles.hint}>{t('tv.pair.scan')}</figcaption>
      </figure>
    </div>
  );
}
