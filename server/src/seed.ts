/**
 * First-start demo seed: the rows of the shared generator (shared/demo/generate.ts: the demo
 * accounts' data, the other hosts and their PayPal subscriptions and payments), written
 * through insertRow so that every row takes a version like any other write, in one transaction so
 * that a crash leaves either the whole demo or nothing. Runs only on an empty users table, so a
 * restart, or a database someone has already set up, is left alone.
 *
 * Export tokens are made here, not by the generator: it has no randomness of its own to spare for
 * secrets (its rows are the same for every install), and an export URL is a bearer secret.
 */
import { count } from 'drizzle-orm';
import { turnoverTasks, users } from '../../shared/schema/tables';
import { tableByName } from '../../shared/registry';
import { utcDateOf } from '../../shared/dates';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../shared/demo/accounts';
import { DEMO_TABLES, generateDemoData } from '../../shared/demo/generate';
import type { Db } from './db/index';
import { insertRow, transact, type Row, type Tx } from './db/write';
import { hashPasswordSync } from './modules/auth/password';
import { exportUrlOf, newExportToken } from './modules/properties/service';
import { insertPlatformRows } from './modules/platform/defaults';

export type SeedResult = { seeded: boolean; rows: number };

function hasUsers(tx: Tx): boolean {
  return (tx.select({ n: count() }).from(users).get()?.n ?? 0) > 0;
}

const DEMO_EMAILS = new Set(DEMO_ACCOUNTS.map((a) => a.email));

/**
 * A demo row as stored: the three demo accounts take the password hash (the demo's other hosts
 * have none, so nobody signs in as them), properties a fresh export token and URL.
 */
function storedRow(name: string, row: Row, passwordHash: string, publicOrigin: string): Row {
  if (name === 'users') return { ...row, password_hash: DEMO_EMAILS.has(String(row.Email)) ? passwordHash : null };
  if (name === 'properties') {
    const token = newExportToken();
    return { ...row, ical_export_token: token, ical_export_url: exportUrlOf(publicOrigin, String(row.id), token) };
  }
  return { ...row };
}

/**
 * Seeds the demo around the UTC day of `now` (the platform timezone is UTC); export URLs are
 * built on `publicOrigin` (config.publicOrigin), as at property creation.
 */
export function seedDemo(db: Db, now: Date, publicOrigin: string): SeedResult {
  // Checked before hashing too: the KDF is deliberately slow and most starts are not the first.
  if (hasUsers(db)) return { seeded: false, rows: 0 };
  const data = generateDemoData({ today: utcDateOf(now) });
  // One hash for the three accounts: they share the password, and scrypt costs ~50 ms a call.
  const passwordHash = hashPasswordSync(DEMO_PASSWORD);
  return transact(db, (tx) => {
    // Again inside the transaction, for two processes starting on one new database at once.
    if (hasUsers(tx)) return { seeded: false, rows: 0 };
    // The tiers and settings are the platform's defaults (modules/platform/defaults.ts), written
    // with the demo's ids unless the platform already has them.
    const platform = insertPlatformRows(tx, { subscription_tiers: data.subscription_tiers, platform_settings: data.platform_settings }, now);
    let rows = platform.tiers + platform.settings;
    for (const name of DEMO_TABLES) {
      if (name === 'subscription_tiers' || name === 'platform_settings') continue;
      const def = tableByName(name);
      if (!def) throw new Error(`Demo table ${name} is not in the registry`);
      for (const row of data[name]) {
        insertRow(tx, def, storedRow(name, row, passwordHash, publicOrigin), now);
        rows += 1;
      }
    }
    linkTurnoverTasks(tx, data.task_templates, data.housekeeping_tasks, now);
    return { seeded: true, rows };
  });
}

/**
 * The demo's turnover tasks are the turnover rule's own (housekeeping/service.ts): linking each
 * to its booking keeps a later edit of a demo booking from making a second one.
 */
function linkTurnoverTasks(tx: Tx, templates: readonly Row[], tasks: readonly Row[], now: Date): void {
  const defaults = new Set(templates.filter((t) => t.is_default === true).map((t) => t.id));
  for (const task of tasks) {
    if (typeof task.booking_id !== 'string' || !defaults.has(task.template_id)) continue;
    tx.insert(turnoverTasks).values({ booking_id: task.booking_id, task_id: String(task.id), created_at: now.toISOString() }).run();
  }
}
