import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query cache', () => {
  it('is fresh for 5 minutes, retries once, and does not refetch on focus or mount', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries).toMatchObject({ staleTime: 300_000, retry: 1, refetchOnWindowFocus: false, refetchOnMount: false });
  });
});
