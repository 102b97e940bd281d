/**
 * Property rules: every field, the secret iCal export URL made at creation and rotated on demand,
 * archive instead of delete when bookings exist, through the table API and sync push alike.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { auditLog, properties } from '../../shared/schema/tables';
import { makeTestApp, type TestApp, inUnits } from './helpers';
import { call, expectCounters, ok } from './bookings-helpers';
import { createHost, createStaff, createTask, createUser, type HostFixture } from './fixtures';
import { mutation, push } from './sync-helpers';

const P = TABLE_IDS.properties;
const B = TABLE_IDS.bookings;
const ORIGIN = 'https://stays.example.test';

let app: TestApp;
let host: HostFixture;

beforeAll(async () => {
  app = await makeTestApp({ publicOrigin: ORIGIN });
  host = createHost(app);
});
afterAll(async () => app.cleanup());

function stored(id: string) {
  return inUnits(properties, app.db.select().from(properties).where(eq(properties.id, id)).get());
}

async function rotate(token: string | null, id: string) {
  const res = await app.inject({ method: 'POST', url: `/api/properties/${id}/ical-export-token`, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('fields', () => {
  it('stores every field of the original property entity plus timezone, and hides the export token while showing its URL', async () => {
    const body = {
      property_name: 'Casa Azul',
      property_type: 'house',
      address: 'Rua 1, Lisboa',
      latitude: 38.71,
      longitude: -9.14,
      bedrooms: 3,
      bathrooms: 2.5,
      max_guests: 6,
      base_price: 149.99,
      description: 'By the sea',
      amenities: ['wifi', 'pool'],
      images: ['/uploads/x.webp'],
      ota_listings: { airbnb: 'AB-1', vrbo: 'VR-9' },
      status: 'inactive',
      timezone: 'Europe/Lisbon',
      // Server-set: ignored.
      ical_export_url: 'https://evil.example/feed.ics',
      ical_export_token: 'chosen',
      created_date: '2000-01-01T00:00:00Z',
    };
    const id = await ok(app, host.token, P, 'create', body);
    const row = stored(id);
    const { ical_export_url: _url, ical_export_token: _token, created_date: _created, ...fields } = body;
    expect(row).toMatchObject({ ...fields, host_id: host.hostProfileId });
    expect(row?.created_date).not.toBe('2000-01-01T00:00:00Z');
    expect(row?.ical_export_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(row?.ical_export_url).toBe(`${ORIGIN}/ical/${id}/${row?.ical_export_token}.ics`);
    const page = await call(app, host.token, P, 'page', { PageNo: 1, PageSize: 10, Filters: [{ name: 'id', op: 'Equal', value: id }] });
    const listed = (page.body.List as Record<string, unknown>[])[0];
    expect(listed).toMatchObject({ ical_export_token: null, ical_export_token_set: true, ical_export_url: row?.ical_export_url, timezone: 'Europe/Lisbon' });
  });

  it('answers 400 naming a bad timezone', async () => {
    const r = await call(app, host.token, P, 'create', { property_name: 'Nowhere', timezone: 'Mars/Olympus' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Invalid value for timezone: must be an IANA time zone name');
  });

  it('gives a property made offline and pushed by sync its export URL too', async () => {
    const rowId = `offline-property-${Math.random()}`;
    const m = mutation(1, P, 'create', rowId, { property_name: 'Made offline' });
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [m]);
    expect(answer.results[0]?.status).toBe('applied');
    expect(stored(rowId)?.ical_export_url).toMatch(new RegExp(`/ical/${rowId}/[A-Za-z0-9_-]{32}\\.ics$`));
  });
});

describe('POST /api/properties/:id/ical-export-token', () => {
  it('issues a new token and URL; the old ones are gone', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Rotating' });
    const before = stored(id);
    const r = await rotate(host.token, id);
    expect(r.status).toBe(200);
    const after = stored(id);
    expect(after?.ical_export_token).not.toBe(before?.ical_export_token);
    expect(r.body).toEqual({ ical_export_url: `${ORIGIN}/ical/${id}/${after?.ical_export_token}.ics` });
    expect(after?.ical_export_url).toBe(r.body.ical_export_url);
    expect(after?.version).toBeGreaterThan(before?.version ?? Infinity);
  });

  it('is the owner host or an admin only: 401, 403 for staff, 404 outside the scope', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Guarded' });
    expect((await rotate(null, id)).status).toBe(401);
    const staff = createStaff(app, host.hostProfileId);
    createTask(app, host.hostProfileId, { property_id: id, assigned_staff_id: staff.staffId });
    expect((await rotate(staff.token, id)).status).toBe(403);
    expect((await rotate(createHost(app).token, id)).status).toBe(404);
    expect((await rotate(host.token, 'no-such-property')).status).toBe(404);
    expect((await rotate(createUser(app, 'admin').token, id)).status).toBe(200);
  });
});

describe('delete', () => {
  it('archives a property that has bookings (200, archived: true) and deletes one that has none', async () => {
    const fresh = createHost(app);
    const kept = await ok(app, fresh.token, P, 'create', { property_name: 'Has bookings' });
    const gone = await ok(app, fresh.token, P, 'create', { property_name: 'Empty' });
    const booking = await ok(app, fresh.token, B, 'create', { property_id: kept, check_in_date: '2031-01-01', check_out_date: '2031-01-02', booking_status: 'cancelled' });
    expectCounters(app, fresh.hostProfileId, { properties_count: 2, total_bookings: 0, total_revenue: 0 });

    const archived = await call(app, fresh.token, P, 'delete', { ID: kept });
    expect(archived).toEqual({ status: 200, body: { ID: kept, archived: true } });
    expect(stored(kept)).toMatchObject({ status: 'archived', deleted_at: null });
    const again = await call(app, fresh.token, P, 'delete', { ID: kept });
    expect(again.body).toEqual({ ID: kept, archived: true });
    // An archived property takes no new stay, nor one moved onto it, until it is restored.
    const refused = await call(app, fresh.token, B, 'create', { property_id: kept, check_in_date: '2031-02-01', check_out_date: '2031-02-03' });
    expect(refused).toEqual({ status: 400, body: { error: 'Invalid value for property_id: the property is archived; restore it to take bookings' } });
    const elsewhere = await ok(app, fresh.token, P, 'create', { property_name: 'Elsewhere' });
    const movable = await ok(app, fresh.token, B, 'create', { property_id: elsewhere, check_in_date: '2031-02-01', check_out_date: '2031-02-03' });
    expect((await call(app, fresh.token, B, 'update', { ID: movable, property_id: kept })).status).toBe(400);
    await ok(app, fresh.token, B, 'delete', { ID: movable });
    await ok(app, fresh.token, P, 'delete', { ID: elsewhere });

    const deleted = await call(app, fresh.token, P, 'delete', { ID: gone });
    expect(deleted).toEqual({ status: 200, body: { ID: gone } });
    expect(stored(gone)?.deleted_at).not.toBeNull();
    expectCounters(app, fresh.hostProfileId, { properties_count: 0, total_bookings: 0, total_revenue: 0 });
    // Both are audited as delete requests.
    const audits = app.db.select().from(auditLog).all().filter((a) => a.entity_id === kept || a.entity_id === gone);
    expect(audits.map((a) => a.action).sort()).toEqual(['delete', 'delete', 'delete']);

    // Once its last booking is gone, the archived property can be deleted.
    await ok(app, fresh.token, B, 'delete', { ID: booking });
    expect((await call(app, fresh.token, P, 'delete', { ID: kept })).body).toEqual({ ID: kept });
    expect(stored(kept)?.deleted_at).not.toBeNull();
  });

  it('archives through sync push the same way', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Synced delete' });
    await ok(app, host.token, B, 'create', { property_id: id, check_in_date: '2031-02-01', check_out_date: '2031-02-02' });
    const m = mutation(1, P, 'delete', id);
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [m]);
    expect(answer.results[0]?.status).toBe('applied');
    expect(stored(id)).toMatchObject({ status: 'archived', deleted_at: null });
  });
});
