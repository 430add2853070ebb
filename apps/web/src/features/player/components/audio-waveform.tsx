import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import { useMemo } from 'react';

const BAR_COUNT = 56;

const pulse = keyframes`
  0%, 100% { transform: scaleY(1); }
  50% { transform: scaleY(0.55); }
`;

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
  /** 0 to 1: the bars up to here are drawn as played. */
  progress: number;
  playing: boolean;
}

/**
 * The look of an audio report: a waveform that fills as it plays. Decorative (the seek bar is
 * the control); it follows the writing direction, so it fills from the right in Arabic.
 */
export function AudioWaveform({ seed, progress, playing }: AudioWaveformProps) {
  const heights = useMemo(() => waveformHeights(seed), [seed]);
  const playedBars = Math.round(progress * heights.length);
  return (
    <Box
      aria-hidden
      sx={{ display: 'flex', alignItems: 'center', gap: { xs: '2px', sm: '3px', xxl: '6px' }, height: '100%', width: '100%' }}
    >
      {heights.map((height, index) => (
        <Box
          key={index}
          sx={{
            flex: 1,
            height: `${Math.round(height * 100)}%`,
            borderRadius: 4,
            bgcolor: index < playedBars ? 'primary.main' : 'rgba(255,255,255,0.4)',
            transformOrigin: 'center',
            animation: playing ? `${pulse} ${0.9 + (index % 5) * 0.15}s ease-in-out ${(index % 7) * -0.13}s infinite` : 'none',
            '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          }}
        />
      ))}
    </Box>
  );
}
