/**
 * The host's translations of what it writes for housekeepers (shared/host-text.ts): kept with
 * templates, tasks and access details, validated, copied from a template to its turnover tasks,
 * and pulled by the housekeeper with her task.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { housekeepingTasks } from '../../shared/schema/tables';
import { TABLE_IDS as T } from '../../shared/registry';
import { hostText, withTranslation } from '../../shared/host-text';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createProperty, createStaff } from './fixtures';
import { auth, Replica } from './sync-helpers';

let app: TestApp;
beforeAll(async () => {
  app = await makeTestApp();
});
afterAll(async () => {
  await app.cleanup();
});

const item = { id: 'bed', text: 'Make the beds', done: false };
const translations = withTranslation(withTranslation({}, 'es', 'title', 'Limpieza de salida', 'Turnover clean'), 'es', 'item:bed', 'Hacer las camas', 'Make the beds');

describe("the host's translations", () => {
  it('are refused with the field named when not of a staff language or not of a known text', async () => {
    const host = createHost(app);
    for (const bad of [{ en: { title: { text: 'x', of: 'y' } } }, { es: { door_code: { text: '1', of: '1' } } }, { es: { title: 'Limpieza' } }]) {
      const res = await app.inject({ method: 'POST', url: `/api/table/${T.task_templates}/create`, headers: auth(host.token), payload: { name: 'Turnover clean', translations: bad } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/translations/);
    }
  });

  it("go from the default template to each booking's turnover task, and to the housekeeper's device", async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const template = await app.inject({
      method: 'POST',
      url: `/api/table/${T.task_templates}/create`,
      headers: auth(host.token),
      payload: { name: 'Turnover clean', checklist_items: [item], translations },
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json<{ ID: string }>().ID;
    // Made default by the host (a new host's own default template comes translated too: default-template.test.ts).
    const setDefault = await app.inject({ method: 'POST', url: `/api/table/${T.task_templates}/update`, headers: auth(host.token), payload: { ID: templateId, is_default: true } });
    expect(setDefault.statusCode, setDefault.body).toBe(200);
    const property = createProperty(app, host.hostProfileId);
    const booking = await app.inject({
      method: 'POST',
      url: `/api/table/${T.bookings}/create`,
      headers: auth(host.token),
      payload: { property_id: property.id, check_in_date: '2031-03-01', check_out_date: '2031-03-04', guest_name: 'Ana' },
    });
    expect(booking.statusCode, booking.body).toBe(201);
    const [made] = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.property_id, String(property.id))).all();
    expect(made?.translations).toEqual(translations);
    const assign = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: auth(host.token), payload: { ID: made!.id, assigned_staff_id: staff.staffId } });
    expect(assign.statusCode, assign.body).toBe(200);

    const replica = new Replica();
    await replica.sync(app, staff.token);
    const tasks = [...replica.rows(T.housekeeping_tasks).values()] as { task_title: string; translations: typeof translations; checklist_items: (typeof item)[] }[];
    const turnover = tasks.find((task) => task.task_title === 'Turnover clean');
    expect(turnover, JSON.stringify(tasks)).toBeDefined();
    expect(turnover!.translations).toEqual(translations);
    expect(hostText(turnover!.translations, 'es', 'item:bed', turnover!.checklist_items[0]!.text).text).toBe('Hacer las camas');
  });
});
