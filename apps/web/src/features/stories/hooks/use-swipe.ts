import { useTheme } from '@mui/material/styles';
import { useRef, type PointerEvent } from 'react';
import { swipeStep } from '../lib/sequence';

// A drag that starts on a control (seek bar, volume, buttons, links) belongs to that control.
const CONTROL_SELECTOR = 'button, a, input, select, textarea, [role="slider"], [data-no-swipe]';

/**
 * Pointer handlers that turn a horizontal swipe over the element into `onStep(+1)` (next) or
 * `onStep(-1)` (previous), mirrored in right-to-left languages. The element should carry
 * `touch-action: pan-y` so the browser leaves horizontal moves to us and keeps vertical scrolling.
 */
export function useSwipe(onStep: (step: 1 | -1) => void) {
  const direction = useTheme().direction;
  const start = useRef<{ id: number; x: number; y: number } | null>(null);

  return {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
      if (event.target instanceof Element && event.target.closest(CONTROL_SELECTOR)) return;
      start.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
    },
    onPointerUp(event: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const step = swipeStep(event.clientX - from.x, event.clientY - from.y, direction);
      if (step !== 0) onStep(step);
    },
    onPointerCancel() {
      start.current = null;
    },
  };
}
