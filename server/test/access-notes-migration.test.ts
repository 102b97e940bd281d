/**
 * The migration that moves the older free-text `properties.access_notes` into the properties'
 * access details (drizzle/*_report_photos_access_notes.sql, its hand-written part), run on a
 * temporary database: appended after what the host wrote, a new access row where there was none, a
 * removed one brought back with the notes alone, the notes emptied, and every row touched given a
 * fresh version past the counter (so that a host's next pull brings them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { MIGRATIONS_DIR } from '../src/db/index';
import { createHost, createProperty, type HostFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { pull } from './sync-helpers';

let app: TestApp;
let host: HostFixture;

/** The hand-written statements of the migration (the generated ones before them are applied already). */
function handWritten(): string[] {
  const file = fs.readdirSync(MIGRATIONS_DIR).find((name) => name.endsWith('_report_photos_access_notes.sql'));
  if (!file) throw new Error('The access notes migration is missing');
  const statements = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').split('--> statement-breakpoint');
  const from = statements.findIndex((s) => s.includes('Hand-written'));
  expect(from).toBeGreaterThan(0);
  return statements.slice(from);
}

type AccessRow = { id: string; host_id: string; property_id: string; door_code: string; arrival_notes: string; version: number; deleted_at: string | null };

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
});
afterAll(async () => app.cleanup());

describe('moving access_notes into the access details', () => {
  it('appends, creates, revives, empties the notes and gives every touched row a fresh version', async () => {
    const sqlite = app.db.$client;
    const property = (notes: string) => String(createProperty(app, host.hostProfileId, { access_notes: notes }).id);
    const fresh = property('Key box by the gate, code 1234');
    const written = property('  Gate code 99  ');
    const none = property('');
    const removed = property('Side door, code 42');
    const addAccess = (propertyId: string, fields: { door_code: string; arrival_notes: string; deleted_at?: string }) =>
      sqlite
        .prepare(
          "insert into property_access (id, version, updated_at, deleted_at, host_id, property_id, door_code, arrival_notes, created_date) values (?, 1, '2026-01-01T00:00:00.000Z', ?, ?, ?, ?, ?, '2026-01-01T00:00:00.000Z')",
        )
        .run(`access-${propertyId}`, fields.deleted_at ?? null, host.hostProfileId, propertyId, fields.door_code, fields.arrival_notes);
    addAccess(written, { door_code: '5555', arrival_notes: 'Ring twice' });
    addAccess(removed, { door_code: '0000', arrival_notes: 'Old notes', deleted_at: '2026-02-01T00:00:00.000Z' });
    const counter = () => (sqlite.prepare("select value from counters where name = 'version'").pluck().get() as number) ?? 0;
    const before = counter();

    sqlite.transaction(() => {
      for (const statement of handWritten()) sqlite.exec(statement);
    })();

    const access = (propertyId: string) => sqlite.prepare('select * from property_access where property_id = ?').get(propertyId) as AccessRow | undefined;
    expect(access(fresh)).toMatchObject({ host_id: host.hostProfileId, door_code: '', arrival_notes: 'Key box by the gate, code 1234', deleted_at: null });
    expect(access(fresh)?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // What the host wrote stays first, and its door code is kept.
    expect(access(written)).toMatchObject({ door_code: '5555', arrival_notes: 'Ring twice\n\nGate code 99', deleted_at: null });
    // A removed row comes back with the notes alone, not with what was removed.
    expect(access(removed)).toMatchObject({ door_code: '', arrival_notes: 'Side door, code 42', deleted_at: null });
    expect(access(none)).toBeUndefined();

    const properties = sqlite.prepare('select id, access_notes, version from properties where id in (?, ?, ?, ?)').all(fresh, written, none, removed) as { id: string; access_notes: string; version: number }[];
    expect(properties.every((p) => p.access_notes === '')).toBe(true);
    // Fresh versions, each its own, all past the counter as it was and within it as it is now.
    const touched = [...[fresh, written, removed].map((id) => access(id)?.version ?? 0), ...properties.filter((p) => p.id !== none).map((p) => p.version)];
    expect(new Set(touched).size).toBe(touched.length);
    expect(Math.min(...touched)).toBeGreaterThan(before);
    expect(Math.max(...touched)).toBeLessThanOrEqual(counter());
    expect(properties.find((p) => p.id === none)?.version).toBeLessThanOrEqual(before);

    // The host's next pull from before brings the moved notes.
    const pulled = await pull(app, host.token, before);
    const accessRows = pulled.changes.filter((c) => c.table === TABLE_IDS.property_access).map((c) => c.row.property_id);
    expect(accessRows.sort()).toEqual([fresh, written, removed].sort());

    // Run again (nothing left to move): nothing changes.
    const after = counter();
    sqlite.transaction(() => {
      for (const statement of handWritten()) sqlite.exec(statement);
    })();
    expect(counter()).toBe(after);
    expect(access(written)?.arrival_notes).toBe('Ring twice\n\nGate code 99');
  });
});
