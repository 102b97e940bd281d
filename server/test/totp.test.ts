/**
 * Two-step sign-in (server/src/modules/auth/totp.ts): setup, enable, the two-step login with a
 * code or a recovery code, replayed codes, drift, tickets that expire, are single-use and die
 * after 5 wrong codes, wrong codes in the sign-in limits, disable, and the admin reset (audited,
 * forbidden to hosts). The codes are computed here with otpauth on the app's clock, which the
 * tests move; every answer is kept, to check that the secret never comes back after setup.
 */
import { and, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loginFailures, totpRecoveryCodes, users } from '../../shared/schema/tables';
import { TOTP_CODE_INVALID, TOTP_NOT_ON, TOTP_TICKET_INVALID } from '../../shared/messages';
import { TABLE_IDS, requireTable } from '../../shared/registry';
import { insertRow, nowIso } from '../src/db/write';
import { hashPassword } from '../src/modules/auth/password';
import { makeTestApp, type TestApp } from './helpers';

type Json = Record<string, unknown>;
const PASSWORD = 'correct horse battery';
const SOURCE = '198.51.100.20';
const START = new Date('2031-06-01T09:00:00.000Z');

let clock = START;
function advance(ms: number): void {
  clock = new Date(clock.getTime() + ms);
}

let app: TestApp;
/** Every answer body, to look for the secret in them. */
const answers: string[] = [];

async function call(method: 'GET' | 'POST', url: string, payload?: Json, token?: string) {
  const res = await app.inject({ method, url, payload, remoteAddress: SOURCE, headers: token ? { authorization: `Bearer ${token}` } : {} });
  answers.push(res.body);
  return res;
}
const post = (url: string, payload: Json, token?: string) => call('POST', url, payload, token);

function codeAt(secret: string, at: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: at.getTime() });
}
const STEP = 30_000;

async function register(email: string): Promise<{ token: string; id: string }> {
  const res = await post('/api/auth/register', { email, password: PASSWORD });
  expect(res.statusCode).toBe(201);
  return { token: res.json().token, id: res.json().user.ID };
}

async function signIn(email: string): Promise<Json> {
  const res = await post('/api/auth/login', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function ticketFor(email: string): Promise<string> {
  const body = await signIn(email);
  expect(body).toEqual({ totpRequired: true, ticket: expect.any(String) });
  return String(body.ticket);
}

function userRow(email: string) {
  return app.db.select().from(users).where(eq(users.Email, email)).get();
}

/** Turns TOTP on for a signed-in user: answers the secret and the recovery codes. */
async function turnOn(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await post('/api/auth/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const enable = await post('/api/auth/totp/enable', { code: codeAt(secret, clock) }, token);
  expect(enable.statusCode).toBe(200);
  return { secret, recoveryCodes: enable.json().recoveryCodes };
}

beforeAll(async () => {
  app = await makeTestApp({
    now: () => clock,
    loginFailuresPerAddress: 5,
    loginFailuresPerSource: 50,
    loginMaxDelayMinutes: 15,
    loginFailureWindowMinutes: 24 * 60,
  });
});
afterAll(async () => app.cleanup());

describe('two-step sign-in', () => {
  const email = 'olivia@example.com';
  let token = '';
  let secret = '';
  let recoveryCodes: string[] = [];
  const secretsSeen: string[] = [];

  it('setup needs a session, answers a base32 secret and its otpauth URL, and stores it encrypted, not yet on', async () => {
    clock = START;
    token = (await register(email)).token;
    expect((await post('/api/auth/totp/setup', {})).statusCode).toBe(401);

    const res = await post('/api/auth/totp/setup', {}, token);
    expect(res.statusCode).toBe(200);
    secret = res.json().secret;
    secretsSeen.push(secret);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(res.json().otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Staykeep:${email}`);
    expect(url.searchParams.get('issuer')).toBe('Staykeep');
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');

    const row = userRow(email);
    expect(row?.totp_enabled).toBe(false);
    expect(row?.totp_secret_enc).toMatch(/^v1:/);
    expect(row?.totp_secret_enc).not.toContain(secret);
    // Not on yet: the password alone still signs in.
    expect((await signIn(email)).token).toEqual(expect.any(String));
  });

  it('setup again before enabling replaces the secret', async () => {
    const res = await post('/api/auth/totp/setup', {}, token);
    expect(res.json().secret).not.toBe(secret);
    secret = res.json().secret;
    secretsSeen.push(secret);
  });

  it('enable refuses a missing or wrong code (400 naming code) and a code of the replaced secret', async () => {
    const missing = await post('/api/auth/totp/enable', {}, token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/code/);
    const wrong = await post('/api/auth/totp/enable', { code: codeAt(secretsSeen[0]!, clock) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/^Invalid value for code/);
    expect(userRow(email)?.totp_enabled).toBe(false);
  });

  it('enable with the current code turns it on and answers 10 recovery codes, stored hashed', async () => {
    const res = await post('/api/auth/totp/enable', { code: codeAt(secret, clock) }, token);
    expect(res.statusCode).toBe(200);
    recoveryCodes = res.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const row = userRow(email)!;
    expect(row.totp_enabled).toBe(true);
    const stored = app.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, row.ID)).all();
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(recoveryCodes.some((c) => s.code_hash.includes(c.replace('-', '')))).toBe(false);

    const me = await call('GET', '/api/auth/me', undefined, token);
    expect(me.json().data.totpEnabled).toBe(true);
    expect((await post('/api/auth/totp/setup', {}, token)).statusCode).toBe(409);
    expect((await post('/api/auth/totp/enable', { code: codeAt(secret, clock) }, token)).statusCode).toBe(409);
  });

  it('login answers a ticket and no session; the code accepted at enable is refused again (same step)', async () => {
    const res = await post('/api/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totpRequired: true, ticket: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
    const replay = await post('/api/auth/login/totp', { ticket: res.json().ticket, code: codeAt(secret, clock) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: TOTP_CODE_INVALID });
  });

  it('a current code opens the session; the ticket is single-use', async () => {
    advance(STEP);
    const ticket = await ticketFor(email);
    const res = await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    expect(res.json().user).toMatchObject({ Email: email, totpEnabled: true });
    expect(res.headers['set-cookie']).toMatch(/^staykeep_token=/);

    advance(STEP);
    const again = await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: TOTP_TICKET_INVALID });
  });

  it('accepts one step of drift either way, not two, and never a step at or before the last accepted', async () => {
    advance(3 * STEP);
    // Two steps ahead and two behind: refused.
    let ticket = await ticketFor(email);
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, new Date(clock.getTime() + 2 * STEP)) })).statusCode).toBe(401);
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, new Date(clock.getTime() - 2 * STEP)) })).statusCode).toBe(401);
    // One behind: accepted.
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, new Date(clock.getTime() - STEP)) })).statusCode).toBe(200);
    // One ahead: accepted; then the current step (before it) is refused.
    ticket = await ticketFor(email);
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, new Date(clock.getTime() + STEP)) })).statusCode).toBe(200);
    ticket = await ticketFor(email);
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) })).statusCode).toBe(401);
    // The failures of this test are cleared by a right code.
    advance(2 * STEP);
    expect((await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) })).statusCode).toBe(200);
  });

  it('a recovery code opens a session once, with or without its dash, in any case', async () => {
    let ticket = await ticketFor(email);
    expect((await post('/api/auth/login/totp', { ticket, code: recoveryCodes[0] })).statusCode).toBe(200);
    ticket = await ticketFor(email);
    const reused = await post('/api/auth/login/totp', { ticket, code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ error: TOTP_CODE_INVALID });
    const typed = recoveryCodes[1]!.replace('-', '').toUpperCase();
    expect((await post('/api/auth/login/totp', { ticket, code: typed })).statusCode).toBe(200);
    const used = app.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, userRow(email)!.ID)).all();
    expect(used.filter((r) => r.used_at !== null)).toHaveLength(2);
  });

  it('a ticket lives 5 minutes', async () => {
    const ticket = await ticketFor(email);
    advance(5 * 60_000 + 1000);
    const res = await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: TOTP_TICKET_INVALID });
  });

  it('validates the body: 400 naming ticket or code', async () => {
    const noTicket = await post('/api/auth/login/totp', { code: '123456' });
    expect(noTicket.statusCode).toBe(400);
    expect(noTicket.json().error).toMatch(/ticket/);
    const noCode = await post('/api/auth/login/totp', { ticket: 'x' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().error).toMatch(/code/);
  });

  it('wrong codes are failed sign-ins: 5 burn the ticket, and the source then waits even with the password', async () => {
    advance(STEP);
    const key = `login|${encodeURIComponent(SOURCE)}|${email}`;
    const ticket = await ticketFor(email);
    for (let i = 0; i < 5; i++) {
      const res = await post('/api/auth/login/totp', { ticket, code: '000000' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: TOTP_CODE_INVALID });
    }
    expect(app.db.select().from(loginFailures).where(eq(loginFailures.key, key)).all()).toHaveLength(5);
    // Burned: even the right code is refused.
    const burned = await post('/api/auth/login/totp', { ticket, code: codeAt(secret, clock) });
    expect(burned.json()).toEqual({ error: TOTP_TICKET_INVALID });

    // The password does not clear the wrong codes: the source waits 1 s first.
    const waiting = await post('/api/auth/login', { email, password: PASSWORD });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.headers['retry-after']).toBe('1');
    advance(1000);
    const next = await ticketFor(email);
    expect(app.db.select().from(loginFailures).where(eq(loginFailures.key, key)).all()).toHaveLength(5);
    expect((await post('/api/auth/login/totp', { ticket: next, code: '111111' })).statusCode).toBe(401);
    const slowed = await post('/api/auth/login/totp', { ticket: next, code: codeAt(secret, clock) });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.headers['retry-after']).toBe('2');
    advance(STEP);
    expect((await post('/api/auth/login/totp', { ticket: next, code: codeAt(secret, clock) })).statusCode).toBe(200);
    expect(app.db.select().from(loginFailures).where(eq(loginFailures.key, key)).all()).toHaveLength(0);
  });

  it('disable refuses a wrong code (400 naming code), takes a recovery code, and forgets the secret and codes', async () => {
    advance(STEP);
    const wrong = await post('/api/auth/totp/disable', { code: '123456' }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatch(/^Invalid value for code/);
    expect((await post('/api/auth/totp/disable', { code: recoveryCodes[0] }, token)).statusCode).toBe(400);
    const res = await post('/api/auth/totp/disable', { code: recoveryCodes[2] }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const row = userRow(email)!;
    expect(row).toMatchObject({ totp_enabled: false, totp_secret_enc: null, totp_last_step: null });
    expect(app.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, row.ID)).all()).toHaveLength(0);
    expect((await signIn(email)).token).toEqual(expect.any(String));
    expect((await post('/api/auth/totp/disable', { code: '123456' }, token)).json()).toEqual({ error: TOTP_NOT_ON });
  });

  it('disable with a current code works too', async () => {
    advance(STEP);
    const on = await turnOn(token);
    secretsSeen.push(on.secret);
    advance(STEP);
    expect((await post('/api/auth/totp/disable', { code: codeAt(on.secret, clock) }, token)).statusCode).toBe(200);
  });

  describe('admin reset', () => {
    let superToken = '';
    let adminToken = '';
    let superId = '';
    let hostId = '';
    const hostEmail = 'harbour@example.com';

    beforeAll(async () => {
      const setup = await post('/api/setup', { email: 'root@example.com', password: PASSWORD, name: 'Root' });
      superToken = setup.json().token;
      superId = setup.json().user.ID;
      const hash = await hashPassword(PASSWORD);
      insertRow(app.db, requireTable(TABLE_IDS.users), { Email: 'ada@example.com', Name: 'Ada', Role: 'admin', CreateTime: nowIso(clock), setupCompleted: true, password_hash: hash }, clock);
      adminToken = String((await signIn('ada@example.com')).token);
      const host = await register(hostEmail);
      hostId = host.id;
      advance(STEP);
      secretsSeen.push((await turnOn(host.token)).secret);
      advance(STEP);
      secretsSeen.push((await turnOn(superToken)).secret);
    });

    it('is forbidden to hosts and to anonymous callers', async () => {
      const other = await register('other-host@example.com');
      expect((await post(`/api/admin/users/${hostId}/totp/reset`, {}, other.token)).statusCode).toBe(403);
      expect((await post(`/api/admin/users/${hostId}/totp/reset`, {})).statusCode).toBe(401);
      expect(userRow(hostEmail)?.totp_enabled).toBe(true);
    });

    it("an admin resets a host's, audited; the host then signs in with the password alone", async () => {
      const res = await post(`/api/admin/users/${hostId}/totp/reset`, {}, adminToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      expect(userRow(hostEmail)).toMatchObject({ totp_enabled: false, totp_secret_enc: null });
      const entry = app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'totp_reset'), eq(auditLog.entity_id, hostId)))
        .get();
      expect(entry).toMatchObject({ table_id: TABLE_IDS.users, actor_id: userRow('ada@example.com')!.ID });
      expect((await signIn(hostEmail)).token).toEqual(expect.any(String));
      expect((await post(`/api/admin/users/${hostId}/totp/reset`, {}, adminToken)).statusCode).toBe(409);
      expect((await post('/api/admin/users/no-such-user/totp/reset', {}, adminToken)).statusCode).toBe(404);
    });

    it("only a super admin resets a super admin's", async () => {
      expect((await post(`/api/admin/users/${superId}/totp/reset`, {}, adminToken)).statusCode).toBe(403);
      expect((await post(`/api/admin/users/${superId}/totp/reset`, {}, superToken)).statusCode).toBe(200);
      // The reset ends every session of the account, the resetting one's own included.
      expect((await call('GET', '/api/auth/me', undefined, superToken)).statusCode).toBe(401);
      superToken = String((await signIn('root@example.com')).token);
    });

    it('the table API shows totp_enabled but never the secret or its step, and cannot write them', async () => {
      advance(STEP);
      secretsSeen.push((await turnOn(superToken)).secret);
      const page = await post(`/api/table/${TABLE_IDS.users}/page`, { PageNo: 1, PageSize: 100 }, superToken);
      expect(page.statusCode).toBe(200);
      const rows = page.json().List as Json[];
      const root = rows.find((r) => r.ID === superId)!;
      expect(root.totp_enabled).toBe(true);
      for (const r of rows) {
        expect(r).not.toHaveProperty('totp_secret_enc');
        expect(r).not.toHaveProperty('totp_last_step');
      }
      const filtered = await post(`/api/table/${TABLE_IDS.users}/page`, { PageNo: 1, PageSize: 10, Filters: [{ name: 'totp_secret_enc', op: 'StringContains', value: 'v1' }] }, superToken);
      expect(filtered.statusCode).toBe(400);
      const update = await post(`/api/table/${TABLE_IDS.users}/update`, { ID: hostId, totp_enabled: true, totp_secret_enc: 'v1:x:y:z' }, superToken);
      expect([200, 400]).toContain(update.statusCode);
      expect(userRow(hostEmail)).toMatchObject({ totp_enabled: false, totp_secret_enc: null });
    });
  });

  it('no answer after setup ever carried a secret', () => {
    expect(secretsSeen.length).toBeGreaterThanOrEqual(5);
    for (const s of secretsSeen) {
      // Exactly one answer holds each secret (twice: the field and the URL): its setup.
      expect(answers.filter((a) => a.includes(s))).toHaveLength(1);
    }
    for (const a of answers) expect(a).not.toMatch(/v1:[A-Za-z0-9+/=]+:/);
  });
});
