/** The router: the generated route tree, the typed context every guard reads, the fallbacks. */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen';
import type { AuthStore } from './auth/auth-store';
import type { LoadSync } from './sync-loader';
import { NotFoundPage } from './components/not-found';
import { RouterErrorScreen } from './components/error-screens';
import { PageSpinner } from './components/ui/Spinner';

export type RouterContext = {
  auth: AuthStore;
  /** The sync runtime, loaded on first use (sync-loader.ts). */
  sync: LoadSync;
};

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Lazy route chunks and guards show the spinner only when they take a moment, and then for at
    // least 200 ms so that it does not flash (the router's default, 500 ms, held a page that was
    // ready behind the spinner for up to a third of a second more).
    defaultPendingComponent: () => <PageSpinner />,
    defaultPendingMs: 150,
    defaultPendingMinMs: 200,
    defaultNotFoundComponent: NotFoundPage,
    defaultErrorComponent: ({ error, reset }) => <RouterErrorScreen error={error} onRetry={reset} />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
