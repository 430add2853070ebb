import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Transcript, TranscriptCue } from '@newsreel/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDuration, languageName } from '../../../lib/format';
import { paths } from '../../../lib/paths';

export interface TranscriptPanelProps {
  articleId: string;
  /** Null when the article has none. */
  transcript: Transcript | null | undefined;
  /** The line being spoken now (-1 for none). */
  activeIndex: number;
  /** Seeks the media to a line; null when there is nothing to seek (a transcript-only article). */
  onSelectCue: ((cue: TranscriptCue) => void) | null;
  /** Size of the scrolling box, set by the page layout. */
  sx?: SxProps<Theme>;
}

/** After the reader scrolls the transcript, it stops following the playback for this long. */
const READER_SCROLL_PAUSE_MS = 5000;

/**
 * The timed transcript beside the player: the line being spoken is highlighted and kept in view,
 * and choosing a line (click, Enter or Space) plays from it.
 */
export function TranscriptPanel({ articleId, transcript, activeIndex, onSelectCue, sx }: TranscriptPanelProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const headingId = useId();
  const scrollerRef = useRef<HTMLDivElement>(null);
  const readerScrolledAt = useRef(0);

  // Follow the playback inside the panel only (the page itself never jumps), unless the reader
  // is scrolling the transcript themselves.
  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller || activeIndex < 0 || Date.now() - readerScrolledAt.current < READER_SCROLL_PAUSE_MS) return;
    const line = scroller.querySelector<HTMLElement>(`[data-cue-index="${activeIndex}"]`);
    if (!line) return;
    const top = line.offsetTop;
    const visible = top >= scroller.scrollTop && top + line.offsetHeight <= scroller.scrollTop + scroller.clientHeight;
    if (visible) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    scroller.scrollTo?.({ top: Math.max(0, top - scroller.clientHeight / 3), behavior: reduceMotion ? 'auto' : 'smooth' });
  }, [activeIndex]);

  const markReaderScroll = () => {
    readerScrolledAt.current = Date.now();
  };
  const languages = transcript?.languages ?? [];

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={[
        { display: 'flex', flexDirection: 'column', minHeight: 0, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      <Stack direction="row" sx={{ px: 2, py: 1.5, gap: 1, alignItems: 'baseline', flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 800, flexGrow: 1, fontSize: { xxl: '1.5rem' } }}>
          {t('article.transcript')}
        </Typography>
        {languages.length > 1 && (
          <Box component="nav" aria-label={t('article.transcriptLanguages')} sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
            {languages.map((code) => (
              <Link
                key={code}
                component={RouterLink}
                to={paths.article.href(articleId, { language: code })}
                replace
                aria-current={code === transcript?.language ? 'true' : undefined}
                lang={code}
                sx={{ typography: 'body2', fontWeight: code === transcript?.language ? 700 : 400 }}
                color={code === transcript?.language ? 'primary' : 'inherit'}
              >
                {languageName(code, language)}
              </Link>
            ))}
          </Box>
        )}
      </Stack>
      <Box
        ref={scrollerRef}
        onWheel={markReaderScroll}
        onTouchMove={markReaderScroll}
        sx={{ position: 'relative', overflowY: 'auto', flexGrow: 1, minHeight: 0, py: 1, scrollbarWidth: 'thin' }}
      >
        {!transcript || transcript.cues.length === 0 ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
            {t('article.noTranscript')}
          </Typography>
        ) : (
          <Box component="ol" lang={transcript.language} dir="auto" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {transcript.cues.map((cue, index) => {
              const active = index === activeIndex;
              const time = formatDuration(cue.start, language);
              const lineSx = {
                display: 'flex',
                gap: 1.5,
                width: '100%',
                alignItems: 'baseline',
                justifyContent: 'flex-start',
                textAlign: 'start',
                px: 2,
                py: 0.75,
                borderInlineStart: '3px solid',
                borderColor: active ? 'primary.main' : 'transparent',
                bgcolor: active ? 'action.selected' : 'transparent',
                color: active ? 'text.primary' : 'text.secondary',
                transition: 'background-color 150ms ease, color 150ms ease',
              } as const;
              const content = (
                <>
                  <Box
                    component="span"
                    sx={{ typography: 'caption', fontVariantNumeric: 'tabular-nums', color: active ? 'primary.main' : 'text.secondary', minWidth: '3.5ch', flexShrink: 0 }}
                  >
                    {time}
                  </Box>
                  <Box component="span" sx={{ fontSize: { xs: '0.875rem', sm: '1rem', xxl: '1.25rem' }, fontWeight: active ? 600 : 400 }}>
                    {cue.text}
                  </Box>
                </>
              );
              return (
                <li key={`${cue.start}-${index}`} data-cue-index={index} aria-current={active ? 'true' : undefined}>
                  {onSelectCue ? (
                    <ButtonBase
                      onClick={() => {
                        readerScrolledAt.current = 0;
                        onSelectCue(cue);
                      }}
                      sx={{ ...lineSx, '&:hover': { bgcolor: 'action.hover', color: 'text.primary' } }}
                    >
                      {content}
                    </ButtonBase>
                  ) : (
                    <Box sx={lineSx}>{content}</Box>
                  )}
                </li>
              );
            })}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The panel's shape while the article loads. */
export function TranscriptPanelSkeleton({ sx }: { sx?: SxProps<Theme> }) {
  return (
    <Box aria-hidden sx={[{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Skeleton variant="text" sx={{ fontSize: '1.25rem', width: 120, mb: 1 }} />
      {Array.from({ length: 7 }, (_, index) => (
        <Skeleton key={index} variant="text" sx={{ width: `${70 + ((index * 37) % 30)}%` }} />
      ))}
    </Box>
  );
}
