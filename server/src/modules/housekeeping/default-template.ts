/**
 * Every host starts with a default turnover template (shared/turnover-template.ts), so that its
 * first booking already gets its turnover task (service.ts makes it from the default template).
 * Registration writes it in the transaction that creates the host profile; hosts that existed
 * before get it once, at start-up (`ensureDefaultTemplates`): a host that later removes or
 * replaces it is not given it back.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { DEFAULT_TURNOVER_TEMPLATE, defaultTurnoverTranslations } from '../../../../shared/turnover-template';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { counters, hostProfiles, taskTemplates } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { insertRow, newId, nowIso, transact, type Row, type Tx } from '../../db/write';

const TEMPLATES = requireTable(TABLE_IDS.task_templates);

/** Set once the hosts that existed before default templates have been given theirs. */
export const DEFAULT_TEMPLATES_COUNTER = 'defaults:turnover_templates';

/** Writes the default turnover template of `hostId` in the caller's transaction. */
export function insertDefaultTemplate(tx: Tx, hostId: string, now: Date): Row {
  const t = DEFAULT_TURNOVER_TEMPLATE;
  const checklist = t.checklist.map((text) => ({ id: newId(), text, done: false }));
  return insertRow(
    tx,
    TEMPLATES,
    {
      host_id: hostId,
      name: t.name,
      task_category: t.task_category,
      description: t.description,
      checklist_items: checklist,
      estimated_duration: t.estimated_duration,
      priority_level: t.priority_level,
      special_instructions: t.special_instructions,
      translations: defaultTurnoverTranslations(checklist.map((item) => item.id)),
      is_default: true,
      created_date: nowIso(now),
    },
    now,
  );
}

/**
 * Gives every live host without a default template the standard one, once per database (a
 * counter marks it done, so a host who deletes it later keeps it deleted). Answers how many.
 */
export function ensureDefaultTemplates(db: Db, now: Date): number {
  return transact(db, (tx) => {
    const done = tx.select({ value: counters.value }).from(counters).where(eq(counters.name, DEFAULT_TEMPLATES_COUNTER)).get();
    if (done) return 0;
    const hosts = tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(
        and(
          isNull(hostProfiles.deleted_at),
          sql`not exists (select 1 from ${taskTemplates} where ${taskTemplates.host_id} = ${hostProfiles.id} and ${taskTemplates.is_default} = 1 and ${taskTemplates.deleted_at} is null)`,
        ),
      )
      .all();
    for (const host of hosts) insertDefaultTemplate(tx, host.id, now);
    tx.insert(counters).values({ name: DEFAULT_TEMPLATES_COUNTER, value: 1 }).run();
    return hosts.length;
  });
}
