import type { ArticleSummary } from '@newsreel/contracts';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { directionOf } from '../../../lib/i18n';
import { ArticlePlayer, type ArticlePlayerHandle } from '../../player/components/article-player';
import { mediaKindOf } from '../../player/lib/media-source';
import { useDeviceFeed } from '../api/device-feed';
import { remoteKeyOf } from '../lib/remote-keys';
import type { TvActions } from '../hooks/use-tv-session';
import styles from './tv.module.css';

/** The size the player's own controls are drawn for; larger screens zoom it (a 4K TV ×3). */
const DESIGN_WIDTH = 1280;
const DESIGN_HEIGHT = 720;

/** The player's box on this screen (16:9, as large as fits) and the zoom that draws it there at DESIGN_WIDTH. */
function stageSize() {
  const width = Math.min(window.innerWidth, (window.innerHeight * 16) / 9);
  const zoom = Math.max(1, Math.min(window.innerWidth / DESIGN_WIDTH, window.innerHeight / DESIGN_HEIGHT));
  return { width: width / zoom, zoom };
}

function useStageSize() {
  const [size, setSize] = useState(stageSize);
  useEffect(() => {
    const onResize = () => setSize(stageSize());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** More of the feed is asked for once the one playing or focused is this close to its end. */
const LOAD_AHEAD = 3;

/**
 * The paired screen: the owner's feed full screen, lean-back. Left and right (mirrored in
 * right-to-left languages) play the previous and next article; up and down open the rail of
 * articles and move through it; OK plays or pauses, or plays the article focused; Back closes
 * the rail or the menu, else opens the menu (stop playing here, unpair this screen).
 */
export function TvPlayer({ deviceId, secret, session }: { deviceId: string; secret: string; session: TvActions }) {
  const { t, i18n } = useTranslation();
  const rtl = directionOf(i18n.resolvedLanguage ?? i18n.language) === 'rtl';
  const feed = useDeviceFeed(deviceId, secret);
  // Only what plays: the TV has no page to read a transcript-only article on.
  const articles = useMemo(() => (feed.data?.pages.flatMap((page) => page.items) ?? []).filter((article) => mediaKindOf(article) !== 'none'), [feed.data]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [panel, setPanel] = useState<'none' | 'rail' | 'menu'>('none');
  const [focusIndex, setFocusIndex] = useState(0);
  const playerRef = useRef<ArticlePlayerHandle>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const railRef = useRef<HTMLOListElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuTitleId = useId();
  const stage = useStageSize();

  const current = articles.find((article) => article.id === currentId) ?? articles[0];
  const currentIndex = current ? articles.indexOf(current) : -1;

  // The lease ran out or the screen was unpaired while the feed was read: ask the server where it stands.
  const feedRefused = isApiError(feed.error) && (feed.error.status === 403 || feed.error.status === 404);
  useEffect(() => {
    if (feedRefused) session.retryNow();
  }, [feedRefused, session]);

  const loadMore = useEffectEvent((index: number) => {
    if (index >= articles.length - LOAD_AHEAD && feed.hasNextPage && !feed.isFetchingNextPage) void feed.fetchNextPage();
  });
  useEffect(() => loadMore(currentIndex), [currentIndex]);
  useEffect(() => loadMore(focusIndex), [focusIndex]);

  function play(index: number) {
    const article = articles[(index + articles.length) % articles.length];
    if (article) setCurrentId(article.id);
  }

  // The focus follows the rail's chosen item and the menu's first action as they open.
  useEffect(() => {
    if (panel === 'rail') railRef.current?.querySelectorAll<HTMLButtonElement>('button')[focusIndex]?.focus();
    if (panel === 'none') stageRef.current?.focus({ preventScroll: true });
  }, [panel, focusIndex]);
  useEffect(() => {
    if (panel === 'menu') menuRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [panel]);

  function togglePlay() {
    const video = stageRef.current?.querySelector('video');
    if (!video) return;
    // Autoplay without a gesture starts muted; the first OK brings the sound.
    if (video.muted && !video.paused) video.muted = false;
    else if (video.paused) playerRef.current?.play();
    else playerRef.current?.pause();
  }

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    const key = remoteKeyOf(event, rtl);
    if (!key) return;
    const onButton = event.target instanceof HTMLButtonElement;
    if (panel === 'menu') {
      if (key === 'back') setPanel('none');
      else if (key === 'up' || key === 'down') {
        const buttons = [...(menuRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
        const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
        buttons[Math.min(buttons.length - 1, Math.max(0, index + (key === 'down' ? 1 : -1)))]?.focus();
      } else return;
    } else if (panel === 'rail') {
      if (key === 'back') setPanel('none');
      else if (key === 'up' || key === 'down') setFocusIndex((index) => Math.min(articles.length - 1, Math.max(0, index + (key === 'down' ? 1 : -1))));
      else if (key === 'previous' || key === 'next') play(currentIndex + (key === 'next' ? 1 : -1));
      else if (key === 'ok' && !onButton) return;
      else return;
    } else if (key === 'back') setPanel('menu');
    else if (key === 'up' || key === 'down') {
      setFocusIndex(Math.max(0, currentIndex));
      setPanel('rail');
    } else if (key === 'previous' || key === 'next') play(currentIndex + (key === 'next' ? 1 : -1));
    else if (key === 'playPause') togglePlay();
    else if (key === 'ok') {
      // OK on a button (the player's own controls, Unmute) presses it.
      if (onButton) return;
      togglePlay();
    }
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  if (feed.isPending) return <p className={styles.status}>{t('tv.loading')}</p>;
  if (feed.isError && !feedRefused) {
    return (
      <div className={styles.message}>
        <h1 className={styles.title}>{t('tv.feedFailed')}</h1>
        <div className={styles.actions}>
          <button type="button" className={styles.button} autoFocus onClick={() => void feed.refetch()}>
            {t('tv.retry')}
          </button>
        </div>
      </div>
    );
  }
  if (!current) {
    return (
      <div className={styles.message}>
        <h1 className={styles.title}>{t('tv.empty.title')}</h1>
        <p className={styles.body}>{t('tv.empty.body')}</p>
      </div>
    );
  }

  return (
    <div className={styles.watch} data-panel={panel}>
      <div ref={stageRef} className={styles.stage} tabIndex={-1}>
        <div data-zoomed style={{ width: stage.width, zoom: stage.zoom }}>
          <ArticlePlayer ref={playerRef} article={current} autoPlay variant="hero" onEnded={() => play(currentIndex + 1)} />
        </div>
      </div>
      <NowPlaying article={current} position={currentIndex + 1} total={feed.data?.pages[0]?.total ?? articles.length} hidden={panel !== 'none'} />

      {panel === 'rail' && (
        <nav className={styles.rail} aria-label={t('tv.rail')}>
          <ol ref={railRef} className={styles.railList}>
            {articles.map((article, index) => (
              <li key={article.id}>
                <button
                  type="button"
                  className={styles.railItem}
                  aria-current={article.id === current.id ? 'true' : undefined}
                  onFocus={() => setFocusIndex(index)}
                  onClick={() => {
                    play(index);
                    setPanel('none');
                  }}
                >
                  {article.poster && <img src={article.poster} alt="" className={styles.railPoster} loading="lazy" />}
                  <span className={styles.railTitle} lang={article.language} dir="auto">
                    {article.title}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}

      {panel === 'menu' && (
        <div ref={menuRef} className={styles.menu} role="dialog" aria-modal="true" aria-labelledby={menuTitleId}>
          <h2 id={menuTitleId} className={styles.menuTitle}>
            {t('tv.menu.title')}
          </h2>
          <button type="button" className={styles.button} onClick={() => setPanel('none')}>
            {t('tv.menu.continue')}
          </button>
          <button type="button" className={styles.button} onClick={() => session.stopPlaying()}>
            {t('tv.menu.stop')}
          </button>
          <button type="button" className={styles.button} onClick={() => void session.unpair()}>
            {t('tv.menu.unpair')}
          </button>
        </div>
      )}

      {panel === 'none' && (
        <p className={styles.keys} aria-hidden>
          {t('tv.keys')}
        </p>
      )}
    </div>
  );
}

function NowPlaying({ article, position, total, hidden }: { article: ArticleSummary; position: number; total: number; hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={styles.nowPlaying} data-hidden={hidden}>
      <p className={styles.publisher}>
        <bdi>{article.publisher.name}</bdi>
        <span className={styles.position}>{t('tv.position', { position, total })}</span>
      </p>
      <h1 className={styles.articleTitle} lang={article.language} dir="auto">
        {article.title}
      </h1>
    </div>
  );
}
