import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useEffect, useRef, type CSSProperties } from 'react';

const thumbSize = { xs: 14, xxl: 24 } as const;

/**
 * A native range input drawn for the player: the browser gives it keyboard steps, Page Up/Down,
 * touch, the slider role and its value to assistive technology. The played part is the track's
 * background sized to the value; `background-position: left` mirrors with the page in
 * right-to-left languages, as the input itself does.
 */
const Range = styled('input')(({ theme }) => {
  const thumb = {
    appearance: 'none',
    border: 0,
    borderRadius: '50%',
    background: 'var(--range-colour)',
    width: thumbSize.xs,
    height: thumbSize.xs,
    boxShadow: '0 0 0 0 rgba(0,0,0,0)',
    transition: 'box-shadow 150ms ease',
  } as const;
  const xxl = theme.breakpoints.up('xxl');
  const thumbXxl = { width: thumbSize.xxl, height: thumbSize.xxl };
  return {
    appearance: 'none',
    display: 'block',
    margin: 0,
    padding: 0,
    background: 'transparent',
    cursor: 'pointer',
    height: 24,
    '--range-colour': theme.palette.primary.main,
    '--range-track': '4px',
    [xxl]: { height: 40, '--range-track': '8px' },
    '&::-webkit-slider-runnable-track': {
      height: 'var(--range-track)',
      borderRadius: 'var(--range-track)',
      backgroundColor: 'var(--range-rail)',
      backgroundImage: 'linear-gradient(var(--range-colour), var(--range-colour))',
      backgroundSize: 'var(--range-filled) 100%',
      backgroundRepeat: 'no-repeat',
      backgroundPosition: 'left center',
    },
    '&::-moz-range-track': {
      height: 'var(--range-track)',
      borderRadius: 'var(--range-track)',
      backgroundColor: 'var(--range-rail)',
    },
    '&::-moz-range-progress': { height: 'var(--range-track)', borderRadius: 'var(--range-track)', background: 'var(--range-colour)' },
    '&::-webkit-slider-thumb': {
      ...thumb,
      // Centre the thumb on the track (WebKit puts it at the track's top).
      marginTop: `calc((var(--range-track) - ${thumbSize.xs}px) / 2)`,
      [xxl]: { ...thumbXxl, marginTop: `calc((var(--range-track) - ${thumbSize.xxl}px) / 2)` },
    },
    '&::-moz-range-thumb': { ...thumb, [xxl]: thumbXxl },
    '&:hover::-webkit-slider-thumb, &:focus-visible::-webkit-slider-thumb': { boxShadow: '0 0 0 6px rgba(255,255,255,0.25)' },
    '&:hover::-moz-range-thumb, &:focus-visible::-moz-range-thumb': { boxShadow: '0 0 0 6px rgba(255,255,255,0.25)' },
    '&:focus-visible': { outline: `2px solid ${theme.palette.common.white}`, outlineOffset: 2, borderRadius: 4 },
    '&:disabled': { cursor: 'default', opacity: 0.5 },
  };
});

export interface RangeInputProps {
  label: string;
  /** What a screen reader says for the value ("1:05 of 3:20"). */
  valueText: string;
  value: number;
  min: number;
  max: number;
  step: number;
  disabled?: boolean;
  /** The played part's colour (the theme's primary colour by default). */
  colour?: string;
  /** While the reader moves it. */
  onInput: (value: number) => void;
  /** Once they let go (or after a key press): the browser's own `change` event. */
  onCommit?: (value: number) => void;
  sx?: SxProps<Theme>;
}

/** The seek and volume bars of the player. */
export function RangeInput({ label, valueText, value, min, max, step, disabled, colour, onInput, onCommit, sx }: RangeInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  // React's onChange is the `input` event; the commit is the native `change`, which React does not expose.
  useEffect(() => {
    const input = ref.current;
    if (!input || !onCommit) return;
    const commit = () => onCommit(Number(input.value));
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [onCommit]);
  const filled = max > min ? ((Math.min(Math.max(value, min), max) - min) / (max - min)) * 100 : 0;
  const style = {
    '--range-filled': `${filled}%`,
    '--range-rail': 'rgba(255,255,255,0.35)',
    ...(colour ? { '--range-colour': colour } : {}),
  } as CSSProperties;
  return (
    <Range
      ref={ref}
      type="range"
      aria-label={label}
      aria-valuetext={valueText}
      min={min}
      max={max}
      step={step}
      value={value}
      disabled={disabled}
      onChange={(event) => onInput(Number(event.currentTarget.value))}
      style={style}
      sx={sx}
    />
  );
}
