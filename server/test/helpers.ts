/**
 * Test helpers: the real app (buildApp, as server/src/main.ts builds it) on a temporary SQLite file
 * per test file, so that test files never share a database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { rowFromStore } from '../../shared/schema/money-codec';

export type TestApp = FastifyInstance & { cleanup: () => Promise<void> };

export async function makeTestApp(options: BuildOptions = {}): Promise<TestApp> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-test-'));
  const app = (await buildApp({
    databasePath: path.join(dir, 'app.db'),
    appSecretKey: 'test-secret',
    clientDistDir: path.join(dir, 'no-client'),
    // A bare platform unless asked (the tests make their own tiers and settings); a real start
    // writes the defaults (app.ts), and platform.test.ts checks that it does.
    platformDefaults: false,
    ...options,
  })) as TestApp;
  app.cleanup = async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return app;
}

/**
 * A row a test read with drizzle's select, with its amounts in units of its own currency as the
 * server's code sees them (drizzle leaves `moneyIn` columns in minor units: shared/schema/money-codec.ts).
 */
export function inUnits<R extends object>(table: SQLiteTable, row: R): R;
export function inUnits<R extends object>(table: SQLiteTable, row: R | undefined): R | undefined;
export function inUnits<R extends object>(table: SQLiteTable, row: R | undefined): R | undefined {
  return row && (rowFromStore(table, row as Record<string, unknown>) as R);
}
