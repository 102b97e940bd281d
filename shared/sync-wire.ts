/**
 * The compact wire format of a pull page (`GET /api/sync/pull?format=compact`, or `Accept:
 * application/vnd.staykeep.compact+json`), encoded by the server and decoded by the client with
 * this one module. The changes of a page are grouped per table (and tombstone or not) under one
 * header that names the columns once; each row is the array of its values in that order:
 *
 *   { format: 'compact', cursor, more, version, reset?,
 *     tables: [{ table, deleted?: true, columns: ['id', …], defaults: [null, …], rows: [['…', …], …] }] }
 *
 * No null or default is spelled out at the end of a row: `defaults[i]` is the value of column i
 * that most rows of the group share (null when none is shared), the columns are ordered from the
 * one with fewest defaults to the one with most, and each row stops after its last value that is
 * not its column's default. Both sides learn the defaults from the header, so nothing depends on
 * the two agreeing on a schema. Which fields a row carries at all is the server's (each role's
 * fields only: shared/device-fields.ts). Rows that carry different sets of fields go in separate
 * groups, so every row decodes to exactly the object it was. The order of changes across groups
 * is not kept (a page is applied in one transaction); within a group it is.
 */
import type { Change, PullResponse } from './sync';

/** The media type a client asks for the compact format with (or `?format=compact`). */
export const COMPACT_PULL_MEDIA_TYPE = 'application/vnd.staykeep.compact+json';
export const PULL_FORMATS = ['json', 'compact'] as const;
export type PullFormat = (typeof PULL_FORMATS)[number];

export type CompactGroup = {
  table: number;
  /** Tombstones: rows that left the caller's scope or were deleted. */
  deleted?: true;
  columns: string[];
  /** The default of each column, in the order of `columns`. */
  defaults: unknown[];
  /** Each row's values in the order of `columns`, trailing defaults left out. */
  rows: unknown[][];
};

export type CompactPullResponse = Omit<PullResponse, 'changes'> & { format: 'compact'; tables: CompactGroup[] };

type Primitive = string | number | boolean | null;

function isPrimitive(value: unknown): value is Primitive {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The primitive value most rows share for `column`, null when none is shared by two rows. */
function commonValue(rows: readonly Record<string, unknown>[], column: string): { value: Primitive; count: number } {
  const counts = new Map<Primitive, number>();
  let best: { value: Primitive; count: number } = { value: null, count: 0 };
  for (const row of rows) {
    const value = row[column];
    if (!isPrimitive(value)) continue;
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (count > best.count) best = { value, count };
  }
  if (best.count < 2) return { value: null, count: rows.filter((r) => r[column] === null).length };
  return best;
}

/** One group: columns ordered by how many rows hold their default, rows cut after their last non-default. */
function encodeGroup(table: number, deleted: boolean, rows: readonly Record<string, unknown>[]): CompactGroup {
  const names = Object.keys(rows[0] ?? {});
  const ranked = names.map((name) => ({ name, ...commonValue(rows, name) })).sort((a, b) => a.count - b.count);
  const columns = ranked.map((c) => c.name);
  const defaults = ranked.map((c) => c.value);
  const encoded = rows.map((row) => {
    const values = columns.map((name) => row[name]);
    let end = values.length;
    while (end > 0 && values[end - 1] === defaults[end - 1]) end -= 1;
    values.length = end;
    return values;
  });
  return deleted ? { table, deleted: true, columns, defaults, rows: encoded } : { table, columns, defaults, rows: encoded };
}

/** The compact form of a pull page. */
export function encodePull(page: PullResponse): CompactPullResponse {
  const groups = new Map<string, { table: number; deleted: boolean; rows: Record<string, unknown>[] }>();
  for (const change of page.changes) {
    const key = `${change.table}|${change.deleted ? 1 : 0}|${Object.keys(change.row).join(',')}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { table: change.table, deleted: change.deleted, rows: [] }));
    group.rows.push(change.row);
  }
  const { changes: _changes, ...envelope } = page;
  return { ...envelope, format: 'compact', tables: [...groups.values()].map((g) => encodeGroup(g.table, g.deleted, g.rows)) };
}

function isGroup(value: unknown): value is CompactGroup {
  if (typeof value !== 'object' || value === null) return false;
  const g = value as Record<string, unknown>;
  return (
    Number.isInteger(g.table) &&
    (g.deleted === undefined || g.deleted === true) &&
    Array.isArray(g.columns) &&
    g.columns.every((c) => typeof c === 'string') &&
    Array.isArray(g.defaults) &&
    g.defaults.length === g.columns.length &&
    Array.isArray(g.rows) &&
    g.rows.every((r) => Array.isArray(r) && r.length <= (g.columns as unknown[]).length)
  );
}

/** Whether a pull answer is in the compact format (an older server answers the JSON one whatever was asked). */
export function isCompactPull(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && (payload as { format?: unknown }).format === 'compact';
}

/**
 * The changes of a compact answer's groups, each row the object it was, or null when `tables` is
 * not a list of well-formed groups. The envelope (cursor, more…) is the caller's to check.
 */
export function decodeChanges(tables: unknown): Change[] | null {
  if (!Array.isArray(tables) || !tables.every(isGroup)) return null;
  const changes: Change[] = [];
  for (const group of tables) {
    const { columns, defaults } = group;
    const deleted = group.deleted === true;
    for (const values of group.rows) {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columns.length; i += 1) row[columns[i] as string] = i < values.length ? values[i] : defaults[i];
      changes.push({ table: group.table, row, deleted });
    }
  }
  return changes;
}

/** The JSON form of a compact page (the inverse of encodePull, up to the order across groups). */
export function decodePull(page: CompactPullResponse): PullResponse {
  const changes = decodeChanges(page.tables);
  if (!changes) throw new Error('Not a compact pull page');
  const { format: _format, tables: _tables, ...envelope } = page;
  return { ...envelope, changes };
}
