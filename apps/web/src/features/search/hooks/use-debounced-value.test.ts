// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  it('gives the value once it has stopped changing for the delay', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 200), { initialProps: { value: 'm' } });
    expect(result.current).toBe('m');
    rerender({ value: 'ma' });
    act(() => vi.advanceTimersByTime(150));
    rerender({ value: 'mar' });
    act(() => vi.advanceTimersByTime(150));
    // 300 ms after "ma", but only 150 ms after the last keystroke.
    expect(result.current).toBe('m');
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe('mar');
  });
});
