/**
 * Rails scroll along the inline axis, which runs right-to-left in Arabic, Hebrew, Persian and
 * Urdu. Browsers report `scrollLeft` from 0 at the start down to negative values in RTL
 * (CSSOM View), so the start is always offset 0 and moving forward means a negative delta there.
 */
export type TextDirection = 'ltr' | 'rtl';
export type RailStep = 'back' | 'forward';

/** The `scrollBy({ left })` that moves the rail one step back or forward by `distance` pixels. */
export function railScrollDelta(step: RailStep, direction: TextDirection, distance: number): number {
  const towardsEnd = step === 'forward' ? 1 : -1;
  const physical = direction === 'rtl' ? -1 : 1;
  return towardsEnd * physical * distance;
}

/** Whether the rail is at its inline start or end (a pixel of rounding allowed). */
export function railEdges({ scrollLeft, scrollWidth, clientWidth }: { scrollLeft: number; scrollWidth: number; clientWidth: number }): {
  atStart: boolean;
  atEnd: boolean;
} {
  const offset = Math.abs(scrollLeft);
  const max = Math.max(0, scrollWidth - clientWidth);
  return { atStart: offset <= 1, atEnd: offset >= max - 1 };
}

/**
 * Which item an arrow key moves the focus to, as a step from the focused one (or the first or
 * last): the arrow pointing towards the inline end goes forward, so ← is "next" in RTL.
 */
export function railKeyTarget(key: string, direction: TextDirection): 1 | -1 | 'first' | 'last' | null {
  switch (key) {
    case 'ArrowRight':
      return direction === 'rtl' ? -1 : 1;
    case 'ArrowLeft':
      return direction === 'rtl' ? 1 : -1;
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}
