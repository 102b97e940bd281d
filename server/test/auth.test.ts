/** Account routes: register, login, me, logout, change password, setup, the per-IP budget (login-limits.test.ts has the sign-in limits). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { hostProfiles, loginFailures, users } from '../../shared/schema/tables';
import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  INVALID_CREDENTIALS,
  SETUP_ALREADY_DONE,
} from '../../shared/messages';
import { makeTestApp, type TestApp } from './helpers';

type Json = Record<string, unknown>;

function post(app: TestApp, url: string, payload: Json, token?: string) {
  return app.inject({ method: 'POST', url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
}

function userRow(app: TestApp, email: string) {
  return app.db.select().from(users).where(eq(users.Email, email)).get();
}

describe('register, login, me, logout, change password', () => {
  let app: TestApp;
  let hostToken = '';
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('registers a host user and its host profile (active, basic, commission 10)', async () => {
    const res = await post(app, '/api/auth/register', {
      email: '  Olivia.Host@Example.com ',
      password: 'correct horse',
      name: 'Olivia Host',
      company_name: 'Harbour Homes',
      phone_number: '+1 555 0100',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(typeof body.token).toBe('string');
    expect(body.user).toMatchObject({ Name: 'Olivia Host', Email: 'olivia.host@example.com', Role: 'host', setupCompleted: true });
    hostToken = body.token;

    const user = userRow(app, 'olivia.host@example.com');
    expect(user).toBeDefined();
    expect(user?.Role).toBe('host');
    expect(user?.password_hash).toMatch(/^scrypt\$/);
    expect(user?.password_hash).not.toContain('correct horse');
    expect(user?.version).toBeGreaterThan(0);

    const profile = app.db.select().from(hostProfiles).where(eq(hostProfiles.user_id, body.user.ID)).get();
    expect(profile).toMatchObject({
      email: 'olivia.host@example.com',
      company_name: 'Harbour Homes',
      phone_number: '+1 555 0100',
      account_status: 'active',
      subscription_status: 'active',
      subscription_tier: 'basic',
      commission_rate: 10,
    });
    expect(body.user.hostProfileId).toBe(profile?.id);
    expect(res.headers['set-cookie']).toMatch(/^staykeep_token=.+; Path=\/; HttpOnly; SameSite=Strict/);
  });

  it('answers 409 for an e-mail that is already registered, whatever its case', async () => {
    const res = await post(app, '/api/auth/register', { email: 'OLIVIA.HOST@example.com', password: 'another pass' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: EMAIL_ALREADY_REGISTERED });
    expect(app.db.select().from(users).all()).toHaveLength(1);
  });

  it('answers 400 naming the field for a bad e-mail, a short password or a missing field', async () => {
    const badEmail = await post(app, '/api/auth/register', { email: 'not-an-email', password: 'long enough' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^Invalid value for email: /);

    const shortPassword = await post(app, '/api/auth/register', { email: 'new@example.com', password: 'short' });
    expect(shortPassword.statusCode).toBe(400);
    expect(shortPassword.json().error).toBe('Invalid value for password: must be at least 8 characters');

    const missing = await post(app, '/api/auth/register', { email: 'new@example.com' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/password/);
    expect(userRow(app, 'new@example.com')).toBeUndefined();
  });

  it('GET /api/auth/me returns the session user for the token, and for the cookie', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${hostToken}` } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ Email: 'olivia.host@example.com', Role: 'host' });
    expect(Object.keys(data).sort()).toEqual(['CreateTime', 'Email', 'ID', 'Name', 'Role', 'hostProfileId', 'setupCompleted', 'totpEnabled']);

    const byCookie = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `staykeep_token=${hostToken}` } });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json().data.ID).toBe(data.ID);
  });

  it('GET /api/auth/me answers 401 without a token or with a bad one', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBeTruthy();
    const bad = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
  });

  it('logs in with the right password (e-mail in any case) and not with a wrong one', async () => {
    const ok = await post(app, '/api/auth/login', { email: 'Olivia.HOST@example.com ', password: 'correct horse' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ Email: 'olivia.host@example.com', Role: 'host' });
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${ok.json().token}` } });
    expect(me.statusCode).toBe(200);

    const wrong = await post(app, '/api/auth/login', { email: 'olivia.host@example.com', password: 'wrong horse' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: INVALID_CREDENTIALS });
    // Counted for the address from this source (login-limits.test.ts has the limits themselves).
    expect(app.db.select().from(loginFailures).where(eq(loginFailures.key, 'login|127.0.0.1|olivia.host@example.com')).all()).toHaveLength(1);

    const unknown = await post(app, '/api/auth/login', { email: 'nobody@example.com', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: INVALID_CREDENTIALS });
  });

  it('login answers 400 naming the field', async () => {
    const noEmail = await post(app, '/api/auth/login', { password: 'correct horse' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toMatch(/^Invalid value for email/);
    const noPassword = await post(app, '/api/auth/login', { email: 'olivia.host@example.com', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error).toMatch(/^Invalid value for password/);
  });

  it('logout answers {} and clears the cookie', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect(res.headers['set-cookie']).toMatch(/^staykeep_token=; .*Max-Age=0/);
  });

  it('change-password: 401 without a session, 400 naming the field, 400 for a wrong current password', async () => {
    const anonymous = await post(app, '/api/auth/change-password', { currentPassword: 'correct horse', newPassword: 'brand new pass' });
    expect(anonymous.statusCode).toBe(401);

    const short = await post(app, '/api/auth/change-password', { currentPassword: 'correct horse', newPassword: 'short' }, hostToken);
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe('Invalid value for newPassword: must be at least 8 characters');

    const wrong = await post(app, '/api/auth/change-password', { currentPassword: 'not my password', newPassword: 'brand new pass' }, hostToken);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: CURRENT_PASSWORD_INCORRECT });
  });

  it('change-password: the new password signs in, the old one no longer does', async () => {
    const before = userRow(app, 'olivia.host@example.com');
    const res = await post(app, '/api/auth/change-password', { currentPassword: 'correct horse', newPassword: 'brand new pass' }, hostToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    const after = userRow(app, 'olivia.host@example.com');
    expect(after?.password_hash).not.toBe(before?.password_hash);
    expect(after?.version).toBeGreaterThan(before?.version ?? 0);

    expect((await post(app, '/api/auth/login', { email: 'olivia.host@example.com', password: 'brand new pass' })).statusCode).toBe(200);
    expect((await post(app, '/api/auth/login', { email: 'olivia.host@example.com', password: 'correct horse' })).statusCode).toBe(401);
  });

  it('documents the account routes in the OpenAPI description', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    const paths = Object.keys(res.json().paths);
    for (const p of ['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/auth/reset-password', '/api/setup', '/api/staff/{id}/invite', '/api/email/test']) {
      expect(paths).toContain(p);
    }
  });
});

describe('first-run setup', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('reports setup as needed while no super admin exists', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/setup/status' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ needed: true });
  });

  it('answers 400 naming the field', async () => {
    const noName = await post(app, '/api/setup', { email: 'root@example.com', password: 'super secret' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error).toMatch(/^Invalid value for name/);
    const badEmail = await post(app, '/api/setup', { email: 'root', password: 'super secret', name: 'Root' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatch(/^Invalid value for email/);
  });

  it('creates the first super admin, then answers 409', async () => {
    const res = await post(app, '/api/setup', { email: 'Root@Example.com', password: 'super secret', name: 'Root Admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ Email: 'root@example.com', Name: 'Root Admin', Role: 'super_admin', setupCompleted: true });
    expect(userRow(app, 'root@example.com')?.Role).toBe('super_admin');

    expect((await app.inject({ method: 'GET', url: '/api/setup/status' })).json()).toEqual({ needed: false });

    const again = await post(app, '/api/setup', { email: 'second@example.com', password: 'super secret', name: 'Second' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: SETUP_ALREADY_DONE });
    expect(userRow(app, 'second@example.com')).toBeUndefined();

    const login = await post(app, '/api/auth/login', { email: 'root@example.com', password: 'super secret' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.Role).toBe('super_admin');
  });
});

describe('login limits', () => {
  it('limits requests per IP across the account routes and answers 429 { error }', async () => {
    const app = await makeTestApp({ authRequestsPerIpPerMinute: 3 });
    try {
      for (let i = 0; i < 2; i++) expect((await app.inject({ method: 'GET', url: '/api/setup/status' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
      const limited = await app.inject({ method: 'GET', url: '/api/setup/status' });
      expect(limited.statusCode).toBe(429);
      expect(typeof limited.json().error).toBe('string');
      expect((await post(app, '/api/auth/login', { email: 'a@example.com', password: 'whatever1' })).statusCode).toBe(429);
      // Another address has its own budget; routes outside the account module are not limited.
      expect((await app.inject({ method: 'GET', url: '/api/setup/status', remoteAddress: '10.0.0.9' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await post(app, '/api/email/test', { to: 'a@example.com' })).statusCode).toBe(401);
    } finally {
      await app.cleanup();
    }
  });
});
