import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '../../db/app-db';
import { SYNCED_TABLES, type Rejection } from '../../db/schema';

/** The server's refusals of property writes (the tier limit among them), newest first. */
export function usePropertyRejections(): Rejection[] {
  return useLiveQuery(
    async () => (await appDb().rejections.orderBy('rejectedAt').reverse().toArray()).filter((r) => r.table === SYNCED_TABLES.properties),
    [],
    [],
  );
}
