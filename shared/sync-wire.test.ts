import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Change, PullResponse } from './sync';
import { decodeChanges, decodePull, encodePull, isCompactPull } from './sync-wire';

/** The changes grouped as the compact format keeps them: per group in order of first appearance. */
function groupedOrder(changes: readonly Change[]): Change[] {
  const groups = new Map<string, Change[]>();
  for (const c of changes) {
    const key = `${c.table}|${c.deleted}|${Object.keys(c.row).join(',')}`;
    const list = groups.get(key) ?? [];
    list.push(c);
    groups.set(key, list);
  }
  return [...groups.values()].flat();
}

/** Through JSON and back, as the wire does. */
function roundTrip(page: PullResponse): PullResponse {
  return decodePull(JSON.parse(JSON.stringify(encodePull(page))));
}

const booking = (i: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: `b${i}`,
  version: 100 + i,
  updated_at: '2026-11-26T10:00:00.000Z',
  deleted_at: null,
  host_id: 'h1',
  guest_name: `Guest ${i}`,
  notes: null,
  currency: 'USD',
  is_paid: false,
  ...extra,
});

describe('encodePull', () => {
  it('names each column once per group and leaves trailing defaults out', () => {
    const page: PullResponse = { cursor: 9, more: false, version: 9, changes: [0, 1, 2].map((i) => ({ table: 20101, row: booking(i), deleted: false })) };
    const compact = encodePull(page);
    expect(compact.format).toBe('compact');
    expect(compact.tables).toHaveLength(1);
    const [group] = compact.tables;
    expect(group?.columns.sort()).toEqual(Object.keys(booking(0)).sort());
    // Every row shares host, currency, updated_at, is_paid and the nulls: only id, version and name are sent.
    for (const row of group?.rows ?? []) expect(row).toHaveLength(3);
    expect(JSON.stringify(compact)).not.toContain('"guest_name":');
    expect(roundTrip(page)).toEqual(page);
  });

  it('spells out a default in the middle of a row and keeps a value that differs from it', () => {
    const changes: Change[] = [
      { table: 1, row: booking(0, { notes: 'late arrival' }), deleted: false },
      { table: 1, row: booking(1), deleted: false },
      { table: 1, row: booking(2, { currency: 'EUR', is_paid: true }), deleted: false },
    ];
    const page: PullResponse = { cursor: 3, more: true, reset: true, changes };
    expect(roundTrip(page)).toEqual(page);
  });

  it('keeps tombstones, rows with other fields and several tables apart', () => {
    const changes: Change[] = [
      { table: 1, row: booking(0), deleted: false },
      { table: 2, row: { id: 't1', version: 5, checklist: [{ id: 'c', label: 'Beds', done: false }] }, deleted: false },
      { table: 1, row: { id: 'b9', version: 7, deleted_at: '2026-11-26T10:00:00.000Z' }, deleted: true },
      { table: 1, row: { ...booking(3), secret: null, secret_set: true }, deleted: false },
      { table: 1, row: booking(4), deleted: false },
    ];
    const page: PullResponse = { cursor: 8, more: false, version: 8, changes };
    const decoded = roundTrip(page);
    expect(decoded.changes).toEqual(groupedOrder(changes));
    expect(encodePull(page).tables.map((g) => [g.table, g.deleted === true])).toEqual([
      [1, false],
      [2, false],
      [1, true],
      [1, false],
    ]);
  });

  it('answers an empty page with no groups', () => {
    const page: PullResponse = { cursor: 4, more: false, version: 4, changes: [] };
    expect(encodePull(page).tables).toEqual([]);
    expect(roundTrip(page)).toEqual(page);
  });
});

describe('decodeChanges', () => {
  it('refuses what is not a list of well-formed groups', () => {
    for (const bad of [
      null,
      {},
      [{ table: 'x', columns: [], defaults: [], rows: [] }],
      [{ table: 1, columns: ['id'], defaults: [], rows: [] }],
      [{ table: 1, columns: ['id'], defaults: [null], rows: [['a', 'b']] }],
      [{ table: 1, columns: ['id'], defaults: [null], rows: ['a'] }],
      [{ table: 1, columns: [3], defaults: [null], rows: [] }],
      [{ table: 1, deleted: false, columns: ['id'], defaults: [null], rows: [] }],
    ]) {
      expect(decodeChanges(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(isCompactPull({ format: 'compact' })).toBe(true);
    expect(isCompactPull({ cursor: 0, changes: [] })).toBe(false);
  });
});

describe('round trip (property)', () => {
  const value = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer({ min: -5, max: 5 }),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
    fc.constantFrom('', 'USD', 'pending', '2026-11-26'),
    fc.string({ maxLength: 8 }),
    fc.array(fc.record({ id: fc.string({ maxLength: 4 }), done: fc.boolean() }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.string({ maxLength: 4 }), fc.integer()), { maxKeys: 3 }),
  );
  const columns = fc.uniqueArray(fc.constantFrom('id', 'version', 'a', 'b', 'c', 'd', 'e', '__proto__x', 'f'), { minLength: 1, maxLength: 9 });
  const change = (table: number, names: string[]) =>
    fc.record({
      table: fc.constant(table),
      row: fc.tuple(...names.map(() => value)).map((values) => Object.fromEntries(names.map((n, i) => [n, values[i]]))),
      deleted: fc.boolean(),
    });
  const page = fc
    .array(fc.tuple(fc.constantFrom(1, 2, 3), columns), { minLength: 1, maxLength: 3 })
    .chain((shapes) => fc.array(fc.oneof(...shapes.map(([table, names]) => change(table, names))), { maxLength: 40 }))
    .chain((changes) => fc.record({ cursor: fc.nat(), more: fc.boolean(), version: fc.nat(), changes: fc.constant(changes as Change[]) }));

  it('decode(encode(page)) holds every change, each as it was, in order within its group', () => {
    fc.assert(
      fc.property(page, (p) => {
        expect(roundTrip(p)).toEqual({ ...p, changes: groupedOrder(p.changes) });
      }),
      { numRuns: 300 },
    );
  });

  it('never ends a row with its column default, nor names a column twice', () => {
    fc.assert(
      fc.property(page, (p) => {
        for (const group of encodePull(p).tables) {
          expect(new Set(group.columns).size).toBe(group.columns.length);
          for (const row of group.rows) if (row.length > 0) expect(row[row.length - 1]).not.toBe(group.defaults[row.length - 1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
