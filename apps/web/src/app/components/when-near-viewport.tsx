import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the place where they go comes within `rootMargin` of the viewport,
 * and keeps them from then on. Sections below the first screen then cost nothing while the page
 * starts (their cards are most of the first render's work on a phone), and are there before the
 * reader scrolls to them. Without IntersectionObserver they render at once.
 */
export function WhenNearViewport({ children, rootMargin = '600px' }: { children: ReactNode; rootMargin?: string }) {
  const marker = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return near ? children : <div ref={marker} />;
}
