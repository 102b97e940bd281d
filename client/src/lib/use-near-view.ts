import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes near the screen (within `margin` of the viewport), or `fallbackMs`
 * after mount, whichever is first: a card far below the fold asks for its data as it is about to
 * be seen, not before the page's first paint, where on a phone network each request counts.
 */
export function useNearView(ref: RefObject<Element | null>, { margin = '300px', fallbackMs = 1500 }: { margin?: string; fallbackMs?: number } = {}): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near) return;
    const timer = setTimeout(() => setNear(true), fallbackMs);
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return () => clearTimeout(timer);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin: margin });
    observer.observe(element);
    return () => {
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [near, ref, margin, fallbackMs]);
  return near;
}
