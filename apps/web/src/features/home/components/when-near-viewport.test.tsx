import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNearViewport } from './when-near-viewport';

/** An IntersectionObserver the test drives: `enter()` reports the observed element as near. */
function fakeObserver() {
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

describe('WhenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders its children only once their place nears the viewport, and keeps them', () => {
    const observer = fakeObserver();
    render(
      <WhenNearViewport>
        <p>Breaking news</p>
      </WhenNearViewport>,
    );
    expect(screen.queryByText('Breaking news')).toBeNull();
    expect(observer.options[0]?.rootMargin).toBe('600px');
    observer.enter();
    expect(screen.getByText('Breaking news')).toBeTruthy();
  });

  it('renders at once where IntersectionObserver does not exist', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <WhenNearViewport>
        <p>Trending</p>
      </WhenNearViewport>,
    );
    expect(screen.getByText('Trending')).toBeTruthy();
  });
});
