/**
 * Migration 0008: housekeepers' devices that synced before pull sent each role only its fields
 * (shared/device-fields.ts) start their download afresh once, so that rows which never change
 * again do not keep the old fields (export tokens, prices) on the phone; hosts' devices go on.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { TestApp } from './helpers';
import { createHost, createProperty, createStaff, createTask } from './fixtures';
import { pull } from './sync-helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-staff-reset-'));
const databasePath = path.join(dir, 'app.db');
const open = async () => (await buildApp({ databasePath, appSecretKey: 'test-secret', clientDistDir: path.join(dir, 'no-client'), platformDefaults: false })) as TestApp;

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('migration 0008: a fresh download for housekeepers', () => {
  it("resets a housekeeper's cursor from before it once, and leaves hosts' cursors alone", async () => {
    let app = await open();
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    createTask(app, host.hostProfileId, { property_id: property.id, assigned_staff_id: staff.staffId });
    const staffCursor = (await pull(app, staff.token, 0)).cursor;
    const hostCursor = (await pull(app, host.token, 0)).cursor;
    expect(staffCursor).toBeGreaterThan(0);
    await app.close();
    // What the migration runs on a database that synced before it (it is no longer the last one,
    // so the migrator would not run it again): its statements, as the migrator splits them.
    const migration = fs.readFileSync(path.join(process.cwd(), 'drizzle', '0008_staff_device_reset.sql'), 'utf8');
    app = await open();
    try {
      for (const statement of migration.split('--> statement-breakpoint')) app.db.$client.exec(statement);
      const staffAfter = await pull(app, staff.token, staffCursor);
      expect(staffAfter.reset).toBe(true);
      expect(staffAfter.changes.some((c) => c.row.id === property.id)).toBe(true);
      expect((await pull(app, host.token, hostCursor)).reset).toBeUndefined();
      // Once: the fresh cursor is past the mark.
      expect((await pull(app, staff.token, staffAfter.cursor)).reset).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
