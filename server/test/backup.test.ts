/**
 * Online backups (server/src/jobs/backup.ts): the `backup` job, run through
 * `POST /api/admin/jobs/backup/run` while the server serves, writes a copy into BACKUP_DIR and keeps
 * the newest BACKUP_KEEP; a write made after the backup is not in it. The restore of docs/how-to.md
 * (copy a backup to DATABASE_PATH of a new folder, start) brings a server up with every row there,
 * sessions included.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { backupName, listBackups } from '../src/jobs/backup';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createTask, createUser } from './fixtures';

let app: TestApp;
let backupDir: string;
const restoreDirs: string[] = [];
let clock = new Date('2031-07-01T03:00:00.000Z');

/** Every table's row count, by name (migrations' own table included). */
function counts(sqlite: { prepare: (sql: string) => { all: () => unknown[]; get: () => unknown } }): Record<string, number> {
  const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map((t) => t.name);
  return Object.fromEntries(tables.map((name) => [name, (sqlite.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n]));
}

beforeAll(async () => {
  backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-backups-'));
  app = await makeTestApp({ backupDir, backupKeep: 2, now: () => clock });
});
afterAll(async () => {
  await app.cleanup();
  for (const dir of [backupDir, ...restoreDirs]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('backups', () => {
  it('names backups so that they sort by time', () => {
    expect(backupName(new Date('2031-07-01T03:00:00.000Z'))).toBe('staykeep-2031-07-01T03-00-00-000Z.db');
  });

  it('backs up online, keeps the newest BACKUP_KEEP, and a restored copy starts with every row', async () => {
    const admin = createUser(app, 'super_admin');
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId);
    createBooking(app, host.hostProfileId, { property_id: property.id });
    createTask(app, host.hostProfileId, { property_id: property.id });
    const run = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/admin/jobs/backup/run', headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: { file: string; bytes: number; removed: string[] } }>().result;
    };
    await run();
    clock = new Date(clock.getTime() + 86_400_000);
    await run();
    clock = new Date(clock.getTime() + 86_400_000);
    const before = counts(app.db.$client);
    const last = await run();
    expect(listBackups(backupDir)).toEqual([backupName(new Date('2031-07-02T03:00:00.000Z')), backupName(clock)]);
    expect(last.removed).toEqual([backupName(new Date('2031-07-01T03:00:00.000Z'))]);
    expect(last.bytes).toBeGreaterThan(0);
    // Written after the backup: not in it.
    createUser(app, 'host');

    // The restore of docs/how-to.md: the backup becomes the database file of a new data folder.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-restored-'));
    restoreDirs.push(dir);
    fs.copyFileSync(last.file, path.join(dir, 'app.db'));
    const { buildApp } = await import('../src/app');
    const restored = await buildApp({ databasePath: path.join(dir, 'app.db'), appSecretKey: 'test-secret', clientDistDir: path.join(dir, 'no-client'), platformDefaults: false });
    try {
      expect(counts(restored.db.$client)).toEqual(before);
      expect(restored.db.$client.pragma('integrity_check', { simple: true })).toBe('ok');
      // Same secret key: the sessions in the backup still work, and the host reads its rows.
      const page = await restored.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.bookings}/page`, headers: { authorization: `Bearer ${host.token}` }, payload: { PageNo: 1, PageSize: 10 } });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().VirtualCount).toBe(1);
      const me = await restored.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${staff.token}` } });
      expect(me.statusCode).toBe(200);
    } finally {
      await restored.close();
    }
  });
});
