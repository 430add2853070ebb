import PlaceOutlined from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Article } from '@newsreel/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatAge, formatDate, territoryLabelKey } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { ArticlePlayer, PLAYER_RATIO, type ArticlePlayerHandle } from '../../player/components/article-player';
import { useRecordViewOnce, VIEW_AFTER_SECONDS } from '../../player/hooks/use-record-view-once';
import { mediaKindOf } from '../../player/lib/media-source';
import { parseStartTime } from '../../player/lib/start-time';
import { findCueIndex } from '../../player/lib/transcript-cues';
import { useArticle } from '../api/get-article';
import { ArticleActions } from '../components/article-actions';
import { BreakingChip } from '../components/breaking-chip';
import { RelatedArticles } from '../components/related-articles';
import { WhenNearViewport } from '../../../app/components/when-near-viewport';
import { TranscriptPanel, TranscriptPanelSkeleton } from '../components/transcript-panel';

/** The same pattern the API accepts for `language`; anything else is not asked for. */
const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

const pageWidth = { maxWidth: { xs: '100%', xl: 1536, xxl: 2600 }, px: { xs: 0, sm: 3, xxl: 6 }, py: { xs: 0, sm: 3, xxl: 5 } } as const;
const columns = {
  display: 'grid',
  gap: { xs: 3, lg: 4, xxl: 6 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(340px, 1fr)' },
  alignItems: 'start',
} as const;
/** Beside the player the transcript is at most the window's height; below it, a readable box. */
const transcriptBox = {
  maxHeight: { xs: 'min(60vh, 480px)', lg: 'calc(100vh - 120px)' },
  position: { lg: 'sticky' },
  top: { lg: 88 },
  mx: { xs: 2, sm: 0 },
} as const;

/** /v/:articleId: the article's player, facts, transcript and reactions, and more like it. */
export function ArticlePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const articleId = useParams().articleId ?? '';
  const [searchParams] = useSearchParams();
  const startAt = parseStartTime(searchParams.get('t'));
  const requestedLanguage = searchParams.get('language') ?? '';
  const language = LANGUAGE_PATTERN.test(requestedLanguage) ? requestedLanguage : undefined;
  const { data: article, error, isPending, refetch } = useArticle(articleId, { transcript: true, language });

  // While this page shows an article it is the current one (polls and sharing read it).
  useEffect(() => {
    if (!article) return;
    dispatch(appActions.setCurrentArticle(article));
    return () => dispatch(appActions.setCurrentArticle(null));
  }, [article, dispatch]);

  // Going from one article to another (a related one) starts at the top of the new page.
  const shownId = useRef(articleId);
  useEffect(() => {
    if (shownId.current === articleId) return;
    shownId.current = articleId;
    document.scrollingElement?.scrollTo?.({ top: 0 });
  }, [articleId]);

  if (isPending) return <ArticlePageSkeleton label={t('article.loading', { id: articleId })} />;

  if (error) {
    // 400 is the server refusing a malformed id: no article can have it, so it is "not found" too.
    const notFound = isApiError(error) && (error.status === 404 || error.status === 400);
    return (
      <Container maxWidth="md" sx={{ py: 6 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {notFound ? t('article.notFound') : t('article.loadFailed')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {!notFound && (
            <Button variant="contained" onClick={() => void refetch()}>
              {t('common.retry')}
            </Button>
          )}
          <Link component={RouterLink} to={paths.home.href()}>
            {t('common.backHome')}
          </Link>
        </Stack>
      </Container>
    );
  }

  // A new article or a new ?t= is a fresh start: player, highlighted line and view record.
  return <ArticleView key={`${article.id}@${startAt ?? ''}`} article={article} startAt={startAt} />;
}

function ArticleView({ article, startAt }: { article: Article; startAt: number | undefined }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const player = useRef<ArticlePlayerHandle>(null);
  const recordView = useRecordViewOnce();
  const cues = article.transcript?.cues ?? [];
  const [activeCue, setActiveCue] = useState(() => (startAt === undefined ? -1 : findCueIndex(cues, startAt)));
  const playable = mediaKindOf(article) !== 'none';
  const territoryKey = territoryLabelKey[article.territory];

  // With nothing to play, opening the article is reading it.
  useEffect(() => {
    if (!playable) recordView(article.id);
  }, [playable, article.id, recordView]);

  return (
    <Container component="article" maxWidth={false} sx={pageWidth}>
      <Box sx={columns}>
        <Box sx={{ minWidth: 0 }}>
          <ArticlePlayer
            ref={player}
            article={article}
            autoPlay
            startAt={startAt}
            variant="page"
            onTimeUpdate={(seconds) => {
              setActiveCue(findCueIndex(cues, seconds));
              if (seconds >= VIEW_AFTER_SECONDS) recordView(article.id);
            }}
          />
          <Stack sx={{ px: { xs: 2, sm: 0 }, pt: { xs: 2, md: 3 }, gap: 1.5 }}>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {article.breaking && <BreakingChip />}
              {territoryKey && <Chip variant="outlined" label={t(territoryKey)} />}
              {article.location && <Chip variant="outlined" icon={<PlaceOutlined aria-hidden />} label={article.location.name} />}
            </Stack>
            <Typography component="h1" lang={article.language} dir="auto" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem', xxl: '3.75rem' }, fontWeight: 800, lineHeight: 1.2 }}>
              {article.title}
            </Typography>
            <Typography color="text.secondary" sx={{ fontSize: { xs: '0.875rem', sm: '1rem', xxl: '1.25rem' } }}>
              <bdi>
                <Link component={RouterLink} to={paths.publisher.href(article.publisher.id)} color="text.primary" sx={{ fontWeight: 700 }}>
                  {article.publisher.name}
                </Link>
              </bdi>
              {/* Each part isolated, so a Latin name beside an Arabic date keeps its order. */}
              {article.publishedAt && (
                <>
                  {' · '}
                  <time dateTime={article.publishedAt}>
                    <bdi>{formatDate(article.publishedAt, language)}</bdi> · <bdi>{formatAge(article.publishedAt, language)}</bdi>
                  </time>
                </>
              )}
            </Typography>
            {article.categories.length > 0 && (
              <Box component="nav" aria-label={t('article.categories')} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                {article.categories.map((category) => (
                  <Chip
                    key={category.id}
                    component={RouterLink}
                    to={paths.category.href(category.id)}
                    clickable
                    size="small"
                    label={category.name}
                    sx={{ bgcolor: 'action.selected' }}
                  />
                ))}
              </Box>
            )}
            <ArticleActions article={article} />
            <Typography lang={article.language} dir="auto" sx={{ fontSize: { xs: '1rem', xxl: '1.25rem' }, maxWidth: '75ch', mt: 1 }}>
              {article.description}
            </Typography>
            {article.summary && article.summary !== article.description && (
              <Box component="section" aria-labelledby="article-summary-heading" sx={{ maxWidth: '75ch' }}>
                <Typography id="article-summary-heading" component="h2" variant="h6" sx={{ fontWeight: 800, mb: 0.5 }}>
                  {t('article.summary')}
                </Typography>
                <Typography color="text.secondary" lang={article.language} dir="auto" sx={{ fontSize: { xs: '1rem', xxl: '1.25rem' } }}>
                  {article.summary}
                </Typography>
              </Box>
            )}
          </Stack>
        </Box>
        <TranscriptPanel
          articleId={article.id}
          transcript={article.transcript}
          activeIndex={activeCue}
          onSelectCue={
            playable
              ? (cue) => {
                  player.current?.seek(cue.start);
                  player.current?.play();
                }
              : null
          }
          sx={transcriptBox}
        />
      </Box>
      <Box sx={{ px: { xs: 2, sm: 0 }, pb: { xs: 4, sm: 0 } }}>
        {/* Below the player and the transcript on a phone: drawn (and read) as the reader nears it. */}
        <WhenNearViewport>
          <RelatedArticles article={article} />
        </WhenNearViewport>
      </Box>
    </Container>
  );
}

/** The page's shape while the article loads: the same boxes, so nothing moves when it arrives. */
function ArticlePageSkeleton({ label }: { label: string }) {
  return (
    <Container maxWidth={false} sx={{ ...pageWidth, position: 'relative' }} role="status" aria-busy="true">
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
      <Box sx={columns} aria-hidden>
        <Box sx={{ minWidth: 0 }}>
          <Skeleton variant="rectangular" sx={{ width: '100%', height: 'auto', aspectRatio: PLAYER_RATIO, borderRadius: { xs: 0, sm: 2 } }} />
          <Stack sx={{ px: { xs: 2, sm: 0 }, pt: { xs: 2, md: 3 }, gap: 1.5 }}>
            <Stack direction="row" sx={{ gap: 1 }}>
              <Skeleton variant="rounded" width={84} height={32} sx={{ borderRadius: 4 }} />
              <Skeleton variant="rounded" width={104} height={32} sx={{ borderRadius: 4 }} />
            </Stack>
            <Skeleton variant="text" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem', xxl: '3.75rem' }, width: '90%' }} />
            <Skeleton variant="text" sx={{ fontSize: { xs: '1.5rem', sm: '2.125rem', xxl: '3.75rem' }, width: '55%' }} />
            <Skeleton variant="text" sx={{ width: '40%' }} />
            <Stack direction="row" sx={{ gap: 1 }}>
              {[64, 64, 88, 96].map((width, index) => (
                <Skeleton key={index} variant="rounded" width={width} height={36} />
              ))}
            </Stack>
            <Skeleton variant="text" sx={{ width: '100%' }} />
            <Skeleton variant="text" sx={{ width: '75%' }} />
          </Stack>
        </Box>
        <TranscriptPanelSkeleton sx={{ ...transcriptBox, height: { xs: 280, lg: 420 } }} />
      </Box>
    </Container>
  );
}
