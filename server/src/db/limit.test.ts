import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { SQLiteSyncDialect, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { limitSql, literalLimit } from './limit';

const items = sqliteTable('items', { id: text('id').primaryKey(), owner: text('owner').notNull() });

function database() {
  const sqlite = new Database(':memory:');
  sqlite.exec(`CREATE TABLE items (id TEXT PRIMARY KEY, owner TEXT NOT NULL); CREATE INDEX items_owner ON items (owner)`);
  sqlite.prepare(`INSERT INTO items VALUES ('a', 'x'), ('b', 'x'), ('c', 'x'), ('d', 'y')`).run();
  return { sqlite, db: drizzle(sqlite) };
}

describe('literalLimit', () => {
  it('writes the limit into the SQL text, not as a parameter', () => {
    const { db } = database();
    const query = db.select().from(items).where(eq(items.owner, sql.placeholder('owner'))).orderBy(items.id).limit(literalLimit(2)).toSQL();
    expect(query.sql).toMatch(/ limit 2$/);
    expect(query.params).toHaveLength(1);
    // A number given to drizzle is bound, which is what the helper avoids.
    expect(db.select().from(items).limit(2).toSQL().sql).toMatch(/ limit \?$/);
  });

  it('limits the rows of a prepared statement on every run', () => {
    const { db } = database();
    const statement = db.select().from(items).where(eq(items.owner, sql.placeholder('owner'))).orderBy(items.id).limit(literalLimit(2)).prepare();
    expect(statement.all({ owner: 'x' }).map((r) => r.id)).toEqual(['a', 'b']);
    expect(statement.all({ owner: 'y' }).map((r) => r.id)).toEqual(['d']);
    expect(statement.all({ owner: 'x' }).map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('writes a row count into a sql template', () => {
    const { db } = database();
    const query = new SQLiteSyncDialect().sqlToQuery(sql`select ${items.id} from ${items} where ${items.owner} = ${'x'} order by ${items.id} limit ${limitSql(2)}`);
    expect(query.sql).toBe('select "items"."id" from "items" where "items"."owner" = ? order by "items"."id" limit 2');
    expect(query.params).toEqual(['x']);
    expect(db.all(sql`select ${items.id} as id from ${items} where ${items.owner} = ${'x'} order by ${items.id} limit ${limitSql(2)}`)).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('refuses what is not a whole number of rows', () => {
    expect(() => literalLimit(1.5)).toThrow('a LIMIT must be a whole number of rows, not 1.5');
    expect(() => literalLimit(-1)).toThrow('not -1');
    expect(() => literalLimit(Number.NaN)).toThrow('not NaN');
  });
});
