import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver } from '../../test/fake-intersection-observer';
import { WhenNearViewport } from './when-near-viewport';

describe('WhenNearViewport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('renders its children only once their place nears the viewport, and keeps them', () => {
    const observer = fakeIntersectionObserver();
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
