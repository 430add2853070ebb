import { AD_SKIPPABLE_AFTER_SECONDS, apiPaths, type Ad, type ArticleSummary } from '@newsreel/contracts';
import { useEffect, useEffectEvent, useRef, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi, useAppSelector } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { PlayArrowRoundedIcon } from '../../../app/ui/icons';
import { trackAdEvent, type AdAction } from '../../../lib/analytics-events';
import { browserStorage } from '../../../lib/storage';
import { visitAds } from '../lib/ad-rules';
import { ArrowOutwardRoundedIcon, SkipNextRoundedIcon } from './hero-icons';
import styles from './ad-break.module.css';

export interface AdBreakProps {
  /** The article the ad plays before. */
  article: ArticleSummary;
  /** Its number in this visit (lib/ad-rules.ts). */
  articleNumber: number;
  /** The ad is over: played or skipped (`played`), or it failed or there was none. */
  onDone: (played: boolean) => void;
}

/**
 * An ad before the article, in the player's box (issue 17): lazily loaded, only when the rules say
 * an ad is due. It asks the server for the ad (none: done at once), plays it with an "Ad" label, a
 * countdown, "Skip ad" after AD_SKIPPABLE_AFTER_SECONDS and a link to the advertiser; its
 * impression, skip, completion and click go to analytics, and the last ad to browser storage.
 */
export function AdBreak({ article, articleNumber, onDone }: AdBreakProps): JSX.Element | null {
  const { t } = useTranslation();
  const api = useApi();
  const visitorId = useAppSelector((state) => state.visitor?.id);
  const [ad, setAd] = useState<Ad | null>(null);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [blocked, setBlocked] = useState(false);
  const video = useRef<HTMLVideoElement>(null);
  const shown = useRef(false);
  const finished = useRef(false);

  function finish(played: boolean) {
    if (finished.current) return;
    finished.current = true;
    onDone(played);
  }
  const finishFromEffect = useEffectEvent(finish);

  useEffect(() => {
    const controller = new AbortController();
    if (!visitorId) return void finishFromEffect(false);
    api
      .get<Ad | undefined>(apiPaths.adNext, { query: { visitorId, articleId: article.id }, signal: controller.signal })
      .then((answer) => (answer ? setAd(answer) : finishFromEffect(false)))
      .catch(() => {
        if (!controller.signal.aborted) finishFromEffect(false);
      });
    return () => controller.abort();
  }, [api, visitorId, article.id]);

  const track = (action: AdAction) => ad && trackAdEvent(action, ad, article);
  const remember = () => ad && browserStorage.lastAd.set({ adId: ad.adId, playedAt: new Date().toISOString() });

  async function start() {
    const element = video.current;
    if (!element) return;
    setBlocked(false);
    try {
      await element.play();
    } catch (error) {
      // Browsers refuse sound without a gesture: the ad plays muted, as the article would.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError') || element.muted) return setBlocked(true);
      element.muted = true;
      await element.play().catch(() => setBlocked(true));
    }
  }
  const startOnLoad = useEffectEvent(() => void start());
  useEffect(() => {
    if (ad) startOnLoad();
  }, [ad]);

  if (!ad) return null;

  function end(action: 'Ad Skip' | 'Ad Complete') {
    video.current?.pause();
    track(action);
    remember();
    finish(true);
  }

  const secondsLeft = Math.max(0, Math.ceil(time.duration - time.current));
  const skippable = time.current >= AD_SKIPPABLE_AFTER_SECONDS;
  return (
    <div className={styles.adBreak} data-ad-break role="region" aria-label={t('player.adLabel')}>
      <video
        ref={video}
        src={ad.mediafile.file}
        playsInline
        preload="auto"
        className={styles.media}
        onPlaying={() => {
          if (shown.current) return;
          shown.current = true;
          visitAds.played(articleNumber);
          remember();
          track('Ad Impression');
        }}
        onTimeUpdate={(event) => setTime({ current: event.currentTarget.currentTime, duration: Number.isFinite(event.currentTarget.duration) ? event.currentTarget.duration : 0 })}
        onEnded={() => end('Ad Complete')}
        onError={() => finish(shown.current)}
      />
      <div className={styles.top}>
        <span className={styles.badge}>{t('player.ad')}</span>
        {time.duration > 0 && <span className={styles.countdown}>{t('player.adEndsIn', { s: secondsLeft })}</span>}
      </div>
      {blocked && (
        <Button variant="contained" startIcon={<PlayArrowRoundedIcon />} onClick={() => void start()} className={styles.play}>
          {t('player.play')}
        </Button>
      )}
      <div className={styles.bottom}>
        {ad.clickUrl && (
          <a
            href={ad.clickUrl}
            target="_blank"
            rel="noopener noreferrer sponsored"
            className={styles.link}
            onClick={() => {
              track('Ad Click');
              video.current?.pause();
            }}
          >
            {t('player.adLearnMore')}
            <ArrowOutwardRoundedIcon />
          </a>
        )}
        {skippable ? (
          <Button variant="contained" endIcon={<SkipNextRoundedIcon />} onClick={() => end('Ad Skip')} className={styles.skip}>
            {t('player.skipAd')}
          </Button>
        ) : (
          <span className={styles.skipIn}>{t('player.skipAdIn', { s: Math.max(1, Math.ceil(AD_SKIPPABLE_AFTER_SECONDS - time.current)) })}</span>
        )}
      </div>
    </div>
  );
}
