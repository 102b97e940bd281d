/**
 * Pulling (api.md "Sync", decisions.md): pages from the stored cursor while `more`, each applied
 * in one transaction together with its cursor, so a reload between pages resumes where it
 * stopped. A pulled row replaces the stored one, or, when mutations of it still wait, becomes its
 * base with them replayed on top (rebase). `reset: true` drops every synced table first; waiting
 * mutations are replayed over whatever the fresh start brings.
 */
import type { Role } from '../../../shared/enums';
import { DEFAULT_PULL_LIMIT, type PullResponse } from '../../../shared/sync';
import type { StaykeepDb } from '../db/db';
import { syncedTableName, type LocalRow, type OutboxEntry, type SyncedTableId, type SyncedTableName } from '../db/schema';
import { clearSyncedTables } from '../db/store';
import { keyOf, pendingOf, replay, writeView } from './rebase';
import { SyncStopped } from './push';
import { SyncHttpError, type SyncTransport } from './transport';

export type PullProgress = {
  /** Changes applied so far in this pull. */
  received: number;
  pages: number;
  /** The cursor reached, and where this pull started from. */
  cursor: number;
  from: number;
  more: boolean;
};

export type PullContext = {
  role: Role;
  limit?: number;
  onProgress?: (progress: PullProgress) => void;
  /** True once the session has ended: no page is fetched or applied after that. */
  isStopped?: () => boolean;
};

export type PullSummary = { pages: number; changes: number; reset: boolean; cursor: number };

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

/** Applies one pull page and its cursor in one transaction. */
export async function applyPullPage(db: StaykeepDb, page: PullResponse, role: Role): Promise<void> {
  await db.transaction('rw', [...db.syncedTables(), db.outbox, db.base, db.meta], async () => {
    if (page.reset) {
      await clearSyncedTables(db);
      await db.base.clear();
      // Nothing is known of the rows the waiting mutations touch until the pages bring them.
      await replayAllPending(db, role);
    }

    const byTable = new Map<SyncedTableName, { id: SyncedTableId; rows: { rowId: string; row: LocalRow | null }[] }>();
    for (const change of page.changes) {
      const name = syncedTableName(change.table);
      const rowId = rowIdOf(change.row);
      if (!name || !rowId) continue;
      let group = byTable.get(name);
      if (!group) byTable.set(name, (group = { id: change.table as SyncedTableId, rows: [] }));
      group.rows.push({ rowId, row: change.deleted ? null : ({ ...change.row, id: rowId } satisfies LocalRow) });
    }

    for (const [name, group] of byTable) {
      const table = db.rows(name);
      const bases = await db.base.bulkGet(group.rows.map((r) => [group.id, r.rowId] as [number, string]));
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
      if (deletes.length) await table.bulkDelete(deletes);
      if (puts.length) await table.bulkPut(puts);
    }

    await db.setMeta('cursor', page.cursor);
    if (!page.more) await db.setMeta('hydrated', true);
  });
}

/**
 * Pulls every page after the stored cursor. A cursor the server does not know (its database was
 * replaced: "ahead of the server") starts over from 0 as a reset, once.
 */
export async function pullAll(db: StaykeepDb, transport: SyncTransport, ctx: PullContext): Promise<PullSummary> {
  const limit = ctx.limit ?? DEFAULT_PULL_LIMIT;
  const from = (await db.getMeta('cursor')) ?? 0;
  const summary: PullSummary = { pages: 0, changes: 0, reset: false, cursor: from };
  let restarted = false;
  for (;;) {
    if (ctx.isStopped?.()) throw new SyncStopped();
    let page: PullResponse;
    try {
      page = await transport.pull(summary.cursor, limit);
    } catch (err) {
      if (!(err instanceof SyncHttpError) || err.status !== 400 || summary.cursor === 0 || restarted) throw err;
      restarted = true;
      await applyPullPage(db, { cursor: 0, more: true, reset: true, changes: [] }, ctx.role);
      summary.cursor = 0;
      summary.reset = true;
      continue;
    }
    if (ctx.isStopped?.()) throw new SyncStopped();
    await applyPullPage(db, page, ctx.role);
    summary.pages += 1;
    summary.changes += page.changes.length;
    summary.cursor = page.cursor;
    if (page.reset) summary.reset = true;
    ctx.onProgress?.({ received: summary.changes, pages: summary.pages, cursor: page.cursor, from, more: page.more });
    if (!page.more) return summary;
  }
}
