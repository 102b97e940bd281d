/**
 * The one query cache of online reads (lib/query-client.ts), provided around the screens that ask
 * the server: the three areas and the account pages that do (setup, invitation and reset, the
 * channel partner's callback). Not in the entry: the sign-in page never loads react-query.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { userCaches } from './user-caches';

let shared: QueryClient | null = null;

/** The app's query client, made on first use and emptied when the signed-in user changes. */
export function appQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    userCaches.add(shared);
  }
  return shared;
}

export function QueryArea({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={appQueryClient()}>{children}</QueryClientProvider>;
}
