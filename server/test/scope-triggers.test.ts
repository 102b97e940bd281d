/**
 * The scope-shrink triggers come from a migration (drizzle/0005_scope_triggers.sql), not from the
 * code at start: the migrated database must hold exactly the triggers `scopeTriggers()` defines,
 * so a change of the definition without a new migration fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scopeTriggers } from '../src/modules/sync/scope';
import { makeTestApp, type TestApp } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const normalise = (sql: string) => sql.trim().replace(/;$/, '');

describe('scope triggers', () => {
  it('are created by the migrations, exactly as scopeTriggers() defines them', () => {
    const stored = app.db.$client.prepare(`select name, sql from sqlite_master where type = 'trigger' and name like 'sync_scope_%' order by name`).all() as { name: string; sql: string }[];
    const wanted = scopeTriggers()
      .map((t) => ({ name: t.name, sql: normalise(t.sql) }))
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(stored.map((t) => ({ name: t.name, sql: normalise(t.sql) }))).toEqual(wanted);
  });
});
