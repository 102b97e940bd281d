import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { TABLES, type TableDef } from '../../../shared/registry';
import { SYNCED_INDEXES, SYNCED_TABLES, SYNCED_TABLE_NAMES } from './schema';
import { TABLE_IDS } from '../../../shared/table-ids';
import type { StaykeepDb } from './db';

describe('the offline store schema', () => {
  it('keeps exactly the synced tables of the registry, under their names and ids', () => {
    const synced = (TABLES as readonly TableDef[]).filter((d) => d.synced).map((d) => [d.name, d.id]);
    expect(Object.entries(SYNCED_TABLES).sort()).toEqual(synced.sort());
  });

  it('keys every synced table by id and indexes only columns the server has', () => {
    for (const name of SYNCED_TABLE_NAMES) {
      const def = (TABLES as readonly TableDef[]).find((d) => d.name === name) as TableDef;
      const columns = new Set(Object.keys(getTableColumns(def.table)));
      const [key, ...indexes] = SYNCED_INDEXES[name].split(',').map((s) => s.trim());
      expect(key, name).toBe('id');
      for (const index of indexes) for (const field of index.replace(/[[\]&*]/g, '').split('+')) expect(columns.has(field), `${name}.${field}`).toBe(true);
    }
  });
});

describe('store upgrades', () => {
  /** A store as an installed browser holds it at `version`: every shipped version up to it declared. */
  async function storeAt(version: 1 | 2 | 3 | 4, name: string) {
    const { Dexie } = await import('dexie');
    const { IDBFactory, IDBKeyRange } = await import('fake-indexeddb');
    const { LOCAL_INDEXES, SYNCED_INDEXES_V1, SYNCED_INDEXES_V2, SYNCED_INDEXES_V3, SYNCED_INDEXES_V4 } = await import('./schema');
    const indexedDB = new IDBFactory();
    const old = new Dexie(name, { indexedDB, IDBKeyRange });
    const shipped = [SYNCED_INDEXES_V2, SYNCED_INDEXES_V3, SYNCED_INDEXES_V4];
    old.version(1).stores({ ...SYNCED_INDEXES_V1, ...LOCAL_INDEXES });
    for (let v = 2; v <= version; v++) old.version(v).stores(shipped[v - 2]);
    await old.table('housekeeping_tasks').put({ id: 't1', property_id: 'p1', task_status: 'pending' });
    await old.table('bookings').put({ id: 'b1', property_id: 'p1', check_out_date: '2030-01-02' });
    await old.table('outbox').add({ id: 'm1', seq: 1, table: TABLE_IDS.housekeeping_tasks, op: 'update', rowId: 't1', fields: { notes: 'x' }, at: '2030-01-01T00:00:00Z' });
    await old.table('meta').put({ key: 'cursor', value: 42 });
    old.close();
    return { indexedDB, IDBKeyRange };
  }

  /** The indexes the browser's object store really has (not the ones Dexie was told of). */
  function installedIndexes(db: StaykeepDb, table: string): string[] {
    return [...db.backendDB().transaction(table).objectStore(table).indexNames].sort();
  }

  it.each([1, 2, 3, 4] as const)('opens a version %i store as version 5 with its rows, outbox and meta kept', async (version) => {
    const { StaykeepDb } = await import('./db');
    const db = new StaykeepDb(`upgrade-test-${version}`, await storeAt(version, `upgrade-test-${version}`));
    expect(await db.rows('housekeeping_tasks').get('t1')).toMatchObject({ property_id: 'p1', task_status: 'pending' });
    expect(await db.rows('bookings').where('check_out_date').equals('2030-01-02').count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.getMeta('cursor')).toBe(42);
    expect(db.verno).toBe(5);
    // Version 4 added the problem reports and the access details, empty until the next pull brings them.
    expect(await db.rows('problem_reports').count()).toBe(0);
    expect(await db.rows('property_access').count()).toBe(0);
    // The indexes no screen reads are gone: each one was a write per row of a first sync. Version 5
    // indexes the tasks' date and status, through which the mirror reads its window (db/window.ts).
    expect(db.rows('housekeeping_tasks').schema.indexes.map((i) => i.name)).toEqual(['scheduled_date', 'task_status']);
    expect(await db.rows('housekeeping_tasks').where('task_status').equals('pending').count()).toBe(1);
    expect(db.rows('bookings').schema.indexes.map((i) => i.name)).toEqual(['check_out_date']);
    // Declared from version 5 alone, the upgrade still drops the old indexes from the store itself.
    expect(installedIndexes(db, 'housekeeping_tasks')).toEqual(['scheduled_date', 'task_status']);
    expect(installedIndexes(db, 'bookings')).toEqual(['check_out_date']);
    expect(installedIndexes(db, 'property_access')).toEqual(['property_id']);
    db.close();
  });
});
