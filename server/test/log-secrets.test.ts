/**
 * No credential in the server log (docs/security.md, "Credentials in URLs and logs"): the app is
 * built with its real logger writing to a captured stream, a whole session runs over HTTP
 * (register, sign in, an event stream opened with a ticket, a password reset mailed over SMTP and
 * its link opened, a staff invite and its link, sign out), and the log must hold none of the
 * actual values: session tokens, tickets, reset and invite tokens. The mail goes over a real SMTP
 * server (smtp-server), with the development transport off, as in production.
 */
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { mailQueue } from '../../shared/schema/tables';
import { REDACTED } from '../src/logger';
import { MAIL_UNDELIVERABLE_WARNING } from '../src/modules/email/mailer';
import { makeTestApp, type TestApp } from './helpers';
import { createHostWithStaff, createUser, linkIn, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';

const ORIGIN = 'https://app.staykeep.test';
const PASSWORD = 'correct horse 1';

let app: TestApp;
let smtp: SmtpFixture;
let base: string;
let captured = '';

const sink = new Writable({
  write(chunk: Buffer | string, _encoding, done) {
    captured += chunk.toString();
    done();
  },
});

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await makeTestApp({ logger: true, logStream: sink, publicOrigin: ORIGIN, mailDevTransport: false });
  writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', password: 'smtp secret' });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.cleanup();
  await smtp.close();
});

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST', url: string, options: { token?: string; cookie?: string; payload?: Json } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return app.inject({ method, url, headers, ...(options.payload ? { payload: options.payload } : {}) });
}

/** The status of an event stream opened over the socket (inject would wait for its end), closed at once. */
async function openStream(path: string): Promise<number> {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { signal: controller.signal });
  controller.abort();
  return res.status;
}

/** Every line of the log that holds `secret`. */
function linesWith(secret: string): string[] {
  return captured.split('\n').filter((line) => line.includes(secret));
}

describe('the server log', () => {
  it('holds no session token, ticket, reset or invite token after a whole session', async () => {
    const secrets: Record<string, string> = {};

    // Register, sign in (the session cookie comes back too), and use the session both ways.
    const registered = await call('POST', '/api/auth/register', { payload: { email: 'logs.host@example.com', password: PASSWORD } });
    expect(registered.statusCode).toBe(201);
    secrets.registerToken = registered.json<{ token: string }>().token;
    const login = await call('POST', '/api/auth/login', { payload: { email: 'logs.host@example.com', password: PASSWORD } });
    expect(login.statusCode).toBe(200);
    let token = login.json<{ token: string }>().token;
    secrets.loginToken = token;
    expect((await call('GET', '/api/auth/me', { token })).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', { cookie: `staykeep_token=${encodeURIComponent(token)}` })).statusCode).toBe(200);

    // The event stream, by ticket; an old client's `?token=` (refused, but its URL is logged).
    const asked = await call('POST', '/api/sync/events/ticket', { token, payload: { clientId: 'c-logs' } });
    expect(asked.statusCode).toBe(200);
    secrets.ticket = asked.json<{ ticket: string }>().ticket;
    expect(await openStream(`/api/sync/events?ticket=${encodeURIComponent(secrets.ticket)}&clientId=c-logs`)).toBe(200);
    // Spent: a second use is refused, and logged.
    expect(await openStream(`/api/sync/events?ticket=${encodeURIComponent(secrets.ticket)}`)).toBe(401);
    expect(await openStream(`/api/sync/events?token=${encodeURIComponent(token)}`)).toBe(400);
    // A URL that names no route, carrying a token all the same.
    expect((await call('GET', `/api/nowhere?token=${encodeURIComponent(token)}`)).statusCode).toBe(404);

    // A password reset mailed over SMTP: the link is opened (the browser asks the server for the
    // page) and used.
    expect((await call('POST', '/api/auth/reset-password/email', { payload: { email: 'logs.host@example.com' } })).statusCode).toBe(200);
    const resetLink = linkIn((await smtp.waitForMessage(0)).text);
    secrets.resetToken = resetLink.searchParams.get('token') ?? '';
    expect(secrets.resetToken).not.toBe('');
    await call('GET', `${resetLink.pathname}${resetLink.search}`);
    const reset = await call('POST', '/api/auth/reset-password', { payload: { token: secrets.resetToken, password: `${PASSWORD}!` } });
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset ended every session (docs/security.md, Sessions): sign in again with the new password.
    expect((await call('GET', '/api/auth/me', { token })).statusCode).toBe(401);
    const again = await call('POST', '/api/auth/login', { payload: { email: 'logs.host@example.com', password: `${PASSWORD}!` } });
    expect(again.statusCode).toBe(200);
    token = again.json<{ token: string }>().token;
    secrets.secondLoginToken = token;

    // A staff member, invited by e-mail; the invite link is opened.
    const staff = await call('POST', `/api/table/${TABLE_IDS.housekeeping_staff}/create`, {
      token,
      payload: { staff_name: 'Rosa Logs', staff_email: 'rosa.logs@example.com' },
    });
    expect(staff.statusCode, staff.body).toBe(201);
    const staffId = staff.json<{ ID: string }>().ID;
    const invite = await call('POST', `/api/staff/${staffId}/invite`, { token, payload: {} });
    expect(invite.statusCode, invite.body).toBe(200);
    const inviteLink = linkIn((await smtp.waitForMessage(1)).text);
    secrets.inviteToken = inviteLink.searchParams.get('token') ?? '';
    expect(secrets.inviteToken).not.toBe('');
    await call('GET', `${inviteLink.pathname}${inviteLink.search}`);

    // A calendar app fetching the iCal export: its feed token is the file name.
    secrets.feedToken = 'feed-token-0123456789abcdef';
    await call('GET', `/ical/some-property/${secrets.feedToken}.ics`);

    // Sign out.
    expect((await call('POST', '/api/auth/logout', { cookie: `staykeep_token=${encodeURIComponent(token)}`, payload: {} })).statusCode).toBe(200);

    for (const [name, secret] of Object.entries(secrets)) {
      expect(secret.length, name).toBeGreaterThan(10);
      expect(linesWith(secret), name).toEqual([]);
      expect(linesWith(encodeURIComponent(secret)), name).toEqual([]);
    }
    // The requests were logged, so the check above means something.
    expect(captured).toContain('/api/sync/events/ticket');
    expect(captured).toContain(`/api/sync/events?ticket=${REDACTED}&clientId=c-logs`);
    expect(captured).toContain(`/resetpassword?token=${REDACTED}`);
    expect(captured).toContain(`/ical/some-property/${REDACTED}.ics`);
  });

  it('censors session headers and URL secrets wherever a log call passes them', () => {
    const before = captured.length;
    app.log.info({ req: { headers: { authorization: 'Bearer header-secret', cookie: 'staykeep_token=cookie-secret' } } }, 'headers');
    app.log.info({ headers: { authorization: 'Bearer bare-secret' }, res: { headers: { 'set-cookie': 'staykeep_token=set-secret' } } }, 'more headers');
    app.log.warn('opened https://x.test/resetpassword?invite=1&token=message-secret');
    app.log.error({ err: new Error('GET /ical/feed.ics?ticket=error-secret failed') }, 'failed');
    const written = captured.slice(before);
    expect(written).toContain('"msg":"headers"');
    expect(written).toContain('"msg":"failed"');
    for (const secret of ['header-secret', 'cookie-secret', 'bare-secret', 'set-secret', 'message-secret', 'error-secret']) expect(written).not.toContain(secret);
    // Another server's URL keeps only its origin (logger.ts).
    expect(written).toContain(`opened https://x.test/${REDACTED}`);
  });
});

describe('mail with nowhere to send (no SMTP, development transport off)', () => {
  it('warns once at start, keeps the invite queued without logging its link, and tells the admins', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const own = await makeTestApp({ logger: true, logStream: stream, publicOrigin: ORIGIN, mailDevTransport: false });
    try {
      expect(log.split(MAIL_UNDELIVERABLE_WARNING).length - 1).toBe(1);
      const host = createHostWithStaff(own, { hostEmail: 'quiet.host@example.com', staffEmail: 'quiet.staff@example.com' });
      const invite = await own.inject({ method: 'POST', url: `/api/staff/${host.staffId}/invite`, headers: { authorization: `Bearer ${host.hostToken}` }, payload: {} });
      expect(invite.statusCode, invite.body).toBe(200);
      await own.mail.sender.drain();
      const queued = own.db.select().from(mailQueue).all();
      expect(queued.map((m) => m.status)).toEqual(['queued']);
      const inviteToken = new URL(queued[0]?.link ?? '').searchParams.get('token') ?? '';
      expect(inviteToken.length).toBeGreaterThan(10);
      expect(log).not.toContain(inviteToken);
      expect(log).not.toContain('[mail:dev]');
      // One warning, at start: not one per message.
      expect(log.split(MAIL_UNDELIVERABLE_WARNING).length - 1).toBe(1);

      const admin = createUser(own, 'quiet.admin@example.com', 'admin');
      const list = async () =>
        (await own.inject({ method: 'GET', url: '/api/admin/mail', headers: { authorization: `Bearer ${admin.token}` } })).json<{ delivery: string }>().delivery;
      expect(await list()).toBe('none');
      writeSmtpSettings(own, { enabled: true, host: '127.0.0.1', port: 2525, username: 'mailer' });
      expect(await list()).toBe('smtp');
    } finally {
      await own.cleanup();
    }
  });

  it('says the development transport sends (to the log) when it is on, and warns of nothing', async () => {
    let log = '';
    const stream = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        log += chunk.toString();
        done();
      },
    });
    const own = await makeTestApp({ logger: true, logStream: stream, mailDevTransport: true });
    try {
      expect(log).not.toContain(MAIL_UNDELIVERABLE_WARNING);
      const admin = createUser(own, 'dev.admin@example.com', 'admin');
      const res = await own.inject({ method: 'GET', url: '/api/admin/mail', headers: { authorization: `Bearer ${admin.token}` } });
      expect(res.json<{ delivery: string }>().delivery).toBe('dev');
    } finally {
      await own.cleanup();
    }
  });
});
