/**
 * The pull's window merges each source's ordered versions in the service (server/src/modules/sync/service.ts
 * `mergeVersions`), as the single UNION ALL query it replaced ordered them: by version, then table.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mergeVersions } from '../src/modules/sync/service';

describe('mergeVersions', () => {
  it('gives the first `take` pairs by version then table, as `order by v, t limit take`', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ table: fc.integer({ min: 1, max: 40 }), versions: fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 12 }) }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 30 }),
        (sources, take) => {
          const lists = sources.map((s) => [...s.versions].sort((a, b) => a - b));
          const expected = sources
            .flatMap((s, i) => lists[i]!.map((v) => ({ t: s.table, v })))
            .sort((a, b) => a.v - b.v || a.t - b.t)
            .slice(0, take);
          expect(mergeVersions(sources.map((s) => s.table), lists, take)).toEqual(expected);
        },
      ),
    );
  });

  it('reads nothing from sources with nothing after the cursor', () => {
    expect(mergeVersions([3, 5], [[], []], 10)).toEqual([]);
    expect(mergeVersions([], [], 10)).toEqual([]);
  });
});
