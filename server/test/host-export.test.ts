/**
 * A host downloads its own data (server/src/modules/hosts/export.ts): a .tar.gz holding data.json
 * with every table of its scope and one CSV per table; another host's rows are not in it, deleted
 * rows neither; staff and admins are refused. The archive is read back here with node:zlib and a
 * reading of the tar headers.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { tombstoneRow } from '../src/db/write';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createStaff, createUser, defOf } from './fixtures';

let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

/** The files of a gzipped tar, by name. */
function untar(archive: Buffer): Map<string, string> {
  const tar = zlib.gunzipSync(archive);
  const files = new Map<string, string>();
  let at = 0;
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const name = tar.subarray(at, at + 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(tar.subarray(at + 124, at + 136).toString('ascii').replace(/\0.*$/s, ''), 8);
    files.set(name, tar.subarray(at + 512, at + 512 + size).toString('utf8'));
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('host data export', () => {
  it("answers the host's own rows as JSON and one CSV per table, nobody else's", async () => {
    const host = createHost(app, { company: 'Harbour Stays' });
    const property = createProperty(app, host.hostProfileId, { property_name: 'Quay Loft, "sea view"' });
    const gone = createProperty(app, host.hostProfileId, { property_name: 'Sold' });
    app.db.transaction((tx) => tombstoneRow(tx, defOf(TABLE_IDS.properties), String(gone.id), app.now()));
    createBooking(app, host.hostProfileId, { property_id: property.id });
    const other = createHost(app);
    createProperty(app, other.hostProfileId, { property_name: 'Not yours' });

    const res = await app.inject({ method: 'GET', url: '/api/host/export', headers: { authorization: `Bearer ${host.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="staykeep-export-\d{4}-\d{2}-\d{2}\.tar\.gz"$/);
    const files = untar(res.rawPayload);
    const dir = [...files.keys()][0]!.split('/')[0];
    const data = JSON.parse(files.get(`${dir}/data.json`)!) as { tables: Record<string, Record<string, unknown>[]> };
    expect(data.tables.properties!.map((p) => p.property_name)).toEqual(['Quay Loft, "sea view"']);
    expect(data.tables.bookings).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain('Not yours');
    const csv = files.get(`${dir}/properties.csv`)!;
    expect(csv.split('\r\n')[0]).toContain('property_name');
    expect(csv).toContain('"Quay Loft, ""sea view"""');
    expect(files.has(`${dir}/bookings.csv`)).toBe(true);
  });

  it('is for hosts only', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const admin = createUser(app, 'admin');
    for (const token of [staff.token, admin.token]) {
      expect((await app.inject({ method: 'GET', url: '/api/host/export', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(403);
    }
    expect((await app.inject({ method: 'GET', url: '/api/host/export' })).statusCode).toBe(401);
  });
});
