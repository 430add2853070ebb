import { memo, useMemo, type CSSProperties } from 'react';
import { usePlayhead, type Playhead } from '../lib/playhead';
import styles from './audio-waveform.module.css';

const BAR_COUNT = 56;

/** Bar heights (0.2 to 1) that look like speech and are the same every time for one article. */
export function waveformHeights(seed: string, count = BAR_COUNT): number[] {
  // FNV-1a of the seed, then a small xorshift generator: no two articles look alike.
  let state = 2166136261;
  for (let index = 0; index < seed.length; index += 1) {
    state ^= seed.charCodeAt(index);
    state = Math.imul(state, 16777619) >>> 0;
  }
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
  return Array.from({ length: count }, (_, index) => {
    // Speech comes in phrases: a slow swell with quick variation on top.
    const swell = 0.55 + 0.35 * Math.sin((index / count) * Math.PI * 3 + next());
    return Math.min(1, Math.max(0.2, swell * (0.6 + 0.5 * next())));
  });
}

export interface AudioWaveformProps {
  /** Makes the shape the article's own. */
  seed: string;
  /** The bars up to the playhead (or where the reader is dragging the seek bar) are drawn as played. */
  playhead: Playhead;
  scrubTime: number | null;
  duration: number;
  playing: boolean;
}

/**
 * The look of an audio report: a waveform that fills as it plays. Decorative (the seek bar is
 * the control); it follows the writing direction, so it fills from the right in Arabic.
 */
export function AudioWaveform({ seed, playhead, scrubTime, duration, playing }: AudioWaveformProps) {
  const heights = useMemo(() => waveformHeights(seed), [seed]);
  const playedBars = usePlayhead(playhead, (seconds) =>
    duration > 0 ? Math.round(Math.min(1, (scrubTime ?? seconds) / duration) * heights.length) : 0,
  );
  return <WaveformBars heights={heights} playedBars={playedBars} playing={playing} />;
}

/**
 * The bars, drawn again only when one more of them is played (not on every time update of the
 * media): one style for them all on the row, each bar only its height and its pace as plain
 * inline values, so a slow phone is not kept busy while a report plays.
 */
const WaveformBars = memo(function WaveformBars({ heights, playedBars, playing }: { heights: number[]; playedBars: number; playing: boolean }) {
  return (
    <div aria-hidden className={styles.bars} data-playing={String(playing)}>
      {heights.map((height, index) => (
        <span
          key={index}
          data-played={index < playedBars ? '' : undefined}
          style={
            {
              height: `${Math.round(height * 100)}%`,
              '--pace': `${0.9 + (index % 5) * 0.15}s`,
              '--offset': `${(index % 7) * -0.13}s`,
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
});
