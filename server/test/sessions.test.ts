/**
 * Server-side sessions (server/src/modules/auth/sessions.ts): every sign-in opens one, and each
 * revocation path ends the sessions it should at once: sign-out, a password change (the others) or
 * reset (all), two-step sign-in turned on (the others) or reset by an admin (all), a host's
 * suspension (its own and its housekeepers'), an admin's "Sign out everywhere" (audited), and the
 * user's own list. A revoked session is refused by routes, sync and the event stream (an open one
 * is closed); the check adds no statement to a request (counted), and last_seen is written at most
 * once a minute.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { auditLog, sessions } from '../../shared/schema/tables';
import { deviceOf } from '../src/modules/auth/sessions';
import { issueToken } from '../src/modules/auth/tokens';
import { TABLE_IDS } from '../../shared/registry';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createUser } from './fixtures';

const PASSWORD = 'correct horse battery';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let app: TestApp;
let base: string;
let clock = new Date('2031-05-01T08:00:00.000Z');

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function me(token: string): Promise<number> {
  return (await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode;
}

async function register(email: string, userAgent = ANDROID): Promise<{ token: string; id: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { 'user-agent': userAgent }, payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(201);
  return { token: res.json().token, id: res.json().user.ID };
}

async function signIn(email: string, userAgent = IPHONE): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': userAgent }, payload: { email, password: PASSWORD } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

beforeAll(async () => {
  app = await makeTestApp({ now: () => clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.cleanup();
});

describe('sessions', () => {
  it('summarises the device from the user agent', () => {
    expect(deviceOf(ANDROID)).toBe('Chrome on Android');
    expect(deviceOf(IPHONE)).toBe('Safari on iPhone');
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceOf(undefined)).toBe('Unknown device');
  });

  it('lists the signed-in devices, signs one out, and signs out everywhere else', async () => {
    const phone = await register('list@example.com');
    const tablet = await signIn('list@example.com');
    const laptop = await signIn('list@example.com', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15');
    const list = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(phone.token) });
    expect(list.statusCode).toBe(200);
    const rows = list.json().rows as { id: string; device: string; current: boolean }[];
    expect(rows.map((r) => r.device).sort()).toEqual(['Chrome on Android', 'Safari on iPhone', 'Safari on macOS']);
    expect(rows.filter((r) => r.current).map((r) => r.device)).toEqual(['Chrome on Android']);

    const tabletRow = rows.find((r) => r.device === 'Safari on iPhone')!;
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${tabletRow.id}`, headers: bearer(phone.token) })).statusCode).toBe(200);
    expect(await me(tablet)).toBe(401);
    expect(await me(phone.token)).toBe(200);
    // Someone else's session, or one already ended: 404, nothing revoked.
    const other = await register('other@example.com');
    const otherId = (await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: bearer(other.token) })).json().rows[0].id;
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: bearer(phone.token) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${tabletRow.id}`, headers: bearer(phone.token) })).statusCode).toBe(404);
    expect(await me(other.token)).toBe(200);

    const others = await app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', headers: bearer(phone.token), payload: {} });
    expect(others.json()).toEqual({ revoked: 1 });
    expect(await me(laptop)).toBe(401);
    expect(await me(phone.token)).toBe(200);
  });

  it('sign-out ends that session only, and a token without a session id is refused', async () => {
    const a = await register('out@example.com');
    const b = await signIn('out@example.com');
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(a.token), payload: {} })).statusCode).toBe(200);
    expect([await me(a.token), await me(b)]).toEqual([401, 200]);
    // A token signed before server-side sessions (no sid) is over.
    expect(await me(app.jwt.sign({ sub: a.id } as { sub: string; sid: string }))).toBe(401);
  });

  it('a password change ends the other sessions; a reset ends all', async () => {
    const a = await register('pw@example.com');
    const b = await signIn('pw@example.com');
    const change = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: bearer(a.token),
      payload: { currentPassword: PASSWORD, newPassword: 'another long passphrase' },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect([await me(a.token), await me(b)]).toEqual([200, 401]);

    const token = app.db.transaction((tx) => issueToken(tx, a.id, 'reset', clock));
    const reset = await app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password: PASSWORD } });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await me(a.token)).toBe(401);
  });

  it("an admin's sign-out everywhere ends every session of the user, audited; only a super admin signs out a super admin", async () => {
    const admin = createUser(app, 'admin');
    const superAdmin = createUser(app, 'super_admin');
    const host = createHost(app);
    const second = app.signSession(host.userId);
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${host.userId}/sessions/revoke`, headers: bearer(host.token), payload: {} })).statusCode).toBe(403);
    const res = await app.inject({ method: 'POST', url: `/api/admin/users/${host.userId}/sessions/revoke`, headers: bearer(admin.token), payload: {} });
    expect(res.json()).toEqual({ revoked: 2 });
    expect([await me(host.token), await me(second)]).toEqual([401, 401]);
    const entry = app.db.select().from(auditLog).where(and(eq(auditLog.action, 'sessions_revoke'), eq(auditLog.entity_id, host.userId))).get();
    expect(entry).toMatchObject({ actor_id: admin.userId });
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${superAdmin.userId}/sessions/revoke`, headers: bearer(admin.token), payload: {} })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/admin/users/nobody/sessions/revoke', headers: bearer(admin.token), payload: {} })).statusCode).toBe(404);
  });

  it("a host's suspension ends its sessions and its housekeepers', which stay ended after reactivation", async () => {
    const admin = createUser(app, 'admin');
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const bystander = createHost(app);
    const status = (s: string) =>
      app.inject({ method: 'POST', url: `/api/admin/hosts/${host.hostProfileId}/status`, headers: bearer(admin.token), payload: { account_status: s } });
    expect((await status('suspended')).statusCode).toBe(200);
    expect((await status('active')).statusCode).toBe(200);
    expect([await me(host.token), await me(staff.token), await me(bystander.token)]).toEqual([401, 401, 200]);
  });

  it('turning two-step sign-in on ends the other sessions', async () => {
    const a = await register('totp@example.com');
    const b = await signIn('totp@example.com');
    const { secret } = (await app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: bearer(a.token), payload: {} })).json();
    const OTPAuth = await import('otpauth');
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: clock.getTime() });
    expect((await app.inject({ method: 'POST', url: '/api/auth/totp/enable', headers: bearer(a.token), payload: { code } })).statusCode).toBe(200);
    expect([await me(a.token), await me(b)]).toEqual([200, 401]);
    // An admin's reset ends them all.
    const admin = createUser(app, 'admin');
    expect((await app.inject({ method: 'POST', url: `/api/admin/users/${a.id}/totp/reset`, headers: bearer(admin.token), payload: {} })).statusCode).toBe(200);
    expect(await me(a.token)).toBe(401);
  });

  it('refuses sync and the event stream of a revoked session, and closes its open stream', async () => {
    const host = createHost(app);
    const ticket = (await app.inject({ method: 'POST', url: '/api/sync/events/ticket', headers: bearer(host.token), payload: {} })).json().ticket;
    const open = await fetch(`${base}/api/sync/events`, { headers: bearer(host.token) });
    expect(open.status).toBe(200);
    const reader = open.body!.getReader();
    await reader.read();
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(host.token), payload: {} })).statusCode).toBe(200);
    // The open stream ends (the client reconnects, and is refused).
    for (;;) if ((await reader.read()).done) break;
    const byTicket = await fetch(`${base}/api/sync/events?ticket=${encodeURIComponent(ticket)}`);
    expect(byTicket.status).toBe(401);
    await byTicket.body?.cancel();
    const pull = await app.inject({ method: 'GET', url: '/api/sync/pull?since=0', headers: bearer(host.token) });
    expect(pull.statusCode).toBe(401);
  });

  it('the session check adds no statement to a request, and last_seen is written at most once a minute', async () => {
    const host = createHost(app);
    const sqlite = app.db.$client;
    const prepare = sqlite.prepare.bind(sqlite);
    const counted: string[] = [];
    // Statements prepared per request would show here; the actor's are prepared once (actor.ts).
    sqlite.prepare = ((source: string) => {
      counted.push(source);
      return prepare(source);
    }) as typeof sqlite.prepare;
    try {
      await me(host.token);
      counted.length = 0;
      await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.properties}/page`, headers: bearer(host.token), payload: { PageNo: 1, PageSize: 5 } });
      expect(counted.filter((s) => /from "sessions"/i.test(s))).toEqual([]);
    } finally {
      sqlite.prepare = prepare;
    }
    const seen = () => app.db.select({ at: sessions.last_seen_at }).from(sessions).where(eq(sessions.user_id, host.userId)).get()!.at;
    const first = seen();
    clock = new Date(clock.getTime() + 30_000);
    await me(host.token);
    expect(seen()).toBe(first);
    clock = new Date(clock.getTime() + 31_000);
    await me(host.token);
    expect(seen()).toBe(clock.toISOString());
  });

  it('the sessions-prune job forgets sessions ended over 30 days ago, not live ones', async () => {
    const admin = createUser(app, 'super_admin');
    const host = createHost(app);
    const ended = app.signSession(host.userId);
    expect((await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(ended), payload: {} })).statusCode).toBe(200);
    const rows = () => app.db.select().from(sessions).where(eq(sessions.user_id, host.userId)).all();
    expect(rows()).toHaveLength(2);
    clock = new Date(clock.getTime() + 31 * 24 * 60 * 60_000);
    // The live session's JWT expired meanwhile (12 h): it goes too; a fresh one stays.
    const fresh = app.signSession(host.userId);
    const run = await app.inject({ method: 'POST', url: '/api/admin/jobs/sessions-prune/run', headers: bearer(admin.token) });
    expect(run.statusCode, run.body).toBe(200);
    expect(rows()).toHaveLength(1);
    expect(await me(fresh)).toBe(200);
  });

  it('a token checked once is refused once it has expired (its signature is not checked again, its expiry is)', () => {
    vi.useFakeTimers({ now: new Date('2031-05-01T08:00:00.000Z'), toFake: ['Date'] });
    onTestFinished(() => void vi.useRealTimers());
    const host = createHost(app);
    const token = app.signSession(host.userId);
    const request = { headers: bearer(token) } as unknown as FastifyRequest;
    expect(app.sessionOfToken(request)?.userId).toBe(host.userId);
    expect(app.sessionOfToken(request)?.userId).toBe(host.userId);
    vi.setSystemTime(new Date('2031-05-01T19:59:00.000Z'));
    expect(app.sessionOfToken(request)?.userId).toBe(host.userId);
    vi.setSystemTime(new Date('2031-05-01T20:00:01.000Z'));
    expect(app.sessionOfToken(request)).toBeUndefined();
    // A token altered after it was checked is checked again, and refused.
    expect(app.sessionOfToken({ headers: bearer(`${token.slice(0, -2)}xx`) } as unknown as FastifyRequest)).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/auth/sessions' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/sessions/x' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/auth/sessions/revoke-others', payload: {} })).statusCode).toBe(401);
  });
});
