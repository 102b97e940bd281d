/**
 * Reading the audit log (written by the write pipeline, server/src/write/pipeline.ts, and the
 * admin commands): newest first, filtered by actor, table and UTC day range, a page at a time,
 * with the actor's name and a readable name of the table and of the row where it has one.
 */
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { getTableName } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, tableLabel, type AuditEntry, type AuditPage } from '../../../../shared/api/audit';
import { addDays } from '../../../../shared/dates';
import { TABLE_IDS, tableById } from '../../../../shared/registry';
import { auditLog, users } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { metaOf } from '../../db/table-meta';

export type AuditFilters = { actor?: string; table?: number; from?: string; to?: string; page?: number; pageSize?: number };

/** The column that names a row of these tables, for "which row" in the log. */
const ROW_LABELS: Readonly<Record<number, string>> = {
  [TABLE_IDS.users]: 'Name',
  [TABLE_IDS.host_profiles]: 'company_name',
  [TABLE_IDS.subscription_tiers]: 'tier_name',
  [TABLE_IDS.platform_settings]: 'setting_name',
  [TABLE_IDS.properties]: 'property_name',
  [TABLE_IDS.housekeeping_staff]: 'staff_name',
  [TABLE_IDS.task_templates]: 'name',
  [TABLE_IDS.housekeeping_tasks]: 'task_title',
  [TABLE_IDS.bookings]: 'guest_name',
};

/** Labels of the rows named in a page, one query per table (removed rows keep their label). */
function rowLabels(db: Db, entries: readonly { table_id: number | null; entity_id: string | null }[]): Map<string, string> {
  const wanted = new Map<number, Set<string>>();
  for (const e of entries) {
    if (e.table_id === null || e.entity_id === null || !ROW_LABELS[e.table_id]) continue;
    const ids = wanted.get(e.table_id) ?? new Set<string>();
    ids.add(e.entity_id);
    wanted.set(e.table_id, ids);
  }
  const labels = new Map<string, string>();
  for (const [tableId, ids] of wanted) {
    const def = tableById(tableId);
    const column = ROW_LABELS[tableId];
    if (!def || !column || !metaOf(def).columns.has(column)) continue;
    const key = metaOf(def).key.name;
    const list = [...ids];
    const rows = db.$client
      .prepare(`select "${key}" as id, "${column}" as label from "${getTableName(def.table)}" where "${key}" in (${list.map(() => '?').join(',')})`)
      .all(...list) as { id: string; label: unknown }[];
    for (const row of rows) if (typeof row.label === 'string' && row.label.trim() !== '') labels.set(`${tableId}:${row.id}`, row.label);
  }
  return labels;
}

function fieldsOf(details: unknown): string[] {
  if (typeof details !== 'object' || details === null) return [];
  const fields = (details as { fields?: unknown }).fields;
  return Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [];
}

export function listAudit(db: Db, filters: AuditFilters): AuditPage {
  const page = filters.page ?? 1;
  const pageSize = filters.pageSize ?? AUDIT_PAGE_SIZE;
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditLog.actor_id, filters.actor));
  if (filters.table !== undefined) conditions.push(eq(auditLog.table_id, filters.table));
  // created_at is an ISO instant in UTC: a day range is a string range.
  if (filters.from) conditions.push(gte(auditLog.created_at, `${filters.from}T00:00:00`));
  if (filters.to) conditions.push(lt(auditLog.created_at, `${addDays(filters.to, 1)}T00:00:00`));
  const where = conditions.length ? and(...conditions) : undefined;

  const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const rows = db
    .select({
      id: auditLog.id,
      created_at: auditLog.created_at,
      action: auditLog.action,
      actor_id: auditLog.actor_id,
      table_id: auditLog.table_id,
      entity_id: auditLog.entity_id,
      details: auditLog.details,
      actor_name: users.Name,
      actor_email: users.Email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.ID, auditLog.actor_id))
    .where(where)
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const labels = rowLabels(db, rows);
  const entries: AuditEntry[] = rows.map((r) => ({
    id: r.id,
    created_at: r.created_at,
    action: r.action,
    actor_id: r.actor_id,
    actor_name: r.actor_name?.trim() || r.actor_email || null,
    table_id: r.table_id,
    table_label: tableLabel(r.table_id),
    entity_id: r.entity_id,
    entity_label: r.table_id !== null && r.entity_id !== null ? (labels.get(`${r.table_id}:${r.entity_id}`) ?? null) : null,
    fields: fieldsOf(r.details),
  }));

  // The filters offer what the whole log holds, whatever is filtered now.
  const actorIds = db
    .selectDistinct({ id: auditLog.actor_id })
    .from(auditLog)
    .all()
    .map((r) => r.id)
    .filter((id): id is string => id !== null);
  const actors = actorIds.length
    ? db
        .select({ id: users.ID, name: sql<string>`coalesce(nullif(trim(${users.Name}), ''), ${users.Email})` })
        .from(users)
        .where(inArray(users.ID, actorIds))
        .all()
        .sort((a, b) => a.name.localeCompare(b.name))
    : [];
  const tables = db
    .selectDistinct({ id: auditLog.table_id })
    .from(auditLog)
    .all()
    .map((r) => r.id)
    .filter((id): id is number => id !== null)
    .map((id) => ({ id, label: tableLabel(id) }))
    .sort((a, b) => a.label.localeCompare(b.label));

  return { entries, total, page, pageSize, actors, tables };
}
