import { describe, expect, it } from 'vitest';
import { getTableColumns } from 'drizzle-orm';
import { TABLES, type TableDef } from '../../../shared/registry';
import { SYNCED_INDEXES, SYNCED_TABLES, SYNCED_TABLE_NAMES } from './schema';

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
