/** Live facts about bookings' sync state: which rows still wait to be sent, and the server's refusals. */
import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { SYNCED_TABLES } from '../../db/schema';
import type { Rejection } from '../../db/schema';
import { TABLE, type HostProfile } from '../../data/tables';
import { useRows } from '../../data/use-rows';

/** Ids of rows of a table with a change waiting in the outbox (their server figures are not in yet). */
export function usePendingRowIds(table: number): Set<string> {
  return useLiveQuery(
    async () => {
      const entries = await appDb().outbox.toArray();
      return new Set(entries.filter((e) => e.table === table).map((e) => e.rowId));
    },
    [table],
    new Set<string>(),
  );
}

/** The server's refusals of booking writes, newest first. */
export function useBookingRejections(): Rejection[] {
  return useLiveQuery(
    async () => (await appDb().rejections.orderBy('rejectedAt').reverse().toArray()).filter((r) => r.table === SYNCED_TABLES.bookings),
    [],
    [],
  );
}

export async function dismissRejection(id: string): Promise<void> {
  await appDb().rejections.delete(id);
}

/** The signed-in host's own profile (commission rate, tier), from the local store. */
export function useHostProfile(): HostProfile | undefined {
  const result = useRows(TABLE.host_profiles, { PageSize: 1 });
  return result.status === 'success' ? result.rows[0] : undefined;
}
