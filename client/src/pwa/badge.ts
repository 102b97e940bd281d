/**
 * The installed app's badge (the number on its icon): set from the page (features/badge) and from
 * the service worker's push handler (client/src/sw.ts), cleared when nothing needs the user.
 * Browsers without the Badging API are left alone.
 */

type Badging = { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** Shows `count` on the app's icon, or clears it at 0. Never throws (not installed: the browser refuses). */
export async function showAppBadge(count: number, nav: Badging | undefined = typeof navigator === 'undefined' ? undefined : navigator): Promise<void> {
  if (!nav?.setAppBadge) return;
  try {
    if (count > 0) await nav.setAppBadge(count);
    else if (nav.clearAppBadge) await nav.clearAppBadge();
    else await nav.setAppBadge(0);
  } catch {
    // Not allowed here (a plain tab on some browsers): the bell and the dashboard still say it.
  }
}
