import GraphicEqRounded from '@mui/icons-material/GraphicEqRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MediaType, type ArticleSummary } from '@newsreel/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatAge, formatDistance, formatDuration, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { BreakingChip } from './breaking-chip';

/** Posters are 16:9; the box keeps that shape before the image arrives, so nothing shifts. */
export const POSTER_RATIO = '16 / 9';

export interface ArticleCardProps {
  article: ArticleSummary;
  /** Where the card leads; the article page by default. */
  href?: string;
  /** Replaces the link: the card then acts as a button (e.g. "play this next" in the hero player). */
  onSelect?: () => void;
  /** Marks the card as the one playing now. */
  current?: boolean;
  /** Extra line under the meta line, e.g. a search snippet or a quote. */
  children?: ReactNode;
  /** Lays poster and text side by side (lists beside a player); stacked by default. */
  layout?: 'stacked' | 'row';
  /** The first cards of a page load their poster eagerly (they are the page's largest paint). */
  priority?: boolean;
}

/** One article as a card: poster with duration, breaking badge, title, publisher, territory and age. */
export function ArticleCard({ article, href, onSelect, current, children, layout = 'stacked', priority }: ArticleCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const territoryKey = territoryLabelKey[article.territory];
  const isAudio = article.mediafile?.type === MediaType.AUDIO;
  const row = layout === 'row';
  const action = onSelect
    ? { component: 'button' as const, onClick: onSelect, 'aria-current': current ? ('true' as const) : undefined }
    : { component: RouterLink, to: href ?? paths.article.href(article.id) };

  return (
    <Card
      variant="outlined"
      data-article-id={article.id}
      sx={{ bgcolor: current ? 'action.selected' : 'background.paper', borderColor: current ? 'primary.main' : 'divider', height: '100%' }}
    >
      <CardActionArea
        {...action}
        sx={{ display: 'flex', flexDirection: row ? 'row' : 'column', alignItems: 'stretch', height: '100%', textAlign: 'start' }}
      >
        <Box
          sx={{
            position: 'relative',
            aspectRatio: POSTER_RATIO,
            width: row ? { xs: 128, sm: 168 } : '100%',
            flexShrink: 0,
            bgcolor: 'grey.900',
            overflow: 'hidden',
          }}
        >
          {article.poster && (
            <Box
              component="img"
              src={article.poster}
              alt=""
              loading={priority ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              decoding="async"
              sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
            />
          )}
          {article.breaking && (
            <BreakingChip size="small" sx={{ position: 'absolute', top: 8, insetInlineStart: 8 }} />
          )}
          {article.durationSeconds !== null && (
            <Box
              sx={{
                position: 'absolute',
                bottom: 6,
                insetInlineEnd: 6,
                display: 'inline-flex',
                alignItems: 'center',
                gap: 0.25,
                px: 0.75,
                borderRadius: 1,
                bgcolor: 'rgba(0,0,0,0.78)',
                color: 'common.white',
                typography: 'caption',
                fontWeight: 600,
              }}
            >
              {isAudio ? <GraphicEqRounded sx={{ fontSize: 14 }} aria-hidden /> : <PlayArrowRounded sx={{ fontSize: 14 }} aria-hidden />}
              <span>
                <Box component="span" sx={visuallyHidden}>
                  {isAudio ? t('article.audioLength') : t('article.videoLength')}{' '}
                </Box>
                {formatDuration(article.durationSeconds, language)}
              </span>
            </Box>
          )}
        </Box>
        <Stack spacing={0.5} sx={{ p: row ? 1.25 : 1.5, minWidth: 0, flexGrow: 1 }}>
          <Typography
            component="h3"
            variant={row ? 'subtitle2' : 'subtitle1'}
            sx={{ fontWeight: 700, lineHeight: 1.3, display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
          >
            {article.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[
              article.publisher.name,
              territoryKey ? t(territoryKey) : null,
              article.distanceMeters !== undefined ? formatDistance(article.distanceMeters, language) : article.location?.name,
              article.publishedAt ? formatAge(article.publishedAt, language) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {children}
        </Stack>
      </CardActionArea>
    </Card>
  );
}

/** The card's shape while it loads: same size, so the page does not move when articles arrive. */
export function ArticleCardSkeleton({ layout = 'stacked' }: { layout?: 'stacked' | 'row' }) {
  const row = layout === 'row';
  return (
    <Card variant="outlined" aria-hidden sx={{ display: 'flex', flexDirection: row ? 'row' : 'column', height: '100%' }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: POSTER_RATIO, width: row ? { xs: 128, sm: 168 } : '100%', height: 'auto', flexShrink: 0 }} />
      <Stack spacing={0.5} sx={{ p: 1.5, flexGrow: 1 }}>
        <Skeleton variant="text" sx={{ fontSize: '1rem' }} />
        <Skeleton variant="text" sx={{ fontSize: '1rem', width: '70%' }} />
        <Skeleton variant="text" sx={{ fontSize: '0.875rem', width: '50%' }} />
      </Stack>
    </Card>
  );
}
