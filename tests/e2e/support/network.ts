/**
 * Cutting a context's network for the offline tests. `setOffline` alone does not reach the
 * service worker's own fetches, so every request of the context is also aborted.
 */
import type { BrowserContext } from 'playwright-core';

/** No network at all: the page is offline and every request (the service worker's too) fails. */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route('**/*', (route) => route.abort('internetdisconnected'));
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
}
