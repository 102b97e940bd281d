/**
 * The mailer: the SMTP usability rule (smtp_enabled, smtp_host and smtp_username all set), the
 * development transport, and POST /api/email/test.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TABLE_IDS, tableById } from '../../shared/registry';
import { mailQueue, platformSettings } from '../../shared/schema/tables';
import { updateRow } from '../src/db/write';
import { EMAIL_FAILED_TEXT, SMTP_NOT_CONFIGURED_PROPERLY } from '../../shared/messages';
import { MailSendFailed, SmtpNotConfigured, devMailbox, sendMail } from '../src/modules/email/mailer';
import { isSmtpUsable, loadSmtpSettings } from '../src/modules/email/settings';
import { encryptSecret } from '../src/lib/crypto';
import { makeTestApp, type TestApp } from './helpers';
import { capturingDeps, closedPort, createUser, startSmtpServer, writeSmtpSettings, type SmtpFixture } from './fixtures-auth';


describe('SMTP settings and the development transport', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('SMTP is usable only when smtp_enabled, smtp_host and smtp_username are all set', () => {
    expect(isSmtpUsable(loadSmtpSettings(app.db, app.secretKey))).toBe(false);
    const full = { enabled: true, host: 'smtp.example.com', port: 2525, username: 'mailer' };
    for (const partial of [
      { ...full, enabled: false },
      { ...full, host: '' },
      { ...full, username: '' },
    ]) {
      writeSmtpSettings(app, partial);
      expect(isSmtpUsable(loadSmtpSettings(app.db, app.secretKey))).toBe(false);
    }
    writeSmtpSettings(app, { ...full, password: 'pw' });
    const settings = loadSmtpSettings(app.db, app.secretKey);
    expect(isSmtpUsable(settings)).toBe(true);
    expect(settings).toMatchObject({ host: 'smtp.example.com', port: 2525, secure: false, username: 'mailer', password: 'pw', fromName: 'Staykeep' });
  });

  it('without usable SMTP, logs one marked line with the link and keeps the message in memory', async () => {
    writeSmtpSettings(app, { enabled: false, host: '', port: 25, username: '' });
    const { deps, lines } = capturingDeps(app);
    devMailbox.clear();
    const result = await sendMail(deps, { to: 'dev@example.com', subject: 'Hello', text: 'Body', link: 'http://localhost:3000/resetpassword?token=abc' });
    expect(result).toEqual({ transport: 'dev' });
    expect(lines).toEqual(['[mail:dev] To: dev@example.com Subject: Hello Link: http://localhost:3000/resetpassword?token=abc']);
    expect(devMailbox.lastTo('DEV@example.com')).toMatchObject({ subject: 'Hello', text: 'Body' });
  });

  it('refuses the development transport when the caller needs SMTP', async () => {
    const { deps, lines } = capturingDeps(app);
    await expect(sendMail(deps, { to: 'dev@example.com', subject: 'x', text: 'y' }, { requireSmtp: true })).rejects.toBeInstanceOf(SmtpNotConfigured);
    expect(lines).toEqual([]);
  });

  it('fails (never falls back) when the stored SMTP password cannot be decrypted', async () => {
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
    const otherKey = crypto.randomBytes(32);
    const row = app.db.select().from(platformSettings).where(eq(platformSettings.setting_key, 'smtp_password')).get();
    const settingsDef = tableById(TABLE_IDS.platform_settings);
    if (!row || !settingsDef) throw new Error('smtp_password row missing');
    app.db.transaction((tx) => updateRow(tx, settingsDef, row.id, { setting_value: encryptSecret(otherKey, 'pw') }));
    const { deps, lines } = capturingDeps(app);
    await expect(sendMail(deps, { to: 'x@example.com', subject: 'x', text: 'y' })).rejects.toBeInstanceOf(MailSendFailed);
    expect(lines).toEqual([]);
  });
});

describe('POST /api/email/test', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let adminToken = '';
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp();
    adminToken = createUser(app, 'admin@example.com', 'admin').token;
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  const send = (to: unknown, token?: string) =>
    app.inject({ method: 'POST', url: '/api/email/test', payload: { to }, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('answers 401 without a session and 403 for a host', async () => {
    expect((await send('x@example.com')).statusCode).toBe(401);
    const host = createUser(app, 'host@example.com', 'host');
    expect((await send('x@example.com', host.token)).statusCode).toBe(403);
  });

  it('answers 400 naming the field', async () => {
    const res = await send('not an address', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^Invalid value for to/);
  });

  it('answers 400 with the catalogue text when SMTP is not configured', async () => {
    const res = await send('x@example.com', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: SMTP_NOT_CONFIGURED_PROPERLY });
  });

  it('sends the test message over SMTP (super admin too)', async () => {
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer', fromEmail: 'ops@staykeep.test' });
    const res = await send('Recipient@Example.com', adminToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mail = await smtp.waitForMessage(0);
    expect(mail.to).toEqual(['recipient@example.com']);
    expect(mail.raw).toMatch(/^From: Staykeep <ops@staykeep\.test>/m);
    expect(mail.subject).toBe('Staykeep test e-mail');

    const root = createUser(app, 'root@example.com', 'super_admin');
    expect((await send('x@example.com', root.token)).statusCode).toBe(200);
  });

  it('answers 500 with the catalogue text when the SMTP server is down', async () => {
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: await closedPort(), username: 'mailer' });
    const res = await send('down@example.com', adminToken);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: EMAIL_FAILED_TEXT });
    // Recorded for the admins' list with its error, and not retried (the admin was told at once).
    const [row] = app.db.select().from(mailQueue).where(eq(mailQueue.to_address, 'down@example.com')).all();
    expect(row).toMatchObject({ kind: 'test', status: 'failed', attempts: 1 });
    expect(row?.last_error).toMatch(/ECONNREFUSED/);
  });
});
