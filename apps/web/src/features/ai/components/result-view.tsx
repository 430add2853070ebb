import LinkRounded from '@mui/icons-material/LinkRounded';
import PlayArrowRounded from '@mui/icons-material/PlayArrowRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AiAnswerSentence, AiCitation, AiResult, ArticleSummary } from '@newsreel/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatDuration } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { clipsOf } from '../lib/clips';
import { ClipPlayer } from './clip-player';

/** The page's own address for a result, as a link to share. */
export function resultLink(resultId: string): string {
  return new URL(paths.aiResult.href(resultId), window.location.origin).toString();
}

/**
 * A stored AI result: the answer sentence by sentence with its citations (or the playlist's
 * clips), what made it, and "play", which plays its clips in the hero player. `articles` are the
 * cited articles once they have loaded (the streamed result comes without them).
 */
export function ResultView({
  result,
  articles,
  focusOnShow = false,
}: {
  result: AiResult;
  articles: readonly ArticleSummary[] | undefined;
  /** Moves the focus to the result's heading when it appears (an answer just asked for), so a screen reader reads it. */
  focusOnShow?: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focusOnMount] = useState(focusOnShow);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus({ preventScroll: false });
  }, [focusOnMount]);
  const [playing, setPlaying] = useState<{ from: number } | null>(null);
  const clips = clipsOf({ ...result, articles: articles ? [...articles] : undefined });
  const byId = new Map((articles ?? []).map((article) => [article.id, article]));
  const isPlaylist = result.type === 'playlist';

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(resultLink(result.id));
      dispatch(appActions.showNotification(t('ai.linkCopied'), 'success'));
    } catch {
      // The browser keeps the clipboard closed (permissions, an insecure page): the address bar still has the link.
      dispatch(appActions.showNotification(t('ai.linkCopyFailed'), 'error'));
    }
  }

  return (
    <Stack spacing={2} component="article" aria-labelledby={`ai-result-${result.id}`} data-testid="ai-result" data-result-id={result.id}>
      <Box>
        <Typography variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          {t(isPlaylist ? 'ai.kind.playlist' : 'ai.answerLabel')}
        </Typography>
        <Typography
          ref={headingRef}
          id={`ai-result-${result.id}`}
          tabIndex={-1}
          variant="h5"
          component="h2"
          dir="auto"
          sx={{ fontWeight: 800, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
        >
          {result.query}
        </Typography>
      </Box>

      {result.fallback && (
        <Alert severity="warning" variant="outlined">
          {t('ai.fallbackNote')}
        </Alert>
      )}

      {!result.found ? (
        <Alert severity="info" variant="outlined" data-testid="ai-not-found">
          <Typography sx={{ fontWeight: 700 }}>{t('ai.notFound')}</Typography>
          <Typography variant="body2">{t(isPlaylist ? 'ai.notFoundPlaylistHint' : 'ai.notFoundHint')}</Typography>
        </Alert>
      ) : (
        <>
          {result.extractive && (
            <Typography variant="body2" color="text.secondary" data-testid="ai-extractive-note">
              {t(isPlaylist ? 'ai.extractivePlaylistNote' : 'ai.extractiveNote')}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PlayArrowRounded aria-hidden />}
              disabled={clips.length === 0}
              onClick={() => setPlaying({ from: 0 })}
            >
              {t(isPlaylist ? 'ai.playPlaylist' : 'ai.playAnswer')}
            </Button>
            <Button variant="outlined" startIcon={<LinkRounded aria-hidden />} onClick={() => void copyLink()}>
              {t('ai.copyLink')}
            </Button>
          </Stack>
          {playing && clips.length > 0 && (
            <ClipPlayer
              key={playing.from}
              clips={clips}
              startIndex={playing.from}
              onClose={() => setPlaying(null)}
              label={t(isPlaylist ? 'ai.player.playlistLabel' : 'ai.player.answerLabel')}
            />
          )}
          {isPlaylist ? (
            <PlaylistClips result={result} articles={byId} onPlay={(from) => setPlaying({ from })} />
          ) : (
            <AnswerSentences sentences={result.sentences} articles={byId} />
          )}
        </>
      )}
    </Stack>
  );
}

/** The answer, a paragraph of sentences each followed by the chips of what it cites. */
function AnswerSentences({ sentences, articles }: { sentences: readonly AiAnswerSentence[]; articles: ReadonlyMap<string, ArticleSummary> }) {
  return (
    <Box component="ol" data-testid="ai-answer" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {sentences.map((sentence, index) => (
        <li key={index}>
          <Typography component="p" dir="auto" sx={{ fontSize: '1.0625rem', lineHeight: 1.6, overflowWrap: 'anywhere' }}>
            {sentence.text}
          </Typography>
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {sentence.citations.map((citation) => (
              <CitationChip key={`${citation.articleId}@${citation.startSecond}`} citation={citation} article={articles.get(citation.articleId)} />
            ))}
          </Stack>
        </li>
      ))}
    </Box>
  );
}

/** A citation: the publisher and the second, opening the video there (the article's title and the quote in its description). */
function CitationChip({ citation, article }: { citation: AiCitation; article: ArticleSummary | undefined }) {
  const { t, i18n } = useTranslation();
  const time = formatDuration(citation.startSecond, i18n.resolvedLanguage ?? 'en');
  const label = article ? t('ai.citation', { publisher: article.publisher.name, time }) : time;
  return (
    <Chip
      component={RouterLink}
      to={paths.article.href(citation.articleId, { startAt: citation.startSecond })}
      clickable
      size="small"
      variant="outlined"
      color="primary"
      label={label}
      data-testid="ai-citation"
      data-start={citation.startSecond}
      // The name is what the chip shows; the cited report and its words describe it.
      title={article ? `${article.title} — ${t('ai.quote', { text: citation.quote })}` : t('ai.quote', { text: citation.quote })}
    />
  );
}

/** A playlist's clips in order: what each covers, and a button to play from it. */
function PlaylistClips({ result, articles, onPlay }: { result: AiResult; articles: ReadonlyMap<string, ArticleSummary>; onPlay: (from: number) => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const playable = clipsOf({ ...result, articles: [...articles.values()] });
  return (
    <Box component="ol" data-testid="ai-playlist" sx={{ p: 0, m: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {result.clips.map((clip, index) => {
        const article = articles.get(clip.articleId);
        const playIndex = playable.findIndex((candidate) => candidate.article.id === clip.articleId && candidate.startSecond === clip.startSecond);
        const range = t('ai.player.range', { start: formatDuration(clip.startSecond, language), end: formatDuration(clip.endSecond, language) });
        return (
          <Box component="li" key={`${clip.articleId}@${clip.startSecond}`} sx={{ display: 'flex', gap: 1.5, p: 1.5, borderRadius: 1, bgcolor: 'action.hover', alignItems: 'flex-start' }}>
            <Typography aria-hidden sx={{ fontWeight: 800, color: 'primary.main', minWidth: '1.5em', fontVariantNumeric: 'tabular-nums' }}>
              {index + 1}
            </Typography>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={RouterLink}
                to={paths.article.href(clip.articleId, { startAt: clip.startSecond })}
                color="inherit"
                underline="hover"
                lang={article?.language}
                dir="auto"
                sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
              >
                {article?.title ?? t('ai.clipFallbackTitle', { number: index + 1 })}
              </Link>
              <Typography variant="body2" color="text.secondary">
                {article ? `${article.publisher.name} · ${range}` : range}
              </Typography>
              <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {clip.reason}
              </Typography>
            </Box>
            {playIndex >= 0 && (
              <Button size="small" onClick={() => onPlay(playIndex)} aria-label={t('ai.playFromClip', { number: index + 1 })} sx={{ flexShrink: 0 }}>
                {t('ai.play')}
              </Button>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
