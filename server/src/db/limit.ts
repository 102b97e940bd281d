/**
 * LIMIT written into a statement's text instead of bound as a parameter.
 *
 * SQLite (3.47 and later; better-sqlite3 12 ships 3.53) reads a bound LIMIT's value when it plans a
 * statement, and so marks the statement to be planned again whenever that parameter is bound.
 * better-sqlite3 binds every parameter on every run, so a cached statement with `limit ?` is
 * compiled anew each time it runs: 20 to 100 µs a run on the build machine, measured in the booking
 * create's overlap check and template lookup (bench/README.md, "Booking create"). A literal LIMIT
 * also lets SQLite answer `order by … limit 1` from the index without sorting.
 *
 * Drizzle inlines an SQL object given to `.limit()` (its dialect writes ` limit ${limit}` for an
 * object as for a number, and only a number becomes a parameter), which `limit.test.ts` checks.
 * Only for limits the code fixes, or picks from a few sizes: each distinct value is its own
 * statement.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A LIMIT's row count as SQL text, for a `sql` template. */
export function limitSql(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`a LIMIT must be a whole number of rows, not ${n}`);
  return sql.raw(String(n));
}

/** The same for drizzle's `.limit()`, typed as the number it stands for (what `.limit()` accepts besides a placeholder). */
export function literalLimit(n: number): number {
  return limitSql(n) as unknown as number;
}
