/**
 * E-mail header fields carry no line break (docs/security.md, Encoding for calendars, e-mail and
 * CSV): subjects hold guest, host and property names, and addresses come from stored data. A name
 * with CR/LF reaches a real SMTP receiver as one Subject line with no header of its own; an
 * address that is not one plain address is refused for good, never sent.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, tableById } from '../../shared/registry';
import { mailQueue, platformSettings } from '../../shared/schema/tables';
import { insertRow, transact } from '../src/db/write';
import { MailSendFailed, headerText, isPlainAddress, sendMail, type MailDeps, type MailMessage } from '../src/modules/email/mailer';
import { queueMail } from '../src/modules/email/queue';
import { guestReplyEmail } from '../src/modules/email/templates';
import { makeTestApp, type TestApp } from './helpers';
import { capturingDeps, startSmtpServer, writeSmtpSettings, type ReceivedMail, type SmtpFixture } from './fixtures-auth';

const INJECT = '\r\nBcc: evil@example.com\r\nX-Injected: yes\r\n\r\nforged body';

/** The header lines of a raw message, unfolded. */
function headerLines(raw: string): string[] {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
}

function expectOneSubjectAndNoInjection(mail: ReceivedMail, to: string): void {
  const lines = headerLines(mail.raw);
  expect(lines.filter((l) => /^subject:/i.test(l))).toHaveLength(1);
  expect(lines.filter((l) => /^(bcc|x-injected):/i.test(l))).toEqual([]);
  expect(mail.to).toEqual([to]);
  expect(mail.subject).not.toMatch(/[\r\n]/);
}

function hostileReply(to: string): MailMessage {
  return guestReplyEmail(to, {
    guestName: `Eve${INJECT}`,
    hostName: `Ana${INJECT}`,
    propertyName: `Villa\nSubject: second\rX-Injected: also\u2028X-Injected: too`,
    content: 'See you soon',
    hostEmail: 'ana@example.com',
  });
}

describe('header text', () => {
  it('turns each run of line breaks and control characters into one space', () => {
    expect(headerText('a\r\nb\nc\rd\u2028e\u2029f\u0085g\th\u0000i')).toBe('a b c d e f g h i');
    expect(headerText(`Ana${INJECT}`)).toBe('Ana Bcc: evil@example.com X-Injected: yes forged body');
    expect(headerText('  Café — Villa Mar  ')).toBe('Café — Villa Mar');
  });

  it('takes one plain address only', () => {
    expect(isPlainAddress('guest@example.com')).toBe(true);
    expect(isPlainAddress('ana.o+x@sub.example.co')).toBe(true);
    for (const bad of ['guest@example.com\r\nBcc: evil@example.com', 'guest@example.com, evil@example.com', 'Eve <eve@example.com>', 'eve@example.com;x@y.z', 'a b@example.com', 'no-at-sign', 'a@b@c', 'eve@example.com\u2028']) {
      expect(isPlainAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('messages to a real SMTP receiver', () => {
  let app: TestApp;
  let smtp: SmtpFixture;
  let deps: MailDeps;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await makeTestApp();
    writeSmtpSettings(app, { enabled: true, host: '127.0.0.1', port: smtp.port, username: 'mailer' });
    deps = { db: app.db, secretKey: app.secretKey, log: app.log, now: app.now };
  });
  afterAll(async () => {
    await app.cleanup();
    await smtp.close();
  });

  it('sends a subject built from names with CR/LF as one Subject line, with no injected header', async () => {
    const before = smtp.received.length;
    await sendMail(deps, hostileReply('guest@example.com'));
    const mail = await smtp.waitForMessage(before);
    expectOneSubjectAndNoInjection(mail, 'guest@example.com');
    expect(mail.subject).toBe('Message from Ana Bcc: evil@example.com X-Injected: yes forged body about your stay at Villa Subject: second X-Injected: also X-Injected: too'.slice(0, 200));
    expect(headerLines(mail.raw)).toContain('Reply-To: ana@example.com');
  });

  it('stores a queued message with a one-line subject and sends it the same way', async () => {
    const before = smtp.received.length;
    const id = transact(app.db, (tx) => queueMail(tx, hostileReply('queued@example.com')));
    const mail = await smtp.waitForMessage(before);
    expectOneSubjectAndNoInjection(mail, 'queued@example.com');
    const row = app.db.select().from(mailQueue).where(eq(mailQueue.id, Number(id))).get();
    expect(row?.subject).not.toMatch(/[\r\n\u2028]/);
    expect(row?.subject).toBe(mail.subject);
  });

  it("writes the sender's name (a platform setting) as one From line", async () => {
    const settings = tableById(TABLE_IDS.platform_settings);
    if (!settings) throw new Error('no platform_settings');
    app.db.transaction((tx) =>
      insertRow(tx, settings, { setting_key: 'smtp_from_name', setting_name: 'smtp_from_name', setting_value: `Staykeep${INJECT}`, setting_type: 'string', category: 'smtp', is_encrypted: false }, app.now()),
    );
    try {
      const before = smtp.received.length;
      await sendMail(deps, { to: 'from@example.com', subject: 'Hello', text: 'Body' });
      const mail = await smtp.waitForMessage(before);
      const lines = headerLines(mail.raw);
      expect(lines.filter((l) => /^from:/i.test(l))).toHaveLength(1);
      expect(lines.filter((l) => /^(bcc|x-injected):/i.test(l))).toEqual([]);
      expect(mail.to).toEqual(['from@example.com']);
      // Not even as encoded words (=0D=0A), which a mail program would show as line breaks.
      expect(lines.filter((l) => /^from:/i.test(l))).toEqual(['From: "Staykeep Bcc: evil@example.com X-Injected: yes forged body" <no-reply@staykeep.test>']);
    } finally {
      app.db.delete(platformSettings).where(eq(platformSettings.setting_key, 'smtp_from_name')).run();
    }
  });

  it('refuses, for good, an address that is not one plain address, and sends nothing', async () => {
    const before = smtp.received.length;
    const cases: Partial<MailMessage>[] = [
      { to: 'guest@example.com\r\nBcc: evil@example.com' },
      { to: 'guest@example.com, evil@example.com' },
      { to: 'guest@example.com', replyTo: 'ana@example.com\r\nBcc: evil@example.com' },
      { to: 'guest@example.com', replyTo: 'ana@example.com, evil@example.com' },
    ];
    for (const c of cases) {
      const failure = await sendMail(deps, { subject: 'Hello', text: 'Body', to: '', ...c }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure, JSON.stringify(c)).toBeInstanceOf(MailSendFailed);
      expect((failure as MailSendFailed).permanent).toBe(true);
    }
    // A queued one fails with the reason, where the admins' mail list shows it.
    const id = transact(app.db, (tx) => queueMail(tx, { to: 'guest@example.com, evil@example.com', subject: 'Hello', text: 'Body' }));
    await app.mail.sender.drain();
    const row = app.db.select().from(mailQueue).where(eq(mailQueue.id, Number(id))).get();
    expect(row).toMatchObject({ status: 'failed', last_error: 'Invalid recipient address' });
    expect(smtp.received.length).toBe(before);
    expect(app.db.select().from(mailQueue).orderBy(asc(mailQueue.id)).all().filter((r) => r.status === 'sent').length).toBeGreaterThan(0);
  });
});

describe('the development transport', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await makeTestApp();
  });
  afterAll(async () => app.cleanup());

  it('logs one line per message, whatever the subject holds', async () => {
    const { deps, lines } = capturingDeps(app);
    await sendMail(deps, hostileReply('dev@example.com'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/[\r\n\u2028]/);
    expect(lines[0]).toMatch(/^\[mail:dev\] To: dev@example.com Subject: Message from Ana Bcc: /);
  });
});
