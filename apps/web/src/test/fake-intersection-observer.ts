import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Puts in an IntersectionObserver the test drives: `enter()` reports the element observed last
 * as near. `options` lists what each observer was made with. Undo with vi.unstubAllGlobals().
 */
export function fakeIntersectionObserver() {
  let report: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
  const options: { rootMargin?: string }[] = [];
  class FakeIntersectionObserver {
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void, init: { rootMargin?: string }) {
      report = callback;
      options.push(init);
    }
    observe() {}
    disconnect() {}
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return { enter: () => act(() => report?.([{ isIntersecting: true }])), options };
}
