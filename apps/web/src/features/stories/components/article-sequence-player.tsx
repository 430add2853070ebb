import ArrowOutwardRounded from '@mui/icons-material/ArrowOutwardRounded';
import ReplayRounded from '@mui/icons-material/ReplayRounded';
import SkipNextRounded from '@mui/icons-material/SkipNextRounded';
import SkipPreviousRounded from '@mui/icons-material/SkipPreviousRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ArticleSummary } from '@newsreel/contracts';
import { useEffect, useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { ArticleCard } from '../../articles/components/article-card';
import { ArticlePlayer } from '../../player/components/article-player';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../../player/hooks/use-record-view-once';
import { useSwipe } from '../hooks/use-swipe';
import { sequenceStart, stepSequence, type SequenceAction, type SequenceState } from '../lib/sequence';

export interface ArticleSequencePlayerProps {
  /** The articles in their order, as far as they are loaded. */
  articles: readonly ArticleSummary[];
  /** How many there are in all (the list's total), for "n of N". */
  total: number;
  hasMore: boolean;
  onLoadMore: () => void;
  /** Heading of the list of articles beside the player, e.g. "In this story". */
  listHeading: string;
  /** When the articles are a playlist's: its id, which their media events carry. */
  playlistId?: string;
}

// Up to this many articles the progress is drawn as one segment each; more become one bar.
const MAX_SEGMENTS = 30;

/** One bar per article: watched ones full, the current one as far as it has played. */
function SequenceProgress({ count, index, fraction }: { count: number; index: number; fraction: number }) {
  const segments = count <= MAX_SEGMENTS ? count : 1;
  const fill = (segment: number) => {
    if (segments === 1 && count > 1) return (index + fraction) / count;
    if (segment < index) return 1;
    if (segment === index) return fraction;
    return 0;
  };
  return (
    <Box aria-hidden sx={{ display: 'flex', gap: 0.5, flexGrow: 1, minWidth: 0 }}>
      {Array.from({ length: segments }, (_, segment) => (
        <Box key={segment} sx={{ flex: 1, height: 4, borderRadius: 2, bgcolor: 'rgba(255,255,255,0.2)', overflow: 'hidden' }}>
          <Box
            sx={{ height: '100%', width: `${Math.round(fill(segment) * 1000) / 10}%`, bgcolor: 'primary.main', transition: 'width 0.25s linear' }}
          />
        </Box>
      ))}
    </Box>
  );
}

/**
 * An ordered set of articles (a story, a playlist) played in a row: each moves on to the next
 * when it ends; previous and next buttons, a swipe over the player (mirrored in right-to-left
 * languages), or a click in the list move between them; "n of N" and a bar per article show
 * where the reader is.
 */
export function ArticleSequencePlayer({ articles, total, hasMore, onLoadMore, listHeading, playlistId }: ArticleSequencePlayerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const direction = useTheme().direction;
  const dispatch = useAppDispatch();
  const recordView = useRecordViewOnce();
  const count = articles.length;
  const [state, dispatchStep] = useReducer(
    (current: SequenceState, action: SequenceAction) => stepSequence(current, action, count),
    sequenceStart,
  );
  const [played, setPlayed] = useState({ articleId: '', seconds: 0 });
  const listHeadingId = useId();
  const article = articles[Math.min(state.index, Math.max(0, count - 1))];
  const known = Math.max(total, count);

  const step = (action: SequenceAction) => dispatchStep(action);
  const swipe = useSwipe((delta) => step({ type: delta === 1 ? 'next' : 'previous' }));

  // Read ahead: the next page arrives before the reader gets to the end of this one.
  useEffect(() => {
    if (hasMore && state.index >= count - 2) onLoadMore();
  }, [hasMore, state.index, count, onLoadMore]);

  // The article playing is the current one (the poll dialog and sharing read it).
  useEffect(() => {
    if (!article) return;
    dispatch(appActions.setCurrentArticle(article));
  }, [article, dispatch]);
  useEffect(() => () => void dispatch(appActions.setCurrentArticle(null)), [dispatch]);

  function onTimeUpdate(seconds: number) {
    if (!article) return;
    setPlayed({ articleId: article.id, seconds });
    if (seconds >= VIEW_AFTER_SECONDS) recordView(article.id);
  }

  if (!article) return null;
  const duration = article.mediafile?.durationSeconds ?? article.durationSeconds ?? 0;
  const playedSeconds = played.articleId === article.id ? played.seconds : 0;
  const fraction = duration > 0 ? Math.min(1, playedSeconds / duration) : 0;
  const atStart = state.index === 0;
  const atEnd = state.index >= count - 1 && !hasMore;
  // Skip icons point along the reading direction.
  const PreviousIcon = direction === 'rtl' ? SkipNextRounded : SkipPreviousRounded;
  const NextIcon = direction === 'rtl' ? SkipPreviousRounded : SkipNextRounded;
  const position = t('stories.player.position', { position: formatCount(state.index + 1, language), total: formatCount(known, language) });

  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 2, md: 3 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(320px, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        <Box {...swipe} data-testid="sequence-swipe-area" sx={{ touchAction: 'pan-y' }}>
          <ArticlePlayer
            article={article}
            autoPlay
            variant="hero"
            playlistId={playlistId}
            onEnded={() => step({ type: 'ended' })}
            onTimeUpdate={onTimeUpdate}
          />
        </Box>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <IconButton onClick={() => step({ type: 'previous' })} disabled={atStart} aria-label={t('stories.player.previous')}>
            <PreviousIcon aria-hidden />
          </IconButton>
          <SequenceProgress count={known} index={state.index} fraction={fraction} />
          <Typography
            variant="body2"
            aria-live="polite"
            data-testid="sequence-position"
            data-position={state.index + 1}
            sx={{ whiteSpace: 'nowrap', fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
          >
            {position}
          </Typography>
          <IconButton onClick={() => step({ type: 'next' })} disabled={atEnd} aria-label={t('stories.player.next')}>
            <NextIcon aria-hidden />
          </IconButton>
        </Stack>
        {state.finished && (
          <Alert
            severity="success"
            icon={false}
            action={
              <Button color="inherit" size="small" startIcon={<ReplayRounded aria-hidden />} onClick={() => step({ type: 'restart' })}>
                {t('stories.player.again')}
              </Button>
            }
          >
            {t('stories.player.finished')}
          </Alert>
        )}
        <Stack spacing={0.5}>
          <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {article.publisher.name}
          </Typography>
          <Typography color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
            {article.description}
          </Typography>
          <Box sx={{ pt: 0.5 }}>
            <Button component={RouterLink} to={paths.article.href(article.id)} variant="outlined" endIcon={<ArrowOutwardRounded aria-hidden />}>
              {t('stories.player.openArticle')}
            </Button>
          </Box>
        </Stack>
      </Stack>
      <Box component="section" aria-labelledby={listHeadingId} sx={{ minWidth: 0 }}>
        <Typography id={listHeadingId} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {listHeading}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1,
            // Beside the player the list scrolls on its own, so the player stays in view.
            maxHeight: { lg: 'calc(100vh - 160px)' },
            overflowY: { lg: 'auto' },
            paddingInlineEnd: { lg: '4px' },
          }}
        >
          {articles.map((item, index) => (
            <li key={item.id}>
              <ArticleCard article={item} layout="row" current={index === state.index} onSelect={() => step({ type: 'select', index })} />
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
