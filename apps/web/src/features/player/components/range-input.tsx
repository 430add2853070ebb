import { useEffect, useRef, type CSSProperties } from 'react';
import { classNames } from '../../../app/ui/class-names';
import styles from './range-input.module.css';

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
  className?: string;
}

/**
 * The seek and volume bars of the player: a native range input, so the browser gives it keyboard
 * steps, Page Up/Down, touch, the slider role and its value to assistive technology.
 */
export function RangeInput({ label, valueText, value, min, max, step, disabled, colour, onInput, onCommit, className }: RangeInputProps) {
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
    <input
      ref={ref}
      className={classNames(styles.range, className)}
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
    />
  );
}
