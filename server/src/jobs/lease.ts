/**
 * Database leases: one row per job in job_leases, so that server processes sharing a database never
 * run the same job at once, and run it once per interval between them.
 *
 * - While a job runs, `holder` names the runner and `expires_at` is a deadline it keeps pushing
 *   forward (heartbeat). A runner that dies leaves a deadline that passes: another takes over.
 * - After a run, `holder` is emptied and `expires_at` becomes the next due time, so whichever
 *   process looks first once that time passes runs it next; the others see it is not due.
 * - `mark` is the job's own progress (the urgent check's "created since"), written by the job in
 *   its transaction; the lease functions never touch it.
 *
 * Each acquisition is one conditional upsert, atomic in SQLite (and in PostgreSQL).
 */
import { and, eq, sql } from 'drizzle-orm';
import { jobLeases } from '../../../shared/schema/tables';
import type { Db } from '../db/index';
import { nowIso, type Tx } from '../db/write';

/** The holder of a lease nobody is running. */
export const IDLE = '';

export type LeaseRow = typeof jobLeases.$inferSelect;

export function readLease(db: Db | Tx, name: string): LeaseRow | undefined {
  return db.select().from(jobLeases).where(eq(jobLeases.name, name)).get();
}

/**
 * Takes the lease of `name` for `holder` until `until` when it is due: no row yet, or its
 * `expires_at` has passed (a finished run's next due time, or a dead runner's deadline). With
 * `evenIfNotDue` (a run asked for by an admin) an idle lease is taken before its due time too; a
 * lease someone is running is never taken before its deadline.
 */
export function tryAcquireLease(db: Db, name: string, holder: string, now: Date, until: Date, evenIfNotDue = false): boolean {
  const at = nowIso(now);
  const due = evenIfNotDue ? sql`(${jobLeases.expires_at} <= ${at} or ${jobLeases.holder} = ${IDLE})` : sql`${jobLeases.expires_at} <= ${at}`;
  const row = db
    .insert(jobLeases)
    .values({ name, holder, expires_at: nowIso(until) })
    .onConflictDoUpdate({ target: jobLeases.name, set: { holder, expires_at: nowIso(until) }, setWhere: due })
    .returning({ holder: jobLeases.holder })
    .get();
  return row?.holder === holder;
}

/** Pushes the deadline of a lease this holder runs; false when it is no longer this holder's. */
export function extendLease(db: Db, name: string, holder: string, until: Date): boolean {
  const row = db
    .update(jobLeases)
    .set({ expires_at: nowIso(until) })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    .returning({ name: jobLeases.name })
    .get();
  return row !== undefined;
}

/** Ends this holder's run: the lease goes idle until `nextDue`. */
export function releaseLease(db: Db, name: string, holder: string, nextDue: Date): void {
  db.update(jobLeases)
    .set({ holder: IDLE, expires_at: nowIso(nextDue) })
    .where(and(eq(jobLeases.name, name), eq(jobLeases.holder, holder)))
    .run();
}

/** The stored progress mark of a job, if any. */
export function readMark(tx: Tx, name: string): string | null {
  return tx.select({ mark: jobLeases.mark }).from(jobLeases).where(eq(jobLeases.name, name)).get()?.mark ?? null;
}

/** Stores a job's progress mark (in the job's transaction), making the lease row if there is none. */
export function writeMark(tx: Tx, name: string, mark: string): void {
  tx.insert(jobLeases)
    .values({ name, holder: IDLE, expires_at: nowIso(new Date(0)), mark })
    .onConflictDoUpdate({ target: jobLeases.name, set: { mark } })
    .run();
}
