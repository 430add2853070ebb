import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { RangeInput } from './range-input';

/** A seek bar whose owner keeps the value, as the player does. */
function SeekBar({ onInput, onCommit }: { onInput: (value: number) => void; onCommit: (value: number) => void }) {
  const [value, setValue] = useState(30);
  return (
    <RangeInput
      label="Seek"
      valueText="0:30 of 2:00"
      value={value}
      min={0}
      max={120}
      step={1}
      onInput={(next) => {
        setValue(next);
        onInput(next);
      }}
      onCommit={onCommit}
    />
  );
}

describe('RangeInput', () => {
  it('is a labelled slider that reports moves as they happen and the value once let go', () => {
    const onInput = vi.fn();
    const onCommit = vi.fn();
    renderWithProviders(<SeekBar onInput={onInput} onCommit={onCommit} />);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(slider.getAttribute('aria-valuetext')).toBe('0:30 of 2:00');
    expect(slider.style.getPropertyValue('--range-filled')).toBe('25%');

    fireEvent.input(slider, { target: { value: '45' } });
    expect(onInput).toHaveBeenCalledWith(45);
    expect(onCommit).not.toHaveBeenCalled();

    slider.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onCommit).toHaveBeenCalledWith(45);
  });
});
