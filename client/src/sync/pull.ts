/**
 * Pulling (`GET /api/sync/pull`, shapes of shared/sync.ts): pages from the stored cursor while `more`, each applied
 * in one transaction together with its cursor, so a reload between pages resumes where it
 * stopped. A pulled row replaces the stored one, or, when mutations of it still wait, becomes its
 * base with them replayed on top (rebase). `reset: true` drops every synced table first; waiting
 * mutations are replayed over whatever the fresh start brings.
 *
 * A first sync starts with its first part (server/src/modules/sync/README.md): the rows of the
 * staff today screen and the host dashboard for a window around today, stored with meta
 * `firstPartVersion` so that those screens show them at once (data/use-rows.ts), then pages from 0
 * sent with `held` until the last, which ends it together with `hydrated`.
 */
import type { Role } from '../../../shared/enums';
import { DEFAULT_PULL_LIMIT, FIRST_SYNC_PULL_LIMIT, type PullResponse } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { syncedTableName, type LocalRow, type MetaValues, type OutboxEntry, type SyncedTableId, type SyncedTableName } from '../db/schema';
import { clearSyncedTables } from '../db/store';
import { keyOf, pendingOf, replay, writeView } from './rebase';
import { PERF, timed } from './perf';
import { SyncStopped } from './push';
import { ApiError } from '../api/http';
import { addDays, utcDateOf } from '../../../shared/dates';
import { previousMonthStart } from '../lib/months';
import { afterLocalWrites } from './write-gate';
import type { PullOptions, SyncTransport } from './transport';

export type PullProgress = {
  /** Changes applied so far in this pull. */
  received: number;
  pages: number;
  /** The cursor reached, and where this pull started from. */
  cursor: number;
  from: number;
  /**
   * The server's version when the pull began (its first answer): the pull is done when the
   * cursor gets there. Null when the answer did not say.
   */
  target: number | null;
  more: boolean;
};

/** Where a pull starts, as stored: its cursor, and the first part this device holds while the rest of its first sync comes. */
export type PullStart = { cursor: number; held: number | undefined };

/**
 * Reads a pull's start in one request to the store, so that a caller can read it beside other
 * reads (the engine, beside the push's): on a poke the page is asked for one round trip sooner.
 */
export async function readPullStart(db: StaykeepDb): Promise<PullStart> {
  const [cursor, held] = await db.meta.bulkGet(['cursor', 'firstPartVersion']);
  return { cursor: (cursor?.value as MetaValues['cursor'] | undefined) ?? 0, held: held?.value as MetaValues['firstPartVersion'] | undefined };
}

export type PullContext = {
  role: Role;
  /** The pull's start, when the caller has just read it (readPullStart; read here otherwise). */
  start?: PullStart;
  limit?: number;
  onProgress?: (progress: PullProgress) => void;
  /** True once the session has ended: no page is fetched or applied after that. */
  isStopped?: () => boolean;
  /** The clock of the first part's window (tests); the device's otherwise. */
  now?: () => Date;
};

/**
 * The days the first part of a first sync carries: from the start of last month (the dashboard's
 * revenue) to a month ahead (its occupancy; the today screen's week), a day wider on each side
 * for the device's time zone.
 */
export function firstPartWindow(now: Date): { from: string; to: string } {
  const today = utcDateOf(now);
  return { from: addDays(previousMonthStart(today), -1), to: addDays(today, 33) };
}

/** A page this small looks its rows' bases up without asking first whether there are any. */
const SMALL_PAGE = 50;

/** `firstPart`: the rows of the first part of a first sync, brought again by the pages after it. */
export type PullSummary = { pages: number; changes: number; reset: boolean; cursor: number; firstPart?: number };

function rowIdOf(row: Record<string, unknown>): string | null {
  const id = row.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

async function replayAllPending(db: StaykeepDb, role: Role): Promise<void> {
  const pending = await db.outbox.orderBy('seq').toArray();
  const byRow = new Map<string, OutboxEntry[]>();
  for (const m of pending) {
    const list = byRow.get(keyOf(m));
    if (list) list.push(m);
    else byRow.set(keyOf(m), [m]);
  }
  for (const list of byRow.values()) {
    const { table, rowId } = list[0] as OutboxEntry;
    await db.base.put({ table, rowId, row: null });
    await writeView(db, table, rowId, replay(null, list, role));
  }
}

/**
 * Applies one pull page and its cursor in one transaction, over only the tables the page touches
 * (every one on a reset): a write of the user's to another table need not wait for it. A page
 * with nothing new (the usual answer to a poke about one's own write) writes nothing.
 */
export async function applyPullPage(db: StaykeepDb, page: PullResponse, role: Role): Promise<void> {
  const byTable = new Map<SyncedTableName, { id: SyncedTableId; rows: { rowId: string; row: LocalRow | null }[] }>();
  for (const change of page.changes) {
    const name = syncedTableName(change.table);
    const rowId = rowIdOf(change.row);
    if (!name || !rowId) continue;
    let group = byTable.get(name);
    if (!group) byTable.set(name, (group = { id: change.table as SyncedTableId, rows: [] }));
    // The row is stored as it came (its id checked above): a copy per row of a first sync was a
    // good part of the page's own CPU.
    group.rows.push({ rowId, row: change.deleted ? null : (change.row as LocalRow) });
  }
  if (!page.reset && !page.firstPart && byTable.size === 0) {
    const [cursor, hydrated] = await Promise.all([db.getMeta('cursor'), db.getMeta('hydrated')]);
    if (cursor === page.cursor && (page.more || hydrated === true)) return;
  }
  const tables = page.reset ? db.syncedTables() : [...byTable.keys()].map((name) => db.rows(name));
  // A tap's write under way is stored first (write-gate.ts).
  await afterLocalWrites(db);

  await db.transaction('rw', [...tables, db.outbox, db.base, db.meta], async () => {
    if (page.reset) {
      await clearSyncedTables(db);
      await db.base.clear();
      // Nothing is known of the rows the waiting mutations touch until the pages bring them.
      await replayAllPending(db, role);
    }

    // Rows with waiting mutations (a base) are rebased one by one; the rest, which is every row of
    // a first sync, go in one bulk write per table. The tables are written side by side. A large
    // page first asks whether any base exists at all (a first sync's has none to look up); a
    // small one, a poke's, looks its rows' bases up at once, one round trip sooner.
    const anyBase = page.changes.length <= SMALL_PAGE || (await db.base.count()) > 0;
    await Promise.all(
      [...byTable].map(async ([name, group]) => {
        const table = db.rows(name);
        const bases = anyBase ? await db.base.bulkGet(group.rows.map((r) => [group.id, r.rowId] as [number, string])) : [];
        const puts: LocalRow[] = [];
        const deletes: string[] = [];
        for (let i = 0; i < group.rows.length; i += 1) {
          const { rowId, row } = group.rows[i] as { rowId: string; row: LocalRow | null };
          if (bases[i]) {
            await db.base.put({ table: group.id, rowId, row });
            const view = replay(row, await pendingOf(db, group.id, rowId), role);
            if (view) puts.push(view);
            else deletes.push(rowId);
          } else if (row) {
            puts.push(row);
          } else {
            deletes.push(rowId);
          }
        }
        await Promise.all([deletes.length ? table.bulkDelete(deletes) : null, puts.length ? table.bulkPut(puts) : null]);
      }),
    );

    await db.setMeta('cursor', page.cursor);
    if (page.firstPart) await db.setMeta('firstPartVersion', page.version ?? 0);
    else if (page.reset || !page.more) await db.meta.delete('firstPartVersion');
    if (!page.more) await db.setMeta('hydrated', true);
  });
}

/**
 * Pulls every page after the stored cursor. A cursor the server does not know (its database was
 * replaced: "ahead of the server") starts over from 0 as a reset, once. While a page is written
 * to the store the next one is already being fetched (its cursor is in the answer), so a long
 * first sync costs about the longer of the two, not their sum.
 */
export async function pullAll(db: StaykeepDb, transport: SyncTransport, ctx: PullContext): Promise<PullSummary> {
  const start = ctx.start ?? (await readPullStart(db));
  const from = start.cursor;
  const limit = ctx.limit ?? (from === 0 ? FIRST_SYNC_PULL_LIMIT : DEFAULT_PULL_LIMIT);
  const summary: PullSummary = { pages: 0, changes: 0, reset: false, cursor: from };
  let restarted = false;
  let target: number | null = null;
  let next: Promise<PullResponse> | null = null;
  // The first part this device holds while the rest of its first sync comes (sent as `held`).
  let held = start.held;
  const fetchPage = (cursor: number, options: PullOptions = held === undefined ? {} : { held }): Promise<PullResponse> => {
    const request = timed(PERF.pullFetch, () => transport.pull(cursor, limit, options));
    // Awaited on the next turn of the loop; until then a failure must not count as unhandled.
    request.catch(() => undefined);
    return request;
  };
  if (from === 0 && held === undefined && (await db.getMeta('hydrated')) !== true) {
    // A server that predates the first part answers an ordinary first page, read as one below.
    next = fetchPage(0, { first: firstPartWindow(ctx.now?.() ?? new Date()) });
  }
  for (;;) {
    if (ctx.isStopped?.()) throw new SyncStopped();
    let page: PullResponse;
    try {
      page = await (next ?? fetchPage(summary.cursor));
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 400 || (summary.cursor === 0 && held === undefined) || restarted) throw err;
      restarted = true;
      held = undefined;
      await applyPullPage(db, { cursor: 0, more: true, reset: true, changes: [] }, ctx.role);
      summary.cursor = 0;
      summary.reset = true;
      continue;
    } finally {
      next = null;
    }
    if (ctx.isStopped?.()) throw new SyncStopped();
    if (page.firstPart && page.version !== undefined) {
      // The rest is asked for while the first part is written.
      held = page.version;
      next = fetchPage(0);
      await timed(PERF.pullApply, () => applyPullPage(db, page, ctx.role));
      summary.firstPart = page.changes.length;
      continue;
    }
    if (page.reset || !page.more) held = undefined;
    if (page.more) next = fetchPage(page.cursor);
    await timed(PERF.pullApply, () => applyPullPage(db, page, ctx.role));
    summary.pages += 1;
    summary.changes += page.changes.length;
    summary.cursor = page.cursor;
    if (page.reset) summary.reset = true;
    target ??= page.version ?? null;
    ctx.onProgress?.({ received: summary.changes, pages: summary.pages, cursor: page.cursor, from: page.reset ? 0 : from, target, more: page.more });
    if (!page.more) return summary;
  }
}
