/**
 * Runs `run` when the browser is idle (at the latest after 10 s), or after a second where it cannot
 * say: work that must not sit in the page's start or in a sync's path.
 */
export function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 1000);
}
