/**
 * One person, several hosts (docs/decisions.md, Ownership and scope; docs/security.md): two hosts
 * invite the same address over real SMTP, the person accepts both, signs in once and pulls both
 * hosts' work and nothing else; the current host switches; neither host learns of the other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TABLE_IDS, tableById } from '../../shared/registry';
import { housekeepingStaff, housekeepingTasks, notifications, users } from '../../shared/schema/tables';
import { INVITE_ACCEPT_FAILED, NOTIFICATION_TITLES, RESET_PASSWORD_FAILED } from '../../shared/messages';
import type { SessionUser } from '../../shared/session';
import { updateRow } from '../src/db/write';
import { loadActor } from '../src/actor';
import { hearsOf } from '../src/policy';
import { hostIdsOf } from '../src/modules/sync/events';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createProperty, createStaff, createTask, defOf, insertFixture, type HostFixture } from './fixtures';
import { linkIn, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';
import { Replica, mutation, pull, push } from './sync-helpers';
import * as OTPAuth from 'otpauth';
import { issueToken } from '../src/modules/auth/tokens';

const T = TABLE_IDS;
const EMAIL = 'pat.two@hosts.test';
type Json = Record<string, unknown>;

describe('one housekeeper, two hosts', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let a: HostFixture;
  let b: HostFixture;
  let rowA = '';
  let rowB = '';
  let taskA = '';
  let taskB = '';
  let propertyA = '';
  let propertyB = '';
  let patToken = '';
  const replica = new Replica();

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: Json) =>
    app.inject({ method, url, ...(payload ? { payload } : {}), headers: token ? { authorization: `Bearer ${token}` } : {} });
  const me = async (token: string) => (await call('GET', '/api/auth/me', token)).json().data as SessionUser;
  const page = async (token: string, table: number) => {
    const res = await call('POST', `/api/table/${table}/page`, token, { PageNo: 1, PageSize: 1000 });
    return res.json() as { List: Json[]; VirtualCount: number };
  };
  /** The invite link of the latest mail to an address, from message `from` on. */
  const inviteMail = async (from: number) => {
    const mail = await smtp.waitForMessage(from);
    return { mail, token: linkIn(mail.text).searchParams.get('token') ?? '' };
  };
  const staffRow = (id: string) => app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, id)).get();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: 'https://app.staykeep.test' });
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
    a = createHost(app, { company: 'Alpha Lets' });
    b = createHost(app, { company: 'Bravo Homes' });
    rowA = String(insertFixture(app, T.housekeeping_staff, { host_id: a.hostProfileId, staff_name: 'Pat at Alpha', staff_email: EMAIL, created_date: '2030-01-01T00:00:00.000Z' }).id);
    rowB = String(insertFixture(app, T.housekeeping_staff, { host_id: b.hostProfileId, staff_name: 'Pat at Bravo', staff_email: 'Pat.Two@Hosts.test', created_date: '2030-01-02T00:00:00.000Z' }).id);
    propertyA = String(createProperty(app, a.hostProfileId, { property_name: 'Alpha Loft' }).id);
    propertyB = String(createProperty(app, b.hostProfileId, { property_name: 'Bravo Barn' }).id);
    taskA = String(createTask(app, a.hostProfileId, { property_id: propertyA, assigned_staff_id: rowA, task_title: 'Alpha clean' }).id);
    taskB = String(createTask(app, b.hostProfileId, { property_id: propertyB, assigned_staff_id: rowB, task_title: 'Bravo clean' }).id);
    // Work of each host that is not Pat's: never pulled by Pat.
    for (const host of [a, b]) {
      const other = createStaff(app, host.hostProfileId);
      createTask(app, host.hostProfileId, { assigned_staff_id: other.staffId });
      createTask(app, host.hostProfileId);
    }
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('answers both hosts alike, whatever the address, and links nothing yet', async () => {
    const count = smtp.received.length;
    const first = await call('POST', `/api/staff/${rowA}/invite`, a.token, {});
    const second = await call('POST', `/api/staff/${rowB}/invite`, b.token, {});
    // A host's own address on its staff row: the same answer again.
    const hostRow = String(insertFixture(app, T.housekeeping_staff, { host_id: b.hostProfileId, staff_name: 'Alpha owner', staff_email: a.email }).id);
    const third = await call('POST', `/api/staff/${hostRow}/invite`, b.token, {});
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ invited: true });
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(first.headers).sort());
    }
    const mails = [await smtp.waitForMessage(count), await smtp.waitForMessage(count + 1), await smtp.waitForMessage(count + 2)];
    expect(mails.map((m) => m.to[0]).sort()).toEqual([a.email, EMAIL, EMAIL].sort());
    expect(mails.find((m) => m.to[0] === a.email)?.text).toContain('cannot join as a housekeeper');
    expect(staffRow(rowA)?.user_id).toBeNull();
    expect(staffRow(rowB)?.user_id).toBeNull();
    expect(app.db.select().from(users).where(eq(users.Email, EMAIL)).all()).toHaveLength(1);
  });

  it('sets the first password with one host\'s link, which links that host\'s row only', async () => {
    // Fresh invites, so that each link is known to be which host's.
    const count = smtp.received.length;
    await call('POST', `/api/staff/${rowA}/invite`, a.token, {});
    const { mail, token } = await inviteMail(count);
    expect(mail.text).toContain('Alpha Lets');
    const preview = await call('POST', '/api/auth/invite/preview', undefined, { token });
    expect(preview.json()).toEqual({ hostName: 'Alpha Lets', staffName: 'Pat at Alpha', email: EMAIL, hasPassword: false });
    // No password yet: accepting is not the way in.
    expect((await call('POST', '/api/auth/invite/accept', undefined, { token })).json()).toEqual({ error: INVITE_ACCEPT_FAILED });
    expect((await call('POST', '/api/auth/reset-password', undefined, { token, password: 'pat password' })).statusCode).toBe(200);
    expect(staffRow(rowA)?.user_id).toBeTruthy();
    expect(staffRow(rowB)?.user_id).toBeNull();

    const login = await call('POST', '/api/auth/login', undefined, { email: EMAIL, password: 'pat password' });
    expect(login.statusCode).toBe(200);
    patToken = login.json().token;
    expect((await me(patToken)).staffHosts).toEqual([{ staffId: rowA, hostProfileId: a.hostProfileId, hostName: 'Alpha Lets' }]);
    // Bravo's invite is not accepted: none of Bravo's rows reach Pat.
    await replica.sync(app, patToken);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([taskA]);
    expect(replica.ids(T.properties)).toEqual([propertyA]);
    expect(replica.ids(T.housekeeping_staff)).toEqual([rowA]);
  });

  it('accepts the second host with the password Pat has, changing none', async () => {
    const count = smtp.received.length;
    await call('POST', `/api/staff/${rowB}/invite`, b.token, {});
    const { mail, token } = await inviteMail(count);
    expect(mail.text).toContain('Bravo Homes');
    expect((await call('POST', '/api/auth/invite/preview', undefined, { token })).json()).toMatchObject({ hostName: 'Bravo Homes', hasPassword: true });
    // The link sets no password for someone who has one.
    expect((await call('POST', '/api/auth/reset-password', undefined, { token, password: 'taken over!' })).json()).toEqual({ error: RESET_PASSWORD_FAILED });
    const accepted = await call('POST', '/api/auth/invite/accept', undefined, { token });
    expect(accepted.statusCode).toBe(200);
    const { user } = accepted.json() as { token: string; user: SessionUser };
    expect(user.staffId).toBe(rowB);
    expect(user.staffHosts).toEqual([
      { staffId: rowA, hostProfileId: a.hostProfileId, hostName: 'Alpha Lets' },
      { staffId: rowB, hostProfileId: b.hostProfileId, hostName: 'Bravo Homes' },
    ]);
    // Used once.
    expect((await call('POST', '/api/auth/invite/accept', undefined, { token })).json()).toEqual({ error: INVITE_ACCEPT_FAILED });
    expect((await call('POST', '/api/auth/invite/accept', undefined, { token: 'no-such-token' })).statusCode).toBe(400);
    expect((await call('POST', '/api/auth/invite/accept', undefined, {})).json().error).toMatch(/token/);
    expect((await call('POST', '/api/auth/login', undefined, { email: EMAIL, password: 'pat password' })).statusCode).toBe(200);
  });

  it('pulls both hosts\' assigned work and nothing else of either, the device starting over once', async () => {
    const next = await pull(app, patToken, replica.cursor);
    expect(next.reset).toBe(true);
    replica.apply(next);
    await replica.sync(app, patToken);
    expect(replica.ids(T.housekeeping_tasks)).toEqual([taskA, taskB].sort());
    expect(replica.ids(T.properties)).toEqual([propertyA, propertyB].sort());
    expect(replica.ids(T.housekeeping_staff)).toEqual([rowA, rowB].sort());
    expect(replica.ids(T.bookings)).toEqual([]);
    // The table API answers the same scope.
    expect((await page(patToken, T.housekeeping_tasks)).List.map((t) => t.id).sort()).toEqual([taskA, taskB].sort());
  });

  it('tells Pat of a task either host assigns her, and pokes her stream for both hosts only', async () => {
    const patId = String(app.db.select().from(users).where(eq(users.Email, EMAIL)).get()?.ID);
    const assigned = () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.user_id, patId), eq(notifications.title, NOTIFICATION_TITLES.taskAssigned)))
        .all()
        .map((n) => n.taskId);
    for (const [host, row, property] of [
      [a, rowA, propertyA],
      [b, rowB, propertyB],
    ] as const) {
      const res = await call('POST', `/api/table/${T.housekeeping_tasks}/create`, host.token, { property_id: property, task_title: 'New for Pat', assigned_staff_id: row });
      expect(res.statusCode).toBe(201);
      expect(assigned()).toContain(res.json().ID);
    }
    const actor = loadActor(app.db, patId)!;
    const listener = { actor, hostIds: hostIdsOf(actor) };
    const tasks = tableById(T.housekeeping_tasks)!;
    expect(hearsOf(listener, tasks, new Set([a.hostProfileId]))).toBe(true);
    expect(hearsOf(listener, tasks, new Set([b.hostProfileId]))).toBe(true);
    expect(hearsOf(listener, tasks, new Set([createHost(app).hostProfileId]))).toBe(false);
  });

  it('switches the current host, and refuses a row that is not Pat\'s alike whether it exists or not', async () => {
    const switched = await call('POST', '/api/auth/staff-host', patToken, { staffId: rowA });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().user.staffId).toBe(rowA);
    expect((await me(patToken)).staffId).toBe(rowA);
    const foreign = String(app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.host_id, b.hostProfileId)).all().find((r) => r.id !== rowB)?.id);
    const notMine = await call('POST', '/api/auth/staff-host', patToken, { staffId: foreign });
    const unknown = await call('POST', '/api/auth/staff-host', patToken, { staffId: 'no-such-row' });
    expect(notMine.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(notMine.json().error.replace(foreign, 'X')).toBe(unknown.json().error.replace('no-such-row', 'X'));
    expect((await call('POST', '/api/auth/staff-host', patToken, {})).json().error).toMatch(/staffId/);
    expect((await call('POST', '/api/auth/staff-host', a.token, { staffId: rowA })).statusCode).toBe(403);
  });

  it("credits a completed task to Pat's staff row of the task's host, not the current one", async () => {
    expect((await me(patToken)).staffId).toBe(rowA);
    const answer = await push(app, patToken, 'pat-phone', [mutation(1, T.housekeeping_tasks, 'update', taskB, { task_status: 'completed' })]);
    expect(answer.results[0]?.status).toBe('applied');
    const task = app.db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, taskB)).get();
    expect(task?.completed_by_staff_id).toBe(rowB);
  });

  it('shows each host nothing of the other', async () => {
    for (const [host, own, other] of [
      [a, rowA, rowB],
      [b, rowB, rowA],
    ] as const) {
      const staff = await page(host.token, T.housekeeping_staff);
      expect(staff.List.map((r) => r.id)).toContain(own);
      expect(staff.List.map((r) => r.id)).not.toContain(other);
      expect(staff.List.every((r) => r.host_id === host.hostProfileId)).toBe(true);
      const tasks = await page(host.token, T.housekeeping_tasks);
      expect(tasks.List.every((r) => r.host_id === host.hostProfileId)).toBe(true);
      expect(tasks.VirtualCount).toBe(tasks.List.length);
      const hostReplica = new Replica();
      await hostReplica.sync(app, host.token);
      for (const rows of hostReplica.tables.values()) {
        for (const row of rows.values()) if ('host_id' in row) expect(row.host_id).toBe(host.hostProfileId);
      }
      const notFound = await call('POST', `/api/staff/${other}/invite`, host.token, {});
      expect(notFound.statusCode).toBe(404);
    }
  });

  it('drops a suspended host from the scope, and suspends Pat only when every host is', async () => {
    const suspend = (hostId: string) => app.db.transaction((tx) => updateRow(tx, defOf(T.host_profiles), hostId, { account_status: 'suspended' }, app.now()));
    suspend(b.hostProfileId);
    const session = await me(patToken);
    expect(session.staffHosts?.map((h) => h.staffId)).toEqual([rowA]);
    await replica.sync(app, patToken);
    expect(replica.ids(T.housekeeping_tasks)).toContain(taskA);
    expect([...replica.rows(T.housekeeping_tasks).values()].map((t) => t.host_id)).toEqual(replica.ids(T.housekeeping_tasks).map(() => a.hostProfileId));
    expect(replica.ids(T.housekeeping_staff)).toEqual([rowA]);
    expect((await page(patToken, T.properties)).List.map((p) => p.id)).toEqual([propertyA]);
    suspend(a.hostProfileId);
    expect((await call('GET', '/api/auth/me', patToken)).statusCode).toBe(401);
    expect((await call('POST', '/api/auth/login', undefined, { email: EMAIL, password: 'pat password' })).statusCode).toBe(403);
  });
});

describe('an invite accepted by a housekeeper with two-step sign-in on', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => {
    await app.cleanup();
  });

  it('links the row but signs in only after a code: the link proves the mailbox, not the second step', async () => {
    const a = createHost(app, { company: 'Alpha Lets' });
    const b = createHost(app, { company: 'Bravo Homes' });
    const pat = createStaff(app, a.hostProfileId);
    const post = (url: string, payload: Json, token?: string) => app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const { secret } = (await post('/api/auth/totp/setup', {}, pat.token)).json() as { secret: string };
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
    const step = Math.floor(app.now().getTime() / 30_000);
    expect((await post('/api/auth/totp/enable', { code: totp.generate({ timestamp: step * 30_000 }) }, pat.token)).statusCode).toBe(200);

    const rowB = String(insertFixture(app, T.housekeeping_staff, { host_id: b.hostProfileId, staff_name: 'Pat at Bravo', staff_email: pat.email }).id);
    const link = app.db.transaction((tx) => issueToken(tx, pat.userId, 'invite', app.now(), rowB));
    const accepted = await post('/api/auth/invite/accept', { token: link });
    expect(accepted.statusCode).toBe(200);
    const challenge = accepted.json() as Json;
    expect(Object.keys(challenge).sort()).toEqual(['ticket', 'totpRequired']);
    expect(accepted.headers['set-cookie']).toBeUndefined();
    expect(app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, rowB)).get()?.user_id).toBe(pat.userId);

    const signedIn = await post('/api/auth/login/totp', { ticket: challenge.ticket, code: totp.generate({ timestamp: (step + 1) * 30_000 }) });
    expect(signedIn.statusCode).toBe(200);
    const { user } = signedIn.json() as { user: SessionUser };
    expect(user.staffId).toBe(rowB);
    expect(user.staffHosts?.map((h) => h.hostName).sort()).toEqual(['Alpha Lets', 'Bravo Homes']);
  });
});

describe('migration of staff rows that worked by e-mail alone', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => {
    await app.cleanup();
  });

  /** The backfill of the migration, run as the migrator runs it (the schema is already there). */
  function backfill(): void {
    const migration = readFileSync(path.join(process.cwd(), 'drizzle', '0012_staff_hosts.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (statement.includes('UPDATE `housekeeping_staff`')) app.db.$client.exec(statement);
    }
  }

  it('links the one row an unlinked staff user reached by its address, and no row that was ambiguous or shadowed', async () => {
    const host = createHost(app);
    const other = createHost(app);
    const byMail = createStaff(app, host.hostProfileId);
    // Unlinked, as before invites linked rows: reached by e-mail only.
    app.db.transaction((tx) => updateRow(tx, defOf(T.housekeeping_staff), byMail.staffId, { user_id: null }, app.now()));
    // Someone linked at one host whose address another host typed: that host never reached her.
    const linked = createStaff(app, host.hostProfileId);
    const typed = String(insertFixture(app, T.housekeeping_staff, { host_id: other.hostProfileId, staff_name: 'Typed', staff_email: linked.email }).id);
    // Two unlinked rows for one address: which one she used cannot be told.
    const twice = createStaff(app, host.hostProfileId);
    app.db.transaction((tx) => updateRow(tx, defOf(T.housekeeping_staff), twice.staffId, { user_id: null }, app.now()));
    const twiceOther = String(insertFixture(app, T.housekeeping_staff, { host_id: other.hostProfileId, staff_name: 'Twice', staff_email: twice.email.toUpperCase() }).id);

    backfill();
    expect(staffRowOf(app, byMail.staffId)?.user_id).toBe(byMail.userId);
    expect(staffRowOf(app, typed)?.user_id).toBeNull();
    expect(staffRowOf(app, twice.staffId)?.user_id).toBeNull();
    expect(staffRowOf(app, twiceOther)?.user_id).toBeNull();
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${byMail.token}` } })).json().data.staffId).toBe(byMail.staffId);
  });
});

function staffRowOf(app: TestApp, id: string) {
  return app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, id)).get();
}
