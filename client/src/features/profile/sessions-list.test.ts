import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../../../shared/api/sessions';
import { LISTED_AT_FIRST, listedSessions } from './sessions-list';

const session = (id: string, current = false): SessionInfo => ({ id, device: 'Chrome on Linux', created_at: '2026-11-27T08:00:00Z', last_seen_at: '2026-11-27T09:00:00Z', current });

describe('listedSessions', () => {
  it('lists this device first, then the others in the order given', () => {
    const rows = [session('a'), session('b', true), session('c')];
    expect(listedSessions(rows, false).map((r) => r.id)).toEqual(['b', 'a', 'c']);
  });

  it('lists the first few until all are asked for, this device always among them', () => {
    const rows = [...Array.from({ length: 9 }, (_, i) => session(`s${i}`)), session('me', true)];
    const first = listedSessions(rows, false);
    expect(first).toHaveLength(LISTED_AT_FIRST);
    expect(first[0]?.id).toBe('me');
    expect(listedSessions(rows, true)).toHaveLength(10);
  });
});
