/**
 * The persistent mail queue against a real SMTP receiver (smtp-server on a local port): written
 * in the transaction of the change that causes it, sent after commit, retried with backoff while
 * the receiver is down, failed after the last attempt (listed for admins), and picked up again by
 * a restarted server. Then the two kinds of mail that follow from other writes: task alerts for
 * recipients a push may not reach, and inbox replies to guests. Time is the app's clock, moved by
 * the tests; nothing waits on the wall clock except for a message to arrive on loopback.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { inboxMessages, mailQueue, notifications, passwordResetTokens, pushSubscriptions } from '../../shared/schema/tables';
import { buildApp } from '../src/app';
import { transact } from '../src/db/write';
import { runUrgentTasks } from '../src/jobs/task-alerts';
import { queueAlertEmails } from '../src/modules/email/escalation';
import { ESCALATION_HOLD_MS, queueMail } from '../src/modules/email/queue';
import { MAIL_BACKOFF, SCRUBBED_BODY } from '../src/modules/email/sender';
import { notifyTaskAlerts, type TaskRow } from '../src/modules/housekeeping/service';
import { createBooking, createHost, createStaff, createTask, createUser, type HostFixture } from './fixtures';
import { closedPort, createHostWithStaff, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';
import { makeTestApp, type TestApp } from './helpers';

const ORIGIN = 'https://app.staykeep.test';
let clock = new Date('2031-04-01T09:00:00.000Z');
function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

function mailRows(app: TestApp, to?: string) {
  return app.db
    .select()
    .from(mailQueue)
    .where(to ? eq(mailQueue.to_address, to) : undefined)
    .orderBy(asc(mailQueue.id))
    .all();
}

function liveSettings(app: TestApp, smtp: SmtpFixture): void {
  writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
}

const note = (to: string) => ({ to, subject: 'Queue check', text: 'Plain body', html: '<p>HTML body</p>' });

describe('the mail queue', () => {
  let app: TestApp;
  let smtp: SmtpFixture;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address.startsWith('nobody@') });
    app = await makeTestApp({ publicOrigin: ORIGIN, now: () => clock });
    liveSettings(app, smtp);
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('queues nothing for a change that rolls back, and sends a committed one after the commit', async () => {
    expect(() =>
      transact(app.db, (tx) => {
        queueMail(tx, note('rolled.back@example.test'), { now: clock });
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    transact(app.db, (tx) => {
      queueMail(tx, note('committed@example.test'), { now: clock });
      try {
        // A savepoint that rolls back takes its message with it; the outer change keeps its own.
        transact(app.db, (inner) => {
          queueMail(inner, note('savepoint@example.test'), { now: clock });
          throw new Error('inner change failed');
        });
      } catch {
        // expected
      }
    });
    expect(mailRows(app).map((r) => r.to_address)).toEqual(['committed@example.test']);

    // Nobody drains here: the sender wakes by itself once the transaction has committed.
    const mail = await smtp.waitForMessage(0);
    expect(mail.to).toEqual(['committed@example.test']);
    expect(mail.subject).toBe('Queue check');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    await app.mail.sender.drain();
    expect(mailRows(app, 'committed@example.test')[0]).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp', last_error: null, sent_at: clock.toISOString() });
  });

  it('queues nothing when the change that would mail is refused (an invitation without an address)', async () => {
    const host = createHostWithStaff(app, { hostEmail: 'owner@taken.test', staffEmail: '' });
    const before = mailRows(app).length;
    const res = await app.inject({ method: 'POST', url: `/api/staff/${host.staffId}/invite`, headers: { authorization: `Bearer ${host.hostToken}` } });
    expect(res.statusCode).toBe(400);
    expect(mailRows(app)).toHaveLength(before);
  });

  it('retries with backoff while the receiver is down, and sends once it is back', async () => {
    const port = await closedPort();
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port, username: 'mailer' });
    transact(app.db, (tx) => queueMail(tx, note('patient@example.test'), { now: clock }));
    await app.mail.sender.drain();
    const [waiting] = mailRows(app, 'patient@example.test');
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, claimed_until: null });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED/);
    const delay = Date.parse(waiting?.next_attempt_at ?? '') - clock.getTime();
    expect(delay).toBeGreaterThanOrEqual(MAIL_BACKOFF.baseMs * 0.8);
    expect(delay).toBeLessThanOrEqual(MAIL_BACKOFF.baseMs * 1.2);

    // Not due yet: nothing is tried.
    advance(delay - 1_000);
    await app.mail.sender.drain();
    expect(mailRows(app, 'patient@example.test')[0]?.attempts).toBe(1);

    const back = await startSmtpServer({ port });
    try {
      advance(1_000);
      await app.mail.sender.drain();
      expect(mailRows(app, 'patient@example.test')[0]).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
      expect((await back.waitForMessage(0)).to).toEqual(['patient@example.test']);
    } finally {
      await back.close();
      liveSettings(app, smtp);
    }
  });

  it('fails a message after its last attempt, with its error; a refusal (5xx) fails at once', async () => {
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
    try {
      transact(app.db, (tx) => queueMail(tx, note('unlucky@example.test'), { now: clock }));
      await app.mail.sender.drain();
      for (let attempt = 2; attempt <= MAIL_BACKOFF.maxAttempts; attempt += 1) {
        expect(mailRows(app, 'unlucky@example.test')[0]).toMatchObject({ status: 'queued', attempts: attempt - 1 });
        advance(MAIL_BACKOFF.maxMs * 1.2);
        await app.mail.sender.drain();
      }
    } finally {
      liveSettings(app, smtp);
    }
    const [failed] = mailRows(app, 'unlucky@example.test');
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_BACKOFF.maxAttempts, claimed_until: null });
    expect(failed?.last_error).toMatch(/ECONNREFUSED/);

    transact(app.db, (tx) => queueMail(tx, note('nobody@example.test'), { now: clock }));
    await app.mail.sender.drain();
    const [refused] = mailRows(app, 'nobody@example.test');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.last_error).toMatch(/550/);
  });

  it('blanks the body of a message with a sign-in link once it is sent', async () => {
    const count0 = smtp.received.length;
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password/email', payload: { email: 'owner@taken.test' } });
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMessage(count0);
    expect(mail.text).toContain(`${ORIGIN}/resetpassword?token=`);
    await app.mail.sender.drain();
    const [row] = mailRows(app, 'owner@taken.test');
    expect(row).toMatchObject({ kind: 'reset', status: 'sent', text_body: SCRUBBED_BODY, html_body: '', link: null });
  });

  it('withdraws the token of a reset mail that failed for good: nobody holds its link', async () => {
    const user = createUser(app, 'host', { email: 'nobody@refused.test' });
    const res = await app.inject({ method: 'POST', url: '/api/auth/reset-password/email', payload: { email: 'nobody@refused.test' } });
    expect(res.statusCode).toBe(200);
    await app.mail.sender.drain();
    const [row] = mailRows(app, 'nobody@refused.test');
    expect(row).toMatchObject({ kind: 'reset', status: 'failed', attempts: 1, link: null, text_body: SCRUBBED_BODY });
    const tokens = app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.user_id, user.userId)).all();
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.used_at).not.toBeNull();
  });

  it('lists outgoing mail for admins, failed first, filterable by status, without bodies', async () => {
    const admin = createUser(app, 'admin');
    const get = (query: string, token?: string) =>
      app.inject({ method: 'GET', url: `/api/admin/mail${query}`, headers: token ? { authorization: `Bearer ${token}` } : {} });

    expect((await get('')).statusCode).toBe(401);
    expect((await get('', createHost(app).token)).statusCode).toBe(403);
    const bad = await get('?status=lost', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^Invalid value for querystring status/);

    const all = await get('', admin.token);
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.total).toBe(mailRows(app).length);
    expect(body.counts).toMatchObject({ failed: 3, sent: 3 });
    expect(body.rows.slice(0, 3).map((r: { status: string }) => r.status)).toEqual(['failed', 'failed', 'failed']);
    const unlucky = body.rows.find((r: { to: string }) => r.to === 'unlucky@example.test');
    expect(unlucky).toMatchObject({ subject: 'Queue check', status: 'failed', attempts: MAIL_BACKOFF.maxAttempts, kind: 'other' });
    expect(unlucky.last_error).toMatch(/ECONNREFUSED/);
    expect(unlucky).not.toHaveProperty('text_body');

    const failed = (await get('?status=failed&page=1', admin.token)).json();
    expect(failed.rows.map((r: { to: string }) => r.to).sort()).toEqual(['nobody@example.test', 'nobody@refused.test', 'unlucky@example.test']);
    expect((await get('?status=sent&page=2', admin.token)).json().rows).toEqual([]);
  });

  it('records the admin test message with its outcome', async () => {
    const admin = createUser(app, 'admin');
    const res = await app.inject({ method: 'POST', url: '/api/email/test', payload: { to: 'tester@example.test' }, headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    expect(mailRows(app, 'tester@example.test')).toMatchObject([{ kind: 'test', status: 'sent', attempts: 1, transport: 'smtp' }]);
  });
});

describe('a restart', () => {
  it('sends what an earlier run left queued, retrying or claimed by a process that died', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-mail-restart-'));
    const smtp = await startSmtpServer();
    const options = { databasePath: path.join(dir, 'app.db'), appSecretKey: 'test-secret', clientDistDir: path.join(dir, 'no-client'), now: () => clock };
    try {
      const first = (await buildApp(options)) as TestApp;
      writeSmtpSettings(first, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
      transact(first.db, (tx) => queueMail(tx, note('retrying@example.test'), { now: clock }));
      await first.mail.sender.drain();
      transact(first.db, (tx) => {
        const id = queueMail(tx, note('claimed@example.test'), { now: clock }) ?? 0;
        // As a sender that took it and died would leave it.
        tx.update(mailQueue).set({ claimed_until: new Date(clock.getTime() + 120_000).toISOString() }).where(eq(mailQueue.id, id)).run();
      });
      liveSettings(first, smtp);
      await first.close();
      expect(smtp.received).toHaveLength(0);

      advance(5 * 60_000);
      const second = (await buildApp(options)) as TestApp;
      try {
        await smtp.waitForMessage(1);
        expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(['claimed@example.test', 'retrying@example.test']);
        await second.mail.sender.drain();
        expect(second.db.select().from(mailQueue).all().map((r) => r.status)).toEqual(['sent', 'sent']);
      } finally {
        await second.close();
      }
    } finally {
      await smtp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('task alerts by e-mail', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let stub: http.Server;
  let pushOrigin = '';
  const savedOrigins = process.env.PUSH_ENDPOINT_ORIGINS;

  beforeAll(async () => {
    // A push service that takes deliveries under /ok/, says a subscription under /gone/ expired,
    // and is unavailable (503, retried) under /busy/.
    stub = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(req.url?.startsWith('/gone/') ? 410 : req.url?.startsWith('/busy/') ? 503 : 201).end());
    });
    stub.listen(0, '127.0.0.1');
    await once(stub, 'listening');
    pushOrigin = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;
    process.env.PUSH_ENDPOINT_ORIGINS = pushOrigin;
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: ORIGIN, now: () => clock });
    liveSettings(app, smtp);
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
    if (savedOrigins === undefined) delete process.env.PUSH_ENDPOINT_ORIGINS;
    else process.env.PUSH_ENDPOINT_ORIGINS = savedOrigins;
  });

  /** A device of this user at the stub push service (real keys, so that web-push can encrypt). */
  function device(userId: string, kind: 'ok' | 'gone' | 'busy'): string {
    const ecdh = crypto.createECDH('prime256v1');
    ecdh.generateKeys();
    return app.db
      .insert(pushSubscriptions)
      .values({
        id: crypto.randomUUID(),
        user_id: userId,
        endpoint: `${pushOrigin}/${kind}/${crypto.randomUUID()}`,
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: crypto.randomBytes(16).toString('base64url'),
        created_at: clock.toISOString(),
        version: 1,
        updated_at: clock.toISOString(),
      })
      .returning()
      .get().id;
  }

  function urgentTask(host: HostFixture, staffId: string, title: string) {
    return createTask(app, host.hostProfileId, { task_title: title, priority_level: 'urgent', task_status: 'pending', assigned_staff_id: staffId, created_date: clock.toISOString() });
  }

  it('e-mails a recipient without push at once, one whose pushes were gone after them, and not one a push reached; never twice', async () => {
    const host = createHost(app, { company: 'Harbour Homes' });
    const reached = createStaff(app, host.hostProfileId);
    const unreachable = createStaff(app, host.hostProfileId);
    const noDevice = createStaff(app, host.hostProfileId);
    device(reached.userId, 'ok');
    device(unreachable.userId, 'gone');
    const first = urgentTask(host, reached.staffId, 'Broken boiler');
    const second = urgentTask(host, unreachable.staffId, 'Flooded bathroom');
    const third = urgentTask(host, noDevice.staffId, 'No hot water');

    const run = runUrgentTasks(app.db, clock, { publicOrigin: ORIGIN });
    expect(run.taskIds.sort()).toEqual([first.id, second.id, third.id].sort());
    // Written with the alerts: queued for those without a device, held for the two with devices.
    expect(mailRows(app, host.email).map((r) => r.status)).toEqual(['queued', 'queued', 'queued']);
    expect(mailRows(app, noDevice.email).map((r) => r.status)).toEqual(['queued']);
    expect(mailRows(app, reached.email).map((r) => r.status)).toEqual(['held']);
    expect(mailRows(app, unreachable.email).map((r) => r.status)).toEqual(['held']);

    await app.push.sender.drain();
    await app.mail.sender.drain();

    expect(mailRows(app, reached.email).map((r) => r.status)).toEqual(['cancelled']);
    expect(mailRows(app, unreachable.email).map((r) => r.status)).toEqual(['sent']);
    expect(mailRows(app, host.email).map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(mailRows(app, noDevice.email).map((r) => r.status)).toEqual(['sent']);
    await smtp.waitForMessage(4);
    const to = smtp.received.map((m) => m.to[0]);
    expect(to.filter((a) => a === host.email)).toHaveLength(3);
    expect(to.filter((a) => a === unreachable.email)).toHaveLength(1);
    expect(to.filter((a) => a === noDevice.email)).toHaveLength(1);
    expect(to).not.toContain(reached.email);
    const mail = smtp.received.find((m) => m.to[0] === unreachable.email);
    expect(mail?.subject).toMatch(/^Urgent Task Alert: /);
    expect(mail?.text).toContain('Flooded bathroom');
    expect(mail?.text).toContain(`${ORIGIN}/housekeeping?taskId=${String(second.id)}`);

    // The same alert again (a second process, a retried run) e-mails nobody twice.
    const again = transact(app.db, (tx) => {
      const notified = notifyTaskAlerts(tx, [second as TaskRow], 'urgent', clock, ORIGIN);
      return queueAlertEmails(tx, notified, 'urgent', clock, ORIGIN);
    });
    expect(again).toBe(0);
    expect(runUrgentTasks(app.db, clock, { publicOrigin: ORIGIN }).taskIds).toEqual([]);
    expect(mailRows(app, unreachable.email)).toHaveLength(1);
    expect(mailRows(app, host.email)).toHaveLength(3);
    expect(smtp.received).toHaveLength(5);
  });

  it('sends a held alert e-mail when no push got through within the hold, and not before', async () => {
    const host = createHost(app);
    device(host.userId, 'ok');
    const waiting = createStaff(app, host.hostProfileId);
    device(waiting.userId, 'busy');
    urgentTask(host, waiting.staffId, 'Leaking roof');
    const reader = createStaff(app, host.hostProfileId);
    device(reader.userId, 'busy');
    const readerTask = urgentTask(host, reader.staffId, 'Broken window');
    runUrgentTasks(app.db, clock, { publicOrigin: ORIGIN });
    await app.push.sender.drain();
    await app.mail.sender.drain();
    // The push service keeps answering 503: the delivery waits for its retry, and so does the e-mail.
    expect(mailRows(app, waiting.email).map((r) => r.status)).toEqual(['held']);
    expect(mailRows(app, reader.email).map((r) => r.status)).toEqual(['held']);
    expect(mailRows(app, host.email).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);

    // One of them saw the alert in the app meanwhile: no e-mail is needed for it.
    const seen = app.db.select().from(notifications).where(and(eq(notifications.user_id, reader.userId), eq(notifications.taskId, String(readerTask.id)))).get();
    const read = await app.inject({ method: 'POST', url: `/api/notifications/${seen?.id ?? ''}/read`, headers: { authorization: `Bearer ${reader.token}` } });
    expect(read.statusCode).toBe(200);

    advance(ESCALATION_HOLD_MS - 1_000);
    await app.mail.sender.drain();
    expect(mailRows(app, waiting.email).map((r) => r.status)).toEqual(['held']);
    advance(1_000);
    await app.mail.sender.drain();
    expect(mailRows(app, waiting.email).map((r) => r.status)).toEqual(['sent']);
    expect(mailRows(app, reader.email).map((r) => r.status)).toEqual(['cancelled']);
    expect(mailRows(app, host.email).map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
  });
});

describe('inbox replies to guests', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let host: HostFixture;

  beforeAll(async () => {
    smtp = await startSmtpServer({ refuse: (address) => address.startsWith('nobody@') });
    app = await makeTestApp({ publicOrigin: ORIGIN, now: () => clock });
    liveSettings(app, smtp);
    host = createHost(app, { company: 'Seaside Stays' });
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  function reply(values: Record<string, unknown>) {
    return app.inject({
      method: 'POST',
      url: `/api/table/${TABLE_IDS.inbox_messages}/create`,
      headers: { authorization: `Bearer ${host.token}` },
      payload: { guest_name: 'Ada Guest', guest_email: '', direction: 'outbound', status: 'sent', sent_at: clock.toISOString(), ...values },
    });
  }

  function message(id: string) {
    return app.db.select().from(inboxMessages).where(eq(inboxMessages.id, id)).get();
  }

  it("e-mails a reply to the guest of a booking with an address, answers going to the host, and the thread learns it was sent", async () => {
    const booking = createBooking(app, host.hostProfileId, { guest_email: 'Ada@Guest.test', booking_source: 'direct' });
    const res = await reply({ booking_id: booking.id, message_content: 'The key is in the lockbox.\n\nCode 4711.' });
    expect(res.statusCode).toBe(201);
    const id = String(res.json().ID);
    const queued = message(id);
    expect(queued?.email_status).toBe('queued');

    const mail = await smtp.waitForMessage(0);
    expect(mail.to).toEqual(['ada@guest.test']);
    expect(mail.subject).toMatch(/^Message from Seaside Stays about your stay at /);
    expect(mail.text).toContain('The key is in the lockbox.');
    expect(mail.raw).toMatch(new RegExp(`^Reply-To: ${host.email}`, 'mi'));
    await app.mail.sender.drain();
    const sent = message(id);
    expect(sent?.email_status).toBe('sent');
    // A new version: the host's devices pull the status.
    expect(sent?.version).toBeGreaterThan(queued?.version ?? 0);
  });

  it('marks the reply failed when the guest cannot be mailed, and does not e-mail a guest without an address', async () => {
    const refused = await reply({ guest_email: 'nobody@guest.test', message_content: 'Hello?' });
    const refusedId = String(refused.json().ID);
    await app.mail.sender.drain();
    expect(message(refusedId)?.email_status).toBe('failed');
    expect(mailRows(app, 'nobody@guest.test')[0]?.last_error).toMatch(/550/);

    // A stay imported from a channel's calendar carries no address; a client cannot set the status itself.
    const imported = createBooking(app, host.hostProfileId, { guest_email: '', booking_source: 'airbnb' });
    const before = app.db.select({ n: count() }).from(mailQueue).get()?.n;
    const res = await reply({ booking_id: imported.id, message_content: 'See you soon', email_status: 'sent' });
    expect(res.statusCode).toBe(201);
    expect(message(String(res.json().ID))?.email_status).toBeNull();
    expect(app.db.select({ n: count() }).from(mailQueue).get()?.n).toBe(before);
    // Inbound messages are never e-mailed.
    expect(app.db.select().from(mailQueue).where(and(eq(mailQueue.kind, 'guest_reply'), eq(mailQueue.status, 'queued'))).all()).toEqual([]);
  });
});
