/**
 * Push notifications and e-mails to staff in their language (issue 24): a housekeeper's display
 * setting decides; without one, the languages her browser sent at sign-in (sessions.languages);
 * without those, English. Pushes go through the real mock push service (web-push-testing) and are
 * read back decrypted; e-mails through a real SMTP receiver.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { notifications, sessions } from '../../shared/schema/tables';
import { nowIso, type Row } from '../src/db/write';
import { translatorFor } from '../src/i18n';
import { alertUnhealthyFeeds } from '../src/modules/calendar/health';
import type { PushPayload } from '../src/modules/push/service';
import { notifyTaskAlerts } from '../src/modules/housekeeping/service';
import { createHost, createProperty, createStaff, createTask, insertFixture, type StaffFixture, type UserFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { startMockPushService, waitFor, type MockPushService, type MockSubscription } from './push-helpers';
import { createHostWithStaff, linkIn, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';
import { housekeepingTasks } from '../../shared/schema/tables';

function auth(user: UserFixture) {
  return { authorization: `Bearer ${user.token}` };
}

/** The task row as stored (what the alert jobs read). */
function storedTask(app: TestApp, row: Row) {
  const task = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, String(row.id))).get();
  if (!task) throw new Error('no task');
  return task;
}

describe('push notifications in the housekeeper’s language', () => {
  let mock: MockPushService;
  let app: TestApp;
  const savedOrigins = process.env.PUSH_ENDPOINT_ORIGINS;

  beforeAll(async () => {
    mock = await startMockPushService();
    process.env.PUSH_ENDPOINT_ORIGINS = mock.origin;
    app = await makeTestApp();
  });
  afterAll(async () => {
    await app.cleanup();
    await mock.close();
    if (savedOrigins === undefined) delete process.env.PUSH_ENDPOINT_ORIGINS;
    else process.env.PUSH_ENDPOINT_ORIGINS = savedOrigins;
  });

  async function subscribeDevice(user: UserFixture): Promise<MockSubscription> {
    const key = (await app.inject({ method: 'GET', url: '/api/push/vapid-public-key' })).json() as { publicKey: string };
    const sub = await mock.subscribe(key.publicKey);
    const res = await app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: auth(user), payload: { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null } });
    expect(res.statusCode).toBe(201);
    return sub;
  }

  /** The host assigns a new task at "Casa Azul" to `staff` through the table API; answers her phone's payload. */
  async function assign(host: UserFixture & { hostProfileId: string }, staff: StaffFixture, phone: MockSubscription): Promise<PushPayload> {
    const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
    const task = createTask(app, host.hostProfileId, { property_id: property.id, task_title: 'Windows' });
    const res = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`, headers: auth(host), payload: { ID: task.id, assigned_staff_id: staff.staffId } });
    expect(res.statusCode).toBe(200);
    const [message] = await waitFor(() => mock.messages(phone.clientHash), (m) => m.length === 1);
    return JSON.parse(message ?? '') as PushPayload;
  }

  it('speaks Spanish to a housekeeper whose setting is es', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: staff.userId, language: 'es' });
    const payload = await assign(host, staff, await subscribeDevice(staff));
    expect(payload.title).toBe('Tarea asignada');
    expect(payload.message).toBe('Te han asignado "Windows" en Casa Azul.');
    // An assignment offers no actions in the notification: no titles for them.
    expect(payload.actionTitles).toBeUndefined();
  });

  it('titles a Spanish housekeeper’s task alert actions in Spanish, and her host’s in English', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: staff.userId, language: 'es' });
    const phone = await subscribeDevice(staff);
    const laptop = await subscribeDevice(host);
    const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
    const task = storedTask(app, createTask(app, host.hostProfileId, { property_id: property.id, task_title: 'Baño', assigned_staff_id: staff.staffId }));
    app.db.transaction((tx) => notifyTaskAlerts(tx, [task], 'urgent', app.now()));
    await app.push.sender.drain();
    const urgentOn = async (device: MockSubscription) => {
      const messages = await waitFor(() => mock.messages(device.clientHash), (m) => m.some((text) => (JSON.parse(text) as PushPayload).type === 'urgent'));
      return messages.map((text) => JSON.parse(text) as PushPayload).find((p) => p.type === 'urgent');
    };
    expect(await urgentOn(phone)).toMatchObject({
      title: 'Alerta de tarea urgente',
      taskId: task.id,
      actionTitles: { start: 'Empezar', done: 'Marcar como hecha', open: 'Abrir' },
    });
    expect(await urgentOn(laptop)).toMatchObject({ title: NOTIFICATION_TITLES.urgentTask, actionTitles: { start: 'Start', done: 'Mark done', open: 'Open' } });
  });

  it('speaks the language of her last sign-in when she chose none', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const token = app.signSession(staff.userId, 'phone', 'pt-BR,pt;q=0.9,en;q=0.8');
    expect(app.db.select({ languages: sessions.languages }).from(sessions).where(eq(sessions.user_id, staff.userId)).all()).toContainEqual({ languages: 'pt-BR,pt,en' });
    const payload = await assign(host, { ...staff, token }, await subscribeDevice({ ...staff, token }));
    expect(payload.title).toBe('Tarefa atribuída');
    expect(payload.message).toBe('Você recebeu a tarefa "Windows" em Casa Azul.');
  });

  it('keeps English, word for word, for one with neither', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const payload = await assign(host, staff, await subscribeDevice(staff));
    expect(payload.title).toBe(NOTIFICATION_TITLES.taskAssigned);
    expect(payload.message).toBe('You have been assigned "Windows" at Casa Azul.');
  });

  it('writes an overdue alert per reader: the housekeeper in Spanish with her date format, the host in English', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: staff.userId, language: 'es', dateFormat: 'DD MMMM YYYY' });
    const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
    const row = createTask(app, host.hostProfileId, { property_id: property.id, task_title: 'Baño', assigned_staff_id: staff.staffId, due_date: '2030-01-05' });
    const task = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, String(row.id))).get();
    if (!task) throw new Error('no task');
    const notified = app.db.transaction((tx) => notifyTaskAlerts(tx, [task], 'overdue', app.now()));
    const byUser = new Map(notified.map(({ notification }) => [notification.user_id, notification]));
    expect(byUser.get(staff.userId)).toMatchObject({ title: 'Tarea atrasada', message: '"Baño" en Casa Azul pasó su fecha límite (05 de enero de 2030) y sigue pendiente.' });
    expect(byUser.get(host.userId)).toMatchObject({ title: NOTIFICATION_TITLES.taskOverdue, message: '"Baño" at Casa Azul is past its due date (01/05/2030) and still pending.' });
  });
});

describe('notifications to hosts, from the same catalog', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => {
    await app.cleanup();
  });

  /** A housekeeper completes a task at "Casa Azul" through the table API; answers what her host was told. */
  async function completion(host: UserFixture & { hostProfileId: string }) {
    const staff = createStaff(app, host.hostProfileId);
    const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
    const task = createTask(app, host.hostProfileId, { property_id: property.id, task_title: 'Windows', assigned_staff_id: staff.staffId });
    const res = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.housekeeping_tasks}/update`, headers: auth(staff), payload: { ID: task.id, task_status: 'completed' } });
    expect(res.statusCode, res.body).toBe(200);
    return app.db.select().from(notifications).where(and(eq(notifications.user_id, host.userId), eq(notifications.taskId, String(task.id)))).all();
  }

  it('tells a host a completion in the English of the catalog, word for word', async () => {
    const told = await completion(createHost(app));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: NOTIFICATION_TITLES.taskCompleted, type: 'success', message: 'Test staff completed "Windows" at Casa Azul.' });
    expect(told[0]?.message).toBe(translatorFor('en').t('server.push.taskCompleted.body', { who: 'Test staff', what: '"Windows" at Casa Azul' }));
  });

  it('and in the host’s own language once the catalog has one', async () => {
    const host = createHost(app);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: host.userId, language: 'es' });
    expect(await completion(host)).toMatchObject([{ title: 'Tarea terminada', message: 'Test staff completó "Windows" en Casa Azul.' }]);
  });

  it('writes a failing calendar feed’s alert per host: English word for word, Portuguese for a pt-BR host', () => {
    const english = createHost(app);
    const portuguese = createHost(app);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: portuguese.userId, language: 'pt-BR' });
    for (const host of [english, portuguese]) {
      const property = createProperty(app, host.hostProfileId, { property_name: 'Casa Azul' });
      insertFixture(app, TABLE_IDS.calendar_feeds, { host_id: host.hostProfileId, property_id: property.id, platform: 'airbnb', ical_url: 'https://example.test/a.ics', consecutive_failures: 3, last_error: 'HTTP 404', created_at: nowIso(app.now()) });
    }
    alertUnhealthyFeeds(app.db, app.now());
    const alertOf = (host: UserFixture) => app.db.select().from(notifications).where(eq(notifications.user_id, host.userId)).get();
    expect(alertOf(english)).toMatchObject({
      title: 'The airbnb calendar of Casa Azul is not syncing',
      message: "The last 3 attempts to read it failed (HTTP 404). New bookings from airbnb may be missing until it works again: check the feed's address.",
    });
    expect(alertOf(portuguese)).toMatchObject({
      title: 'O calendário do airbnb de Casa Azul não está sincronizando',
      message: 'As últimas 3 tentativas de lê-lo falharam (HTTP 404). Novas reservas do airbnb podem estar faltando até que ele volte a funcionar: verifique o endereço do calendário.',
    });
  });
});

describe('e-mails in the housekeeper’s language', () => {
  let app: TestApp;
  let smtp: SmtpFixture;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: 'https://app.staykeep.test' });
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 's3cret smtp' });
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('mails the reset link in Portuguese to a housekeeper whose setting is pt-BR', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    insertFixture(app, TABLE_IDS.display_settings, { user_id: staff.userId, language: 'pt-BR' });
    const count = smtp.received.length;
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password/email', payload: { email: staff.email } });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMessage(count);
    expect(mail.to).toEqual([staff.email]);
    expect(mail.subject).toBe('Redefina sua senha do Staykeep');
    expect(mail.text).toContain(`Alguém pediu para redefinir a senha da sua conta do Staykeep (${staff.email}).`);
    expect(mail.text).toContain('Este link expira em 24 horas e só pode ser usado uma vez.');
    expect(linkIn(mail.text).pathname).toBe('/resetpassword');
  });

  it('mails a second host’s invitation in Spanish to a housekeeper who signed in with a Spanish browser', async () => {
    const first = createHost(app);
    const staff = createStaff(app, first.hostProfileId);
    app.signSession(staff.userId, 'phone', 'es-MX,es;q=0.9');
    const second = createHostWithStaff(app, { hostEmail: 'second.host@example.test', staffEmail: staff.email, company: 'Playa Stays', staffName: 'Lucía' });
    const count = smtp.received.length;
    const res = await app.inject({ method: 'POST', url: `/api/staff/${second.staffId}/invite`, headers: { authorization: `Bearer ${second.hostToken}` } });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const mail = await smtp.waitForMessage(count);
    expect(mail.subject).toBe('Te han invitado a Staykeep');
    expect(mail.text).toContain('Hola, Lucía: Playa Stays te invitó a ver sus tareas de limpieza en Staykeep');
  });
});
