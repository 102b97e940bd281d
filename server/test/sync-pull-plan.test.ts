/**
 * A pull costs what changed in the caller's scope, not the size of its host (docs/architecture.md,
 * "Pull cost"): SQLite's plan of every statement a pull of each role may run (the service's own
 * SQL, `pullStatements`) reads each synced table by an index seek on its scope and version, never
 * by scanning it. The tables come from the registry, so a new synced table without its
 * `(scope column, version)` index fails here. Checked on a fresh database and again after
 * ANALYZE over one host much larger than the others (the planner statistics of a long-running
 * database, `PRAGMA optimize`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTableName } from 'drizzle-orm';
import { TABLES, TABLE_IDS, type TableDef } from '../../shared/registry';
import { ROLES, type Role } from '../../shared/enums';
import { loadActor, type Actor } from '../src/actor';
import { canOperate } from '../src/policy';
import { pullStatements, type PullStatement } from '../src/modules/sync/service';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, createUser, seedRow, type Owner } from './fixtures';

const SYNCED = (TABLES as readonly TableDef[]).filter((def) => def.synced);
const TABLE_NAMES = new Set((TABLES as readonly TableDef[]).map((def) => getTableName(def.table)));

let app: TestApp;
const actors = new Map<Role, Actor>();

beforeAll(async () => {
  app = await makeTestApp();
  const host = createHost(app);
  const staff = createStaff(app, host.hostProfileId);
  createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
  const users: Record<Role, string> = { super_admin: createUser(app, 'super_admin').userId, admin: createUser(app, 'admin').userId, host: host.userId, staff: staff.userId };
  for (const role of ROLES) {
    const actor = loadActor(app.db, users[role]);
    if (!actor) throw new Error(`no ${role}`);
    actors.set(role, actor);
  }
});
afterAll(async () => {
  await app.cleanup();
});

type PlanLine = { detail: string };

function planOf(statement: PullStatement): string[] {
  const rows = app.db.$client.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.params) as PlanLine[];
  return rows.map((r) => r.detail);
}

/** Does `index` of `table` hold at most one row per value of the columns the seek fixes by equality? */
function isUniqueSeek(table: string, index: string, equalities: number): boolean {
  const listed = app.db.$client.prepare(`select name, "unique" from pragma_index_list(?)`).all(table) as { name: string; unique: number }[];
  const found = listed.find((i) => i.name === index);
  if (!found || found.unique !== 1) return false;
  const columns = app.db.$client.prepare(`select count(*) as n from pragma_index_info(?)`).get(index) as { n: number };
  return equalities >= columns.n;
}

/**
 * A read of `table` that costs what it returns: a seek that bounds the version (`version>?`,
 * after any equality on the scope), or one on a unique key (one row at most).
 */
function isBoundedSeek(table: string, line: string): boolean {
  const match = new RegExp(`^SEARCH ${table}(?: AS \\S+)? USING (?:COVERING )?INDEX (\\S+) \\((.*)\\)$`).exec(line);
  if (!match) return /^SEARCH \S+(?: AS \S+)? USING INTEGER PRIMARY KEY/.test(line) && line.startsWith(`SEARCH ${table}`);
  const [, index = '', constraint = ''] = match;
  const terms = constraint.split(' AND ');
  if (terms.some((t) => t === 'version>?') && terms.every((t) => t.endsWith('=?') || t === 'version>?' || t === 'version<?')) return true;
  return terms.every((t) => t.endsWith('=?')) && isUniqueSeek(table, index, terms.length);
}

/** Lines that read a whole table (or a whole index of it). */
function scans(plan: string[]): string[] {
  return plan.filter((line) => {
    const scanned = /^SCAN (\S+)/.exec(line)?.[1];
    return scanned !== undefined && TABLE_NAMES.has(scanned);
  });
}

function checkRole(role: Role): void {
  const actor = actors.get(role);
  if (!actor) throw new Error(`no ${role}`);
  const statements = pullStatements(actor, 1, 2);
  const read = SYNCED.filter((def) => canOperate(actor, def, 'read'));
  expect(read.length, `${role} pulls some table`).toBeGreaterThan(0);
  for (const statement of statements) {
    const plan = planOf(statement);
    const label = `${role} ${statement.fresh ? 'fresh' : 'since'} ${statement.part} ${statement.table}:\n${plan.join('\n')}`;
    expect(scans(plan), label).toEqual([]);
    // Each table the statement is about is read by a bounded seek.
    const about = read.filter((def) => def.id === statement.table);
    for (const def of about) {
      const table = getTableName(def.table);
      const seeks = plan.filter((line) => line.startsWith(`SEARCH ${table} `));
      expect(seeks.length, `${table} in ${label}`).toBeGreaterThan(0);
      expect(
        seeks.some((line) => isBoundedSeek(table, line)),
        `${table} is read by a seek on its scope and version in ${label}`,
      ).toBe(true);
    }
  }
  // Every table the role reads has its own window and rows statements, twice (fresh start and since a cursor).
  for (const part of ['window', 'rows'] as const) {
    expect(new Set(statements.filter((s) => s.part === part).map((s) => s.table)), part).toEqual(new Set(read.map((def) => def.id)));
  }
}

describe('pull query plans', () => {
  for (const role of ROLES) {
    it(`${role}: every pull statement seeks its rows by scope and version`, () => checkRole(role));
  }

  it('the host and staff scopes cover the tables they own, through (owner, version) indexes', () => {
    const host = actors.get('host');
    if (!host) throw new Error('no host');
    const since = pullStatements(host, 1, 2).filter((s) => !s.fresh);
    const window = since.filter((s) => s.part === 'window').flatMap(planOf).join('\n');
    for (const def of SYNCED.filter((d) => d.owner === 'host_id')) {
      const seek = (upTo: string) => new RegExp(`SEARCH ${getTableName(def.table)} USING (?:COVERING )?INDEX \\S+ \\(host_id=\\? AND version>\\?${upTo}\\)`);
      expect(window, `${def.name} in the window`).toMatch(seek(''));
      // The page's rows: up to the page end too.
      expect(since.filter((s) => s.part === 'rows' && s.table === def.id).flatMap(planOf).join('\n'), def.name).toMatch(seek(' AND version<\\?'));
    }
    const staff = actors.get('staff');
    if (!staff) throw new Error('no staff');
    const tasks = pullStatements(staff, 1, 2).filter((s) => !s.fresh && s.part === 'rows' && s.table === TABLE_IDS.housekeeping_tasks).flatMap(planOf);
    expect(tasks.join('\n')).toMatch(/SEARCH housekeeping_tasks USING (?:COVERING )?INDEX \S+ \(assigned_staff_id=\? AND version>\? AND version<\?\)/);
    // Her two joins are first asked whether anything of them changed: a seek in her tasks' and in the table's version index.
    const guards = pullStatements(staff, 1, 2).filter((s) => s.part === 'guard');
    expect(guards.map((s) => s.table).sort()).toEqual([TABLE_IDS.properties, TABLE_IDS.property_access].sort());
    for (const guard of guards) {
      const plan = planOf(guard).join('\n');
      expect(plan).toMatch(/SEARCH housekeeping_tasks USING (?:COVERING )?INDEX \S+ \(assigned_staff_id=\? AND version>\?\)/);
      expect(plan).toMatch(/SEARCH (properties|property_access) USING (?:COVERING )?INDEX \S+ \(version>\?\)/);
    }
  });

  it('after ANALYZE over one large host, the plans still seek', () => {
    const big = createHost(app);
    const owner: Owner = { hostProfileId: big.hostProfileId, userId: big.userId };
    for (const def of SYNCED.filter((d) => d.owner !== null && d.id !== TABLE_IDS.display_settings && d.id !== TABLE_IDS.host_profiles)) {
      for (let i = 0; i < 150; i += 1) seedRow(app, def.id, owner);
    }
    app.db.$client.exec('ANALYZE');
    for (const role of ROLES) checkRole(role);
  });
});
