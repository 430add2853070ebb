// @vitest-environment jsdom

import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createPlayhead, usePlayhead } from './playhead';

describe('playhead', () => {
  it('re-renders a reader only when what it selects changes', () => {
    const playhead = createPlayhead(3.2);
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return usePlayhead(playhead, Math.floor);
    });
    expect(result.current).toBe(3);
    const before = renders;
    act(() => playhead.set(3.5));
    act(() => playhead.set(3.9));
    expect(renders).toBe(before);
    act(() => playhead.set(4.1));
    expect(result.current).toBe(4);
    expect(renders).toBe(before + 1);
  });
});
