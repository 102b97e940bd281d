/**
 * Fails when shared/schema/tables.ts and the committed drizzle/ migrations drift apart: the
 * schema's snapshot is diffed against the last migration's snapshot with drizzle-kit's own API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import * as schema from '../../shared/schema/tables';
import { MIGRATIONS_DIR } from '../src/db/index';

const require = createRequire(import.meta.url);
const kit = require('drizzle-kit/api') as {
  generateSQLiteDrizzleJson: (imports: Record<string, unknown>) => Promise<unknown>;
  generateSQLiteMigration: (prev: unknown, cur: unknown) => Promise<string[]>;
};

describe('migrations', () => {
  it('match the schema (run npm run db:generate after changing tables.ts)', async () => {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1);
    expect(last).toBeDefined();
    const snapshotFile = path.join(MIGRATIONS_DIR, 'meta', `${String(last!.idx).padStart(4, '0')}_snapshot.json`);
    const previous = JSON.parse(fs.readFileSync(snapshotFile, 'utf8')) as unknown;
    const current = await kit.generateSQLiteDrizzleJson(schema);
    const statements = await kit.generateSQLiteMigration(previous, current);
    expect(statements).toEqual([]);
  });
});
