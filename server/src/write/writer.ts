/**
 * What a table's writer is. Every writable table has one, next to its domain
 * (server/src/modules/<domain>/writers.ts), and writers.ts in this folder names them all. The
 * pipeline (pipeline.ts) runs policy, parsing, ownership and reference checks, then hands the
 * row to the writer, which stores it and applies whatever follows from it (prices, counters,
 * guests, turnover tasks, notifications), all in the write's transaction.
 */
import type { TableDef } from '../../../shared/registry';
import type { Actor } from '../actor';
import type { Db } from '../db/index';
import { insertRow, tombstoneRow, updateFields, type Row, type Tx } from '../db/write';

export type WriteContext = {
  /** Who writes: a signed-in user through the table API or sync push. */
  actor: Actor;
  now: Date;
  /**
   * When the change was made on the device (a sync mutation's `at`), unchecked: a writer that keeps
   * it bounds it first (shared/task-times.ts). Absent for changes made online, which are now.
   */
  at?: Date;
  /**
   * What the author saw of the fields it changes (a sync mutation's `base`), unchecked: a writer
   * compares it with the row to find a field changed meanwhile by someone else. Absent when the
   * author did not say (the table API, older clients).
   */
  base?: Row;
  /** The database handle the transaction runs on: writers prepare their queries on it once. */
  db: Db;
  /** Key for values encrypted at rest (lib/crypto.ts). */
  secretKey: Buffer;
  /** Origin of public links a writer stores (a property's iCal export URL). */
  publicOrigin: string;
};

export type Writer<Values extends Row = Row> = {
  /** Stores a new row from parsed, owned and checked values (its key included). */
  create(tx: Tx, ctx: WriteContext, values: Values): void;
  /**
   * Applies parsed changes (at least one field) to the live row `before`, read in this
   * transaction; `after` is `before` with the changes over it, as the pipeline checked it.
   */
  update(tx: Tx, ctx: WriteContext, before: Row, changes: Partial<Values>, after: Row): void;
  /** Removes the live row `before`; `archived` when it was kept and archived instead. */
  remove(tx: Tx, ctx: WriteContext, before: Row): { archived: boolean };
  /** Creates and updates by admins go to the audit log (every delete does). */
  audited?: boolean;
  /**
   * The update reads the JSON columns of `before`. Most writers read only scalar columns, and
   * decoding a task's checklist costs as much as the lookup itself, so they are left out unless asked.
   */
  readsJsonBefore?: boolean;
  /** A row's owner must also match this (a host profile's user must be a host user). */
  ownerMustBe?: { column: string; value: string; label: string };
};

/** The writer of a table whose writes carry no rule of their own: the row is stored as it is. */
export function plainWriter(def: TableDef): Writer {
  return {
    create: (tx, ctx, values) => {
      insertRow(tx, def, values, ctx.now);
    },
    update: (tx, ctx, before, changes) => {
      updateFields(tx, def, String(before[def.key]), changes, ctx.now, before);
    },
    remove: (tx, ctx, before) => {
      tombstoneRow(tx, def, String(before[def.key]), ctx.now, before);
      return { archived: false };
    },
  };
}

/** `plainWriter(def)` with some of its steps replaced. */
export function writerWith(def: TableDef, overrides: Partial<Writer>): Writer {
  return { ...plainWriter(def), ...overrides };
}
