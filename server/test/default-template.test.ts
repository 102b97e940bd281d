/**
 * Every host starts with the default turnover template (server/src/modules/housekeeping/
 * default-template.ts): a registration writes it, so the first booking gets its turnover task;
 * hosts from before get it once at start-up, and a host who removed it does not get it back.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { counters, housekeepingTasks, taskTemplates } from '../../shared/schema/tables';
import { DEFAULT_TURNOVER_TEMPLATE, defaultTurnoverTranslations } from '../../shared/turnover-template';
import { hostText } from '../../shared/host-text';
import { DEFAULT_TEMPLATES_COUNTER, ensureDefaultTemplates } from '../src/modules/housekeeping/default-template';
import { makeTestApp, type TestApp } from './helpers';
import { createHost } from './fixtures';
import { auth } from './sync-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp({ platformDefaults: true });
});
afterAll(async () => {
  await app.cleanup();
});

const templatesOf = (hostId: string) =>
  app.db
    .select()
    .from(taskTemplates)
    .where(and(eq(taskTemplates.host_id, hostId), isNull(taskTemplates.deleted_at)))
    .all();

describe('default turnover template', () => {
  it('is written at registration, and the first booking gets its turnover task from it', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { email: 'fresh-host@example.test', password: 'a-long-password-1', company_name: 'Fresh Stays' } });
    expect(res.statusCode, res.body).toBe(201);
    const { token, user } = res.json<{ token: string; user: { hostProfileId: string } }>();
    const [template, ...others] = templatesOf(user.hostProfileId);
    expect(others).toEqual([]);
    expect(template).toMatchObject({ name: DEFAULT_TURNOVER_TEMPLATE.name, is_default: true, estimated_duration: DEFAULT_TURNOVER_TEMPLATE.estimated_duration });
    expect(template!.checklist_items.map((i) => i.text)).toEqual([...DEFAULT_TURNOVER_TEMPLATE.checklist]);
    expect(new Set(template!.checklist_items.map((i) => i.id)).size).toBe(DEFAULT_TURNOVER_TEMPLATE.checklist.length);

    const property = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.properties}/create`, headers: auth(token), payload: { property_name: 'First flat' } });
    expect(property.statusCode, property.body).toBe(201);
    const propertyId = property.json<{ ID: string }>().ID;
    const booking = await app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.bookings}/create`,
      headers: auth(token),
      payload: { property_id: propertyId, check_in_date: '2031-03-01', check_out_date: '2031-03-04', guest_name: 'First Guest' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const tasks = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.property_id, propertyId)).all();
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ template_id: template!.id, scheduled_date: '2031-03-04' });
    expect(tasks[0]!.checklist_items.map((i) => i.text)).toEqual([...DEFAULT_TURNOVER_TEMPLATE.checklist]);
    // In the staff app's languages from the start, item by item (shared/host-text.ts).
    expect(template!.translations).toEqual(defaultTurnoverTranslations(template!.checklist_items.map((i) => i.id)));
    expect(tasks[0]!.translations).toEqual(template!.translations);
    const firstItem = tasks[0]!.checklist_items[0]!;
    expect(hostText(tasks[0]!.translations, 'es', `item:${firstItem.id}`, firstItem.text).text).toBe('Quitar la ropa de cama y poner la lavadora');
  });

  it('is given once to hosts from before, and not again to a host who removed it', () => {
    const older = createHost(app);
    const removed = createHost(app);
    expect(templatesOf(older.hostProfileId)).toEqual([]);
    // The start-up of this app marked the backfill done: a new host made outside registration waits for none.
    expect(ensureDefaultTemplates(app.db, app.now())).toBe(0);
    // As on a database from before the backfill existed.
    app.db.delete(counters).where(eq(counters.name, DEFAULT_TEMPLATES_COUNTER)).run();
    expect(ensureDefaultTemplates(app.db, app.now())).toBeGreaterThanOrEqual(2);
    expect(templatesOf(older.hostProfileId)).toHaveLength(1);
    const [given] = templatesOf(removed.hostProfileId);
    app.db.update(taskTemplates).set({ deleted_at: '2030-01-01T00:00:00.000Z' }).where(eq(taskTemplates.id, given!.id)).run();
    expect(ensureDefaultTemplates(app.db, app.now())).toBe(0);
    expect(templatesOf(removed.hostProfileId)).toEqual([]);
    expect(templatesOf(older.hostProfileId)).toHaveLength(1);
  });
});
