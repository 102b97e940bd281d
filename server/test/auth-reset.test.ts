/**
 * Password reset and staff invite end to end over real SMTP (smtp-server on a local port): the
 * link is read from the received message, as a user would.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { housekeepingStaff, mailQueue, passwordResetTokens, users } from '../../shared/schema/tables';
import { RESET_EMAIL_FAILED, RESET_PASSWORD_FAILED, STAFF_EMAIL_REQUIRED } from '../../shared/messages';
import { queueMail } from '../src/modules/email/queue';
import { devMailbox } from '../src/modules/email/mailer';
import { makeTestApp, type TestApp } from './helpers';
import { closedPort, createHostWithStaff, createUser, linkIn, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';

type Json = Record<string, unknown>;
const ORIGIN = 'https://app.staykeep.test';

function post(app: TestApp, url: string, payload: Json = {}, token?: string) {
  return app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

function tokensOf(app: TestApp, userId: string) {
  return app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.user_id, userId)).all();
}

describe('password reset over SMTP', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let now = new Date('2030-05-10T08:00:00.000Z');
  let userId = '';

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: ORIGIN, now: () => now });
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 's3cret smtp' });
    const res = await post(app, '/api/auth/register', { email: 'reset.me@example.com', password: 'old password' });
    userId = res.json().user.ID;
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('mails a link, stores only its hash, and the link sets a new password once', async () => {
    const first = await post(app, '/api/auth/reset-password/email', { email: '  Reset.Me@Example.com ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({});
    const firstMail = await smtp.waitForMessage(0);
    const second = await post(app, '/api/auth/reset-password/email', { email: 'reset.me@example.com' });
    expect(second.statusCode).toBe(200);
    const mail = await smtp.waitForMessage(1);

    expect(mail.to).toEqual(['reset.me@example.com']);
    expect(mail.from).toBe('no-reply@staykeep.test');
    expect(mail.subject).toBe('Reset your Staykeep password');
    expect(mail.text).toContain('expires in 24 hours');
    // The stored password was decrypted on the way to the SMTP login.
    expect(smtp.auths.at(-1)).toEqual({ username: 'mailer', password: 's3cret smtp' });

    const link = linkIn(mail.text);
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/resetpassword`);
    const token = link.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const rows = tokensOf(app, userId);
    expect(rows).toHaveLength(2);
    const hash = crypto.createHash('sha256').update(token).digest('hex');
    const row = rows.find((r) => r.token_hash === hash);
    expect(row).toMatchObject({ purpose: 'reset', used_at: null, expires_at: '2030-05-11T08:00:00.000Z' });
    expect(rows.some((r) => r.token_hash === token)).toBe(false);

    const short = await post(app, '/api/auth/reset-password', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Invalid value for password: must be at least 8 characters');

    const reset = await post(app, '/api/auth/reset-password', { token, password: 'new password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({});
    expect(tokensOf(app, userId).every((r) => r.used_at !== null)).toBe(true);

    expect((await post(app, '/api/auth/login', { email: 'reset.me@example.com', password: 'new password' })).statusCode).toBe(200);
    expect((await post(app, '/api/auth/login', { email: 'reset.me@example.com', password: 'old password' })).statusCode).toBe(401);

    // Single use, and the older link died with it.
    const reused = await post(app, '/api/auth/reset-password', { token, password: 'another password' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: RESET_PASSWORD_FAILED });
    const older = await post(app, '/api/auth/reset-password', { token: linkIn(firstMail.text).searchParams.get('token'), password: 'another password' });
    expect(older.statusCode).toBe(400);
    expect(older.json()).toEqual({ error: RESET_PASSWORD_FAILED });
  });

  it('rejects an expired token', async () => {
    const count = smtp.received.length;
    expect((await post(app, '/api/auth/reset-password/email', { email: 'reset.me@example.com' })).statusCode).toBe(200);
    const token = linkIn((await smtp.waitForMessage(count)).text).searchParams.get('token');
    now = new Date(now.getTime() + 24 * 3600_000 + 60_000);
    const res = await post(app, '/api/auth/reset-password', { token, password: 'too late pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: RESET_PASSWORD_FAILED });
    expect((await post(app, '/api/auth/login', { email: 'reset.me@example.com', password: 'new password' })).statusCode).toBe(200);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const count = smtp.received.length;
    const res = await post(app, '/api/auth/reset-password/email', { email: 'nobody@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(smtp.received).toHaveLength(count);
  });

  it('answers 400 naming the field and for an unknown token', async () => {
    const badEmail = await post(app, '/api/auth/reset-password/email', { email: 'nope' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^Invalid value for email/);
    const noToken = await post(app, '/api/auth/reset-password', { password: 'long enough' });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error).toMatch(/^Invalid value for token/);
    const unknown = await post(app, '/api/auth/reset-password', { token: 'A'.repeat(43), password: 'long enough' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: RESET_PASSWORD_FAILED });
  });

  it('answers 200 when the SMTP server is down: the mail waits in the queue with its error, and its link still works once sent', async () => {
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
    const count = smtp.received.length;
    let mailId: number | undefined;
    try {
      const res = await post(app, '/api/auth/reset-password/email', { email: 'reset.me@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      await app.mail.sender.drain();
      const waiting = app.db.select().from(mailQueue).where(eq(mailQueue.kind, 'reset')).orderBy(desc(mailQueue.id)).get();
      expect(waiting).toMatchObject({ status: 'queued', attempts: 1, to_address: 'reset.me@example.com' });
      expect(waiting?.last_error).toMatch(/ECONNREFUSED/);
      mailId = waiting?.id ?? 0;
    } finally {
      writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 's3cret smtp' });
    }
    now = new Date(now.getTime() + 2 * 60_000);
    await app.mail.sender.drain();
    const token = linkIn((await smtp.waitForMessage(count)).text).searchParams.get('token');
    expect(app.db.select().from(mailQueue).where(eq(mailQueue.id, mailId ?? 0)).get()).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
    expect((await post(app, '/api/auth/reset-password', { token, password: 'after retry' })).statusCode).toBe(200);
    expect((await post(app, '/api/auth/login', { email: 'reset.me@example.com', password: 'after retry' })).statusCode).toBe(200);
  });

  it('uses the development transport when SMTP is not usable, and its link works', async () => {
    writeSmtpSettings(app, { enabled: false, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
    try {
      const count = smtp.received.length;
      devMailbox.clear();
      const res = await post(app, '/api/auth/reset-password/email', { email: 'reset.me@example.com' });
      expect(res.statusCode).toBe(200);
      // Sent after the commit, by the queue's sender (this joins or follows its drain).
      await app.mail.sender.drain();
      expect(smtp.received).toHaveLength(count);
      const mail = devMailbox.lastTo('reset.me@example.com');
      expect(mail?.link).toMatch(new RegExp(`^${ORIGIN}/resetpassword\\?token=`));
      const token = new URL(mail?.link ?? '').searchParams.get('token');
      expect((await post(app, '/api/auth/reset-password', { token, password: 'dev link pass' })).statusCode).toBe(200);
      expect((await post(app, '/api/auth/login', { email: 'reset.me@example.com', password: 'dev link pass' })).statusCode).toBe(200);
    } finally {
      writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 's3cret smtp' });
    }
  });
});

describe('password reset with nowhere to send (no SMTP, development transport off)', () => {
  let app: TestApp;
  let smtp: SmtpFixture;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: ORIGIN, mailDevTransport: false });
    await post(app, '/api/auth/register', { email: 'nowhere@example.com', password: 'old password' });
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('answers 500 for every address alike and queues nothing, then 200 once SMTP is set up', async () => {
    for (const email of ['nowhere@example.com', 'nobody-at-all@example.com']) {
      const res = await post(app, '/api/auth/reset-password/email', { email });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: RESET_EMAIL_FAILED });
    }
    expect(app.db.select().from(mailQueue).all()).toEqual([]);
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 's3cret smtp' });
    expect((await post(app, '/api/auth/reset-password/email', { email: 'nowhere@example.com' })).statusCode).toBe(200);
    await app.mail.sender.drain();
    expect(smtp.received.map((m) => m.to)).toEqual([['nowhere@example.com']]);
  });

  it('keeps queued mail waiting, with the reason, while SMTP is off again', async () => {
    writeSmtpSettings(app, { enabled: false, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
    const count = smtp.received.length;
    devMailbox.clear();
    app.db.transaction((tx) => queueMail(tx, { to: 'waiting@example.com', subject: 'Waits', text: 'For SMTP' }, { kind: 'other', now: app.now() }));
    await app.mail.sender.drain();
    expect(devMailbox.lastTo('waiting@example.com')).toBeUndefined();
    expect(smtp.received).toHaveLength(count);
    const row = app.db.select().from(mailQueue).where(eq(mailQueue.to_address, 'waiting@example.com')).get();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row?.last_error).toMatch(/SMTP/);
  });
});

describe('staff invite', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let host: ReturnType<typeof createHostWithStaff>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp({ publicOrigin: ORIGIN });
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
    host = createHostWithStaff(app, { hostEmail: 'host@invite.test', staffEmail: 'Rosa.Diaz@Invite.test', staffName: 'Rosa Diaz', company: 'Seaside Stays' });
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('answers 401 without a session and 403 for a role other than host', async () => {
    expect((await post(app, `/api/staff/${host.staffId}/invite`)).statusCode).toBe(401);
    const admin = createUser(app, 'admin@invite.test', 'admin');
    expect((await post(app, `/api/staff/${host.staffId}/invite`, {}, admin.token)).statusCode).toBe(403);
  });

  it("answers 404 for another host's staff row and for an unknown id", async () => {
    const other = createHostWithStaff(app, { hostEmail: 'other@invite.test', staffEmail: 'sam@invite.test' });
    expect((await post(app, `/api/staff/${other.staffId}/invite`, {}, host.hostToken)).statusCode).toBe(404);
    expect((await post(app, '/api/staff/no-such-staff/invite', {}, host.hostToken)).statusCode).toBe(404);
    expect(app.db.select().from(users).where(eq(users.Email, 'sam@invite.test')).get()).toBeUndefined();
  });

  it('answers 400 naming staff_email when the staff row has no e-mail', async () => {
    const noEmail = createHostWithStaff(app, { hostEmail: 'third@invite.test', staffEmail: '' });
    const res = await post(app, `/api/staff/${noEmail.staffId}/invite`, {}, noEmail.hostToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: STAFF_EMAIL_REQUIRED });
  });

  it('creates the staff user and mails a link that sets the first password; the row is linked when it is used', async () => {
    const versionBefore = app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, host.staffId)).get()?.version ?? 0;
    const res = await post(app, `/api/staff/${host.staffId}/invite`, {}, host.hostToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: true });

    const user = app.db.select().from(users).where(eq(users.Email, 'rosa.diaz@invite.test')).get();
    expect(user).toMatchObject({ Email: 'rosa.diaz@invite.test', Name: 'Rosa Diaz', Role: 'staff', setupCompleted: false, password_hash: null });
    const userId = user!.ID;
    // Not linked by the invite: only by its acceptance.
    expect(app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, host.staffId)).get()?.user_id).toBeNull();

    const mail = await smtp.waitForMessage(0);
    expect(mail.to).toEqual(['rosa.diaz@invite.test']);
    expect(mail.text).toContain('Seaside Stays');
    expect(mail.text).toContain('24 hours');
    const link = linkIn(mail.text);
    expect(link.searchParams.get('invite')).toBe('1');
    expect(tokensOf(app, userId)[0]).toMatchObject({ purpose: 'invite', used_at: null, staff_id: host.staffId });

    // No password yet: nothing signs in.
    expect((await post(app, '/api/auth/login', { email: 'rosa.diaz@invite.test', password: 'anything1' })).statusCode).toBe(401);

    const set = await post(app, '/api/auth/reset-password', { token: link.searchParams.get('token'), password: 'rosa password' });
    expect(set.statusCode).toBe(200);
    const staff = app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, host.staffId)).get();
    expect(staff?.user_id).toBe(userId);
    expect(staff?.version).toBeGreaterThan(versionBefore);
    const login = await post(app, '/api/auth/login', { email: 'rosa.diaz@invite.test', password: 'rosa password' });
    expect(login.statusCode).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${login.json().token}` } });
    expect(me.json().data).toMatchObject({ Role: 'staff', staffId: host.staffId, setupCompleted: true, Email: 'rosa.diaz@invite.test' });
    expect(me.json().data.staffHosts).toEqual([{ staffId: host.staffId, hostProfileId: host.hostProfileId, hostName: 'Seaside Stays' }]);
  });

  it('re-inviting the same staff member re-sends a link to the same user', async () => {
    const count = smtp.received.length;
    const res = await post(app, `/api/staff/${host.staffId}/invite`, {}, host.hostToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: true });
    expect(app.db.select().from(users).where(eq(users.Role, 'staff')).all()).toHaveLength(1);
    // She has a password now: the link accepts, it sets none.
    const mail = await smtp.waitForMessage(count);
    expect(mail.text).toContain('accept');
    const token = linkIn(mail.text).searchParams.get('token');
    expect((await post(app, '/api/auth/reset-password', { token, password: 'taken over' })).json()).toEqual({ error: RESET_PASSWORD_FAILED });
    const accepted = await post(app, '/api/auth/invite/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ Email: 'rosa.diaz@invite.test', staffId: host.staffId });
    expect((await post(app, '/api/auth/login', { email: 'rosa.diaz@invite.test', password: 'rosa password' })).statusCode).toBe(200);
  });

  it('answers an address of another kind of account as any other, and tells only its mailbox that it cannot join', async () => {
    const clash = createHostWithStaff(app, { hostEmail: 'fourth@invite.test', staffEmail: 'HOST@invite.test' });
    const count = smtp.received.length;
    const res = await post(app, `/api/staff/${clash.staffId}/invite`, {}, clash.hostToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ invited: true });
    const mail = await smtp.waitForMessage(count);
    expect(mail.to).toEqual(['host@invite.test']);
    expect(mail.text).toContain('cannot join as a housekeeper');
    expect(mail.text).not.toContain('token=');
    const hostUser = app.db.select().from(users).where(eq(users.Email, 'host@invite.test')).get();
    expect(hostUser?.Role).toBe('host');
    expect(tokensOf(app, hostUser!.ID)).toEqual([]);
    expect(app.db.select().from(housekeepingStaff).where(eq(housekeepingStaff.id, clash.staffId)).get()?.user_id).toBeNull();
  });

  it('answers 200 when the mail cannot be sent yet: the invitation waits in the queue', async () => {
    const down = createHostWithStaff(app, { hostEmail: 'fifth@invite.test', staffEmail: 'lee@invite.test' });
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
    const res = await post(app, `/api/staff/${down.staffId}/invite`, {}, down.hostToken);
    expect(res.statusCode).toBe(200);
    await app.mail.sender.drain();
    const waiting = app.db.select().from(mailQueue).where(eq(mailQueue.to_address, 'lee@invite.test')).get();
    expect(waiting).toMatchObject({ kind: 'staff_invite', status: 'queued', attempts: 1 });
    expect(waiting?.last_error).toMatch(/ECONNREFUSED/);
  });
});
