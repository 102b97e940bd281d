/** Registry entries the push and notification modules write through db/write.ts. */
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}

export const PUSH_SUBSCRIPTIONS = requireDef(TABLE_IDS.push_subscriptions);
export const NOTIFICATIONS = requireDef(TABLE_IDS.notifications);
