/**
 * First-start demo seed (issue 2 "Demo data"): the rows of the shared generator, written through
 * insertRow so that every row takes a version like any other write, in one transaction so that a
 * crash leaves either the whole demo or nothing. Runs only on an empty users table, so a restart,
 * or a database someone has already set up, is left alone.
 */
import { count } from 'drizzle-orm';
import { users } from '../../shared/schema/tables';
import { tableByName } from '../../shared/registry';
import { utcDateOf } from '../../shared/dates';
import { DEMO_PASSWORD } from '../../shared/demo/accounts';
import { DEMO_TABLES, generateDemoData } from '../../shared/demo/generate';
import type { Db } from './db/index';
import { insertRow, type Tx } from './db/write';
import { hashPasswordSync } from './modules/auth/password';

export type SeedResult = { seeded: boolean; rows: number };

function hasUsers(tx: Tx): boolean {
  return (tx.select({ n: count() }).from(users).get()?.n ?? 0) > 0;
}

/** Seeds the demo around the UTC day of `now` (the platform timezone, spec §9). */
export function seedDemo(db: Db, now: Date): SeedResult {
  // Checked before hashing too: the KDF is deliberately slow and most starts are not the first.
  if (hasUsers(db)) return { seeded: false, rows: 0 };
  const data = generateDemoData({ today: utcDateOf(now) });
  // One hash for the three accounts: they share the password, and scrypt costs ~50 ms a call.
  const passwordHash = hashPasswordSync(DEMO_PASSWORD);
  return db.transaction((tx) => {
    // Again inside the transaction, for two processes starting on one new database at once.
    if (hasUsers(tx)) return { seeded: false, rows: 0 };
    let rows = 0;
    for (const name of DEMO_TABLES) {
      const def = tableByName(name);
      if (!def) throw new Error(`Demo table ${name} is not in the registry`);
      for (const row of data[name]) {
        insertRow(tx, def, name === 'users' ? { ...row, password_hash: passwordHash } : { ...row }, now);
        rows += 1;
      }
    }
    return { seeded: true, rows };
  });
}
