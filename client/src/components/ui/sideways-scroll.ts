/**
 * Whether a table scrolls sideways: a table wider than its box must then be reachable by keyboard
 * (a focusable, labelled region), or keyboard users cannot see its last columns.
 *
 * Measured only when the ResizeObserver reports, never while React commits. The observer reports
 * each box once when it starts watching and again whenever a size changes, after the browser has
 * laid the page out, so reading `scrollWidth` there costs nothing. Reading it in an effect right
 * after the commit forced the browser to compute the style and layout of the whole new table in
 * the middle of the script (one 400 ms task on the host's bookings list under Lighthouse).
 */
import { useCallback, useState } from 'react';
import { useT } from '../../i18n/use-t';

export type SidewaysRegion = { tabIndex?: 0; role?: 'region'; 'aria-label'?: string };

export function useSidewaysScroll(caption: string) {
  const t = useT();
  const [scrolls, setScrolls] = useState(false);
  const ref = useCallback((box: HTMLElement | null) => {
    if (!box) return;
    const watcher = new ResizeObserver(() => setScrolls(box.scrollWidth > box.clientWidth + 1));
    watcher.observe(box);
    for (const child of Array.from(box.children)) watcher.observe(child);
    return () => watcher.disconnect();
  }, []);
  const region: SidewaysRegion = scrolls ? { tabIndex: 0, role: 'region', 'aria-label': t('table.scrolls', { caption }) } : {};
  return { ref, region };
}
