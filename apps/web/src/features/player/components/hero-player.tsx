import ArrowOutwardRounded from '@mui/icons-material/ArrowOutwardRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { ArticleSummary } from '@newsreel/contracts';
import { useEffect, useEffectEvent, useId, useRef, useState, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatAge, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ArticleCard, ArticleCardSkeleton } from '../../articles/components/article-card';
import { BreakingChip } from '../../articles/components/breaking-chip';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../hooks/use-record-view-once';
import { ArticlePlayer, PLAYER_RATIO } from './article-player';
import { UpNextOverlay } from './up-next-overlay';

export interface HeroPlayerProps {
  articles: readonly ArticleSummary[];
  hasMore: boolean;
  /** Asked for the next page as the channel nears the end of the list; may be called again before it arrives. */
  onLoadMore: () => void;
  heading?: string;
}

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

const layout = {
  display: 'grid',
  gap: { xs: 2, md: 3, xxl: 5 },
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    md: 'minmax(0, 2fr) minmax(280px, 1fr)',
    xxl: 'minmax(0, 5fr) minmax(560px, 2fr)',
  },
} as const;

/**
 * The lean-back news channel: one large player plays the current report and moves on to the
 * next by itself, with the list of what comes beside it (below it on phones).
 */
export function HeroPlayer({ articles, hasMore, onLoadMore, heading }: HeroPlayerProps): JSX.Element {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dispatch = useAppDispatch();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
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

  const titleLevel = heading ? 'h3' : 'h2';
  const territoryKey = territoryLabelKey[current.territory];
  const meta = [
    current.publisher.name,
    territoryKey ? t(territoryKey) : null,
    current.location?.name,
    current.publishedAt ? formatAge(current.publishedAt, language) : null,
  ].filter(Boolean);

  return (
    <Box component="section" aria-labelledby={heading ? headingId : undefined} aria-label={heading ? undefined : t('player.nowPlaying')}>
      {heading && (
        <Typography id={headingId} component="h2" variant="h5" sx={{ fontWeight: 800, mb: { xs: 1.5, xxl: 3 }, fontSize: { xxl: '3rem' } }}>
          {heading}
        </Typography>
      )}
      <Box sx={layout}>
        <Box sx={{ minWidth: 0 }}>
          <Box sx={{ position: 'relative' }}>
            <ArticlePlayer
              article={current}
              autoPlay
              variant="hero"
              onEnded={() => next && setSecondsLeft(UP_NEXT_SECONDS)}
              onTimeUpdate={(seconds) => seconds >= VIEW_AFTER_SECONDS && recordView(current.id)}
            />
            {secondsLeft !== null && next && (
              <UpNextOverlay next={next} secondsLeft={secondsLeft} onPlayNow={() => play(next)} onCancel={() => setSecondsLeft(null)} />
            )}
          </Box>
          <Stack sx={{ mt: { xs: 1.5, xxl: 3 }, gap: 0.5, px: { xs: 0.5, sm: 0 } }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="overline" sx={{ color: 'primary.main', fontWeight: 700, lineHeight: 1.5 }}>
                {t('player.nowPlaying')}
              </Typography>
              {current.breaking && <BreakingChip size="small" />}
            </Stack>
            <Typography component={titleLevel} lang={current.language} dir="auto" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem', xxl: '3rem' }, fontWeight: 800, lineHeight: 1.25 }}>
              {current.title}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: '0.875rem', xxl: '1.25rem' } }}>
              {meta.join(' · ')}
            </Typography>
            <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to={paths.article.href(current.id)} variant="outlined" endIcon={<ArrowOutwardRounded aria-hidden />}>
                {t('player.openArticle')}
              </Button>
              {next && (
                <Button onClick={() => play(next)} startIcon={<SkipNextRounded aria-hidden />}>
                  {t('player.next')}
                </Button>
              )}
            </Stack>
          </Stack>
        </Box>

        <Box sx={{ position: 'relative', minWidth: 0, minHeight: { md: 0 } }}>
          <Stack sx={{ position: { md: 'absolute' }, inset: { md: 0 } }}>
            <Typography component={titleLevel} variant="subtitle1" sx={{ fontWeight: 800, mb: 1, fontSize: { xxl: '1.5rem' } }}>
              {t('player.upNext')}
            </Typography>
            <Box
              ref={listRef}
              sx={{
                position: 'relative',
                flexGrow: 1,
                minHeight: 0,
                overflowY: { md: 'auto' },
                paddingInlineEnd: { md: 0.5 },
                scrollbarWidth: 'thin',
              }}
            >
              <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: { xs: 1, xxl: 2 } }}>
                {drawn.map((article) => (
                  <li key={article.id} data-hero-item={article.id}>
                    <ArticleCard article={article} layout="row" onSelect={() => play(article)} current={article.id === current.id} />
                  </li>
                ))}
              </Box>
              <Box ref={sentinelRef} sx={{ height: 1 }} />
              {(hasMore || !allDrawn) && (
                <Button fullWidth onClick={allDrawn ? onLoadMore : () => setDrawnCount(articles.length)} sx={{ mt: 1 }}>
                  {t('player.loadMore')}
                </Button>
              )}
            </Box>
          </Stack>
        </Box>
      </Box>
    </Box>
  );
}

/** The hero player's shape while the first articles load: same boxes, so nothing moves. */
export function HeroPlayerSkeleton({ heading }: { heading?: string }) {
  return (
    <Box aria-busy="true">
      {heading && (
        <Typography component="h2" variant="h5" sx={{ fontWeight: 800, mb: { xs: 1.5, xxl: 3 }, fontSize: { xxl: '3rem' } }}>
          {heading}
        </Typography>
      )}
      <Box sx={layout} aria-hidden>
        <Box>
          <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: PLAYER_RATIO, borderRadius: { xs: 0, sm: 2 } }} />
          <Skeleton variant="text" sx={{ mt: 1.5, fontSize: '0.75rem', width: 96 }} />
          <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: '80%' }} />
          <Skeleton variant="text" sx={{ width: '45%' }} />
        </Box>
        <Stack sx={{ gap: 1 }}>
          <Skeleton variant="text" sx={{ width: 96 }} />
          {Array.from({ length: 4 }, (_, index) => (
            <ArticleCardSkeleton key={index} layout="row" />
          ))}
        </Stack>
      </Box>
    </Box>
  );
}
