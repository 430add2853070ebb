import type { ArticleSummary } from '@newsreel/contracts';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useRef, useState, type ComponentType, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { MEDIA, useMediaQuery } from '../../../app/hooks/use-media-query';
import { appActions, useAppDispatch } from '../../../app/state';
import { Button } from '../../../app/ui/button';
import { Skeleton } from '../../../app/ui/progress';
import { formatAge, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ArticleCard, ArticleCardSkeleton } from '../../articles/components/article-card';
import { BreakingChip } from '../../articles/components/breaking-chip';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../hooks/use-record-view-once';
import { ArticlePlayer } from './article-player';
import { ArrowOutwardRoundedIcon, SkipNextRoundedIcon } from './hero-icons';
import type { UpNextOverlayProps } from './up-next-overlay';
import styles from './hero-player.module.css';

export interface HeroPlayerProps {
  articles: readonly ArticleSummary[];
  hasMore: boolean;
  /** Asked for the next page as the channel nears the end of the list; may be called again before it arrives. */
  onLoadMore: () => void;
  heading?: string;
}

/**
 * The "Up next" card shows only once a report has ended, so its code loads then, not with the
 * page. Should it fail to load (offline, a newer release), the channel still moves on without it.
 */
const UpNextOverlay = lazy(async (): Promise<{ default: ComponentType<UpNextOverlayProps> }> => {
  try {
    return { default: (await import('./up-next-overlay')).UpNextOverlay };
  } catch {
    return { default: () => null };
  }
});

/** Seconds the "Up next" card waits before the next report starts by itself. */
export const UP_NEXT_SECONDS = 5;
/** More articles are asked for once the one playing is this close to the end of the list. */
const LOAD_AHEAD = 3;
/**
 * Cards of the list drawn with the player, and drawn on each step as the reader scrolls towards
 * the end: a page holds 30, and drawing them all at once was most of the page's start-up work.
 */
const FIRST_CARDS = 6;
const MORE_CARDS = 12;

/**
 * The lean-back news channel: one large player plays the current report and moves on to the
 * next by itself, with the list of what comes beside it (below it on phones).
 */
export function HeroPlayer({ articles, hasMore, onLoadMore, heading }: HeroPlayerProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  // The layout itself is CSS; this says where the list scrolls (beside the player, in itself).
  const wide = useMediaQuery(MEDIA.mdUp);
  const headingId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const recordView = useRecordViewOnce();

  const [selectedId, setSelectedId] = useState<string | null>(null);
  // Without IntersectionObserver nothing would say when to draw more, so the whole list is drawn.
  const [drawnCount, setDrawnCount] = useState(() => (typeof IntersectionObserver === 'undefined' ? Infinity : FIRST_CARDS));
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  // The chosen article, or the first one when none is chosen or the list changed under it.
  const current = articles.find((article) => article.id === selectedId) ?? articles[0];
  const currentIndex = current ? articles.indexOf(current) : -1;
  const next = articles[currentIndex + 1];
  // Always as far as the one after the report playing, which the channel may have moved on to.
  const drawn = articles.slice(0, Math.max(drawnCount, currentIndex + 2));
  const allDrawn = drawn.length >= articles.length;

  function play(article: ArticleSummary) {
    setSecondsLeft(null);
    setSelectedId(article.id);
  }

  const advance = useEffectEvent(() => {
    setSecondsLeft(null);
    if (next) setSelectedId(next.id);
  });
  useEffect(() => {
    if (secondsLeft === null) return;
    const timer = window.setTimeout(() => (secondsLeft <= 1 ? advance() : setSecondsLeft(secondsLeft - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  // While it plays here, it is the reader's current article (polls and sharing read it).
  useEffect(() => {
    if (current) dispatch(appActions.setCurrentArticle(current));
  }, [current, dispatch]);
  useEffect(() => () => void dispatch(appActions.setCurrentArticle(null)), [dispatch]);

  const loadMore = useEffectEvent(() => {
    if (hasMore) onLoadMore();
  });
  const nearEnd = currentIndex >= 0 && currentIndex >= articles.length - LOAD_AHEAD;
  useEffect(() => {
    if (nearEnd) loadMore();
  }, [nearEnd, articles.length]);

  // Scrolling the list towards its end draws more of it, then asks for more; beside the player the
  // list scrolls by itself. Observing again after each step reports a sentinel still in reach.
  const drawMore = useEffectEvent(() => {
    if (allDrawn) loadMore();
    else setDrawnCount(drawn.length + MORE_CARDS);
  });
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || (allDrawn && !hasMore) || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && drawMore(), {
      root: wide ? listRef.current : null,
      rootMargin: '400px',
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, wide, articles.length, drawn.length, allDrawn]);

  // Keeps the report playing now in view at the top of the list beside the player.
  const currentId = current?.id;
  useEffect(() => {
    const list = listRef.current;
    if (!wide || !list || !currentId) return;
    const item = list.querySelector<HTMLElement>(`[data-hero-item="${currentId}"]`);
    if (!item) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    list.scrollTo?.({ top: Math.max(0, item.offsetTop - 8), behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [currentId, wide]);

  if (!current) return <HeroPlayerSkeleton heading={heading} />;

  const TitleTag = heading ? 'h3' : 'h2';
  const territoryKey = territoryLabelKey[current.territory];
  const meta = [
    current.publisher.name,
    territoryKey ? t(territoryKey) : null,
    current.location?.name,
    current.publishedAt ? formatAge(current.publishedAt, language) : null,
  ].filter(Boolean);

  return (
    <section aria-labelledby={heading ? headingId : undefined} aria-label={heading ? undefined : t('player.nowPlaying')}>
      {heading && (
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
      )}
      <div className={styles.layout}>
        <div className={styles.main}>
          <div className={styles.stage}>
            <ArticlePlayer
              article={current}
              autoPlay
              variant="hero"
              onEnded={() => next && setSecondsLeft(UP_NEXT_SECONDS)}
              onTimeUpdate={(seconds) => seconds >= VIEW_AFTER_SECONDS && recordView(current.id)}
            />
            {secondsLeft !== null && next && (
              <Suspense fallback={null}>
                <UpNextOverlay next={next} secondsLeft={secondsLeft} onPlayNow={() => play(next)} onCancel={() => setSecondsLeft(null)} />
              </Suspense>
            )}
          </div>
          <div className={styles.details}>
            <div className={styles.nowPlayingRow}>
              <span className={styles.nowPlaying}>{t('player.nowPlaying')}</span>
              {current.breaking && <BreakingChip size="small" />}
            </div>
            <TitleTag lang={current.language} dir="auto" className={styles.title}>
              {current.title}
            </TitleTag>
            <p className={styles.meta}>{meta.join(' · ')}</p>
            <div className={styles.actions}>
              <Button to={paths.article.href(current.id)} variant="outlined" endIcon={<ArrowOutwardRoundedIcon />}>
                {t('player.openArticle')}
              </Button>
              {next && (
                <Button onClick={() => play(next)} startIcon={<SkipNextRoundedIcon />}>
                  {t('player.next')}
                </Button>
              )}
            </div>
          </div>
        </div>

        <div className={styles.aside}>
          <div className={styles.upNext}>
            <TitleTag className={styles.upNextTitle}>{t('player.upNext')}</TitleTag>
            <div ref={listRef} className={styles.scroller}>
              <ol className={styles.list}>
                {drawn.map((article) => (
                  <li key={article.id} data-hero-item={article.id}>
                    <ArticleCard article={article} layout="row" onSelect={() => play(article)} current={article.id === current.id} />
                  </li>
                ))}
              </ol>
              <div ref={sentinelRef} className={styles.sentinel} />
              {(hasMore || !allDrawn) && (
                <Button fullWidth onClick={allDrawn ? onLoadMore : () => setDrawnCount(articles.length)} className={styles.loadMore}>
                  {t('player.loadMore')}
                </Button>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** The hero player's shape while the first articles load: same boxes, so nothing moves. */
export function HeroPlayerSkeleton({ heading }: { heading?: string }) {
  return (
    <div aria-busy="true">
      {heading && <h2 className={styles.heading}>{heading}</h2>}
      <div className={styles.layout} aria-hidden>
        <div>
          <Skeleton shape="rectangular" className={styles.skeletonPlayer} />
          <div className={styles.skeletonDetails}>
            <Skeleton className={styles.skeletonOverline} />
            <Skeleton className={styles.skeletonTitle} />
            <Skeleton className={styles.skeletonMeta} />
          </div>
        </div>
        <div className={styles.skeletonList}>
          <Skeleton className={styles.skeletonUpNext} />
          {Array.from({ length: 4 }, (_, index) => (
            <ArticleCardSkeleton key={index} layout="row" />
          ))}
        </div>
      </div>
    </div>
  );
}
