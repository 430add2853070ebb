import type { Transcript, TranscriptCue } from '@newsreel/contracts';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { classNames } from '../../../app/ui/class-names';
import { Skeleton } from '../../../app/ui/progress';
import { formatDuration, languageName } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import styles from './transcript-panel.module.css';

export interface TranscriptPanelProps {
  articleId: string;
  /** Null when the article has none. */
  transcript: Transcript | null | undefined;
  /** The line being spoken now (-1 for none). */
  activeIndex: number;
  /** Seeks the media to a line; null when there is nothing to seek (a transcript-only article). */
  onSelectCue: ((cue: TranscriptCue) => void) | null;
  /** Size and place of the scrolling box, set by the page layout. */
  className?: string;
}

/** After the reader scrolls the transcript, it stops following the playback for this long. */
const READER_SCROLL_PAUSE_MS = 5000;

/**
 * The timed transcript beside the player: the line being spoken is highlighted and kept in view,
 * and choosing a line (click, Enter or Space) plays from it.
 */
export function TranscriptPanel({ articleId, transcript, activeIndex, onSelectCue, className }: TranscriptPanelProps) {
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
    <section aria-labelledby={headingId} className={classNames(styles.panel, className)}>
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {t('article.transcript')}
        </h2>
        {languages.length > 1 && (
          <nav aria-label={t('article.transcriptLanguages')} className={styles.languages}>
            {languages.map((code) => {
              const current = code === transcript?.language;
              return (
                <RouterLink
                  key={code}
                  to={paths.article.href(articleId, { language: code })}
                  replace
                  aria-current={current ? 'true' : undefined}
                  lang={code}
                  className={classNames(styles.language, current && styles.currentLanguage)}
                >
                  {languageName(code, language)}
                </RouterLink>
              );
            })}
          </nav>
        )}
      </div>
      {/* The offsetTop of a line is measured from here (position: relative). */}
      <div ref={scrollerRef} onWheel={markReaderScroll} onTouchMove={markReaderScroll} className={styles.scroller}>
        {!transcript || transcript.cues.length === 0 ? (
          <p className={styles.empty}>{t('article.noTranscript')}</p>
        ) : (
          <ol lang={transcript.language} dir="auto" className={styles.lines}>
            {transcript.cues.map((cue, index) => {
              const active = index === activeIndex;
              const content: ReactNode = (
                <>
                  <span className={styles.time}>{formatDuration(cue.start, language)}</span>
                  <span className={styles.text}>{cue.text}</span>
                </>
              );
              const lineClass = classNames(styles.line, active && styles.active);
              return (
                <li key={`${cue.start}-${index}`} data-cue-index={index} aria-current={active ? 'true' : undefined}>
                  {onSelectCue ? (
                    <button
                      type="button"
                      className={classNames(lineClass, styles.seekable)}
                      onClick={() => {
                        readerScrolledAt.current = 0;
                        onSelectCue(cue);
                      }}
                    >
                      {content}
                    </button>
                  ) : (
                    <div className={lineClass}>{content}</div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

/** Widths of the skeleton's lines, uneven as a transcript's are. */
const SKELETON_LINE_WIDTHS = Array.from({ length: 7 }, (_, index) => `${70 + ((index * 37) % 30)}%`);

/** The panel's shape while the article loads. */
export function TranscriptPanelSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={classNames(styles.skeleton, className)}>
      <Skeleton className={styles.skeletonHeading} />
      {SKELETON_LINE_WIDTHS.map((width, index) => (
        <Skeleton key={index} style={{ width }} />
      ))}
    </div>
  );
}
