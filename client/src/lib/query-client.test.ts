import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { appQueryClient } from './query-area';
import { clearUserCaches } from './user-caches';

describe('query cache', () => {
  it('is fresh for 5 minutes, retries once, and does not refetch on focus or mount', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, retry: 1, refetchOnWindowFocus: false, refetchOnMount: false });
  });

  it('is one for the app, and is emptied when the signed-in user changes', () => {
    const client = appQueryClient();
    expect(appQueryClient()).toBe(client);
    client.setQueryData(['me'], { name: 'Ana' });
    clearUserCaches();
    expect(client.getQueryData(['me'])).toBeUndefined();
    expect(appQueryClient()).toBe(client);
  });
});
