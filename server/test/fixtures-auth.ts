/**
 * Fixtures of the account tests: a real SMTP server (smtp-server) on a free local port that keeps
 * what it receives, the smtp platform settings rows, and hosts/staff written straight into the
 * test database through insertRow.
 */
import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { eq } from 'drizzle-orm';
import { platformSettings } from '../../shared/schema/tables';
import { insertRow, nowIso, updateRow } from '../src/db/write';
import { encryptSecret } from '../src/lib/crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { MailDeps } from '../src/modules/email/mailer';
import type { TestApp } from './helpers';

export type ReceivedMail = { from: string; to: string[]; raw: string; subject: string; text: string; user?: string };

export type SmtpFixture = {
  port: number;
  received: ReceivedMail[];
  /** The credentials each SMTP login presented (the settings' password arrives decrypted). */
  auths: { username: string; password: string }[];
  /** Resolves with the next message that arrives (or one already waiting beyond `afterCount`). */
  waitForMessage: (afterCount: number, timeoutMs?: number) => Promise<ReceivedMail>;
  close: () => Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodePart(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([^\s;]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function splitHead(chunk: string): [string, string] {
  const at = chunk.search(/\r?\n\r?\n/);
  if (at < 0) return [chunk, ''];
  const sep = /\r?\n\r?\n/.exec(chunk.slice(at))?.[0] ?? '\n\n';
  return [chunk.slice(0, at), chunk.slice(at + sep.length)];
}

/** RFC 2047 encoded words (a long or non-ASCII subject), adjacent ones joined. */
function decodeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

/** Just enough MIME to read a nodemailer message: the subject and the decoded text/plain part. */
export function parseMail(raw: string): { subject: string; text: string } {
  const [head, body] = splitHead(raw);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(unfolded)?.[1]?.trim() ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  if (!boundary) return { subject, text: decodePart(unfolded, body) };
  for (const part of body.split(`--${boundary}`)) {
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    if (/content-type:\s*text\/plain/i.test(partHead)) return { subject, text: decodePart(partHead, partBody).trim() };
  }
  return { subject, text: '' };
}

/** The account link in a message (reset or invite). */
export function linkIn(text: string): URL {
  const match = /https?:\/\/\S*\/resetpassword\?\S+/.exec(text);
  if (!match) throw new Error(`No link in: ${text}`);
  return new URL(match[0]);
}

export type SmtpServerOptions = {
  /** Listen on this port (a receiver that comes back where the settings point); a free one otherwise. */
  port?: number;
  /** Recipients refused for good (550), as a mail server refuses a mailbox that does not exist. */
  refuse?: (address: string) => boolean;
};

export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<SmtpFixture> {
  const received: ReceivedMail[] = [];
  const auths: { username: string; password: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const refused = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
        callback(refused);
        return;
      }
      callback();
    },
    onAuth(auth, _session, callback) {
      auths.push({ username: auth.username ?? '', password: auth.password ?? '' });
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const user = typeof session.user === 'string' ? session.user : undefined;
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMail(raw),
          ...(user ? { user } : {}),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    const listener = server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = listener.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('SMTP server has no port'));
    });
    listener.on('error', reject);
  });

  async function waitForMessage(afterCount: number, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const message = received[afterCount];
      if (message) return message;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('No mail arrived');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return { port, received, auths, waitForMessage, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A local port nothing listens on (an SMTP server that is down). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await new Promise<number>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(address && typeof address === 'object' ? address.port : 0);
    });
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function def(id: number): TableDef {
  const d = tableById(id);
  if (!d) throw new Error(`No table ${id}`);
  return d;
}

export type SmtpSettingsInput = { enabled: boolean; host: string; port: number; username: string; password?: string; fromEmail?: string };

/**
 * Writes the smtp rows of platform_settings (the password encrypted, as an admin screen would);
 * rows that exist are updated, so a test can switch between a live and a dead SMTP server.
 */
export function writeSmtpSettings(app: TestApp, input: SmtpSettingsInput): void {
  const now = app.now();
  const settingsDef = def(TABLE_IDS.platform_settings);
  const rows: { key: string; value: string; type: 'string' | 'number' | 'boolean'; encrypted?: boolean }[] = [
    { key: 'smtp_enabled', value: String(input.enabled), type: 'boolean' },
    { key: 'smtp_host', value: input.host, type: 'string' },
    { key: 'smtp_port', value: String(input.port), type: 'number' },
    { key: 'smtp_secure', value: 'false', type: 'boolean' },
    { key: 'smtp_username', value: input.username, type: 'string' },
    { key: 'smtp_password', value: encryptSecret(app.secretKey, input.password ?? 'smtp-pass'), type: 'string', encrypted: true },
    { key: 'smtp_from_email', value: input.fromEmail ?? 'no-reply@staykeep.test', type: 'string' },
  ];
  app.db.transaction((tx) => {
    for (const r of rows) {
      const existing = tx.select({ id: platformSettings.id }).from(platformSettings).where(eq(platformSettings.setting_key, r.key)).get();
      const values = { setting_key: r.key, setting_name: r.key, setting_value: r.value, setting_type: r.type, category: 'smtp', is_encrypted: r.encrypted ?? false };
      if (existing) updateRow(tx, settingsDef, existing.id, values, now);
      else insertRow(tx, settingsDef, values, now);
    }
  });
}

/** A host user with its profile and one staff row, written directly; returns ids and a session token. */
export function createHostWithStaff(
  app: TestApp,
  opts: { hostEmail: string; staffEmail: string; staffName?: string; company?: string },
): { hostUserId: string; hostProfileId: string; staffId: string; hostToken: string } {
  const now = app.now();
  return app.db.transaction((tx) => {
    const user = insertRow(tx, def(TABLE_IDS.users), { Email: opts.hostEmail, Name: 'Test Host', Role: 'host', CreateTime: nowIso(now), setupCompleted: true }, now);
    const hostUserId = String(user.ID);
    const profile = insertRow(tx, def(TABLE_IDS.host_profiles), { user_id: hostUserId, email: opts.hostEmail, company_name: opts.company ?? 'Seaside Stays' }, now);
    const staff = insertRow(
      tx,
      def(TABLE_IDS.housekeeping_staff),
      { host_id: String(profile.id), staff_name: opts.staffName ?? 'Rosa Diaz', staff_email: opts.staffEmail },
      now,
    );
    return { hostUserId, hostProfileId: String(profile.id), staffId: String(staff.id), hostToken: app.signSession(hostUserId) };
  });
}

/** A user of any role written directly, with a session token (no password: no scrypt cost). */
export function createUser(app: TestApp, email: string, role: 'super_admin' | 'admin' | 'host' | 'staff'): { userId: string; token: string } {
  const now = app.now();
  const row = app.db.transaction((tx) =>
    insertRow(tx, def(TABLE_IDS.users), { Email: email, Name: email.split('@')[0], Role: role, CreateTime: nowIso(now), setupCompleted: true }, now),
  );
  return { userId: String(row.ID), token: app.signSession(String(row.ID)) };
}

/** Deps whose logger keeps the info lines (where the development transport writes). */
export function capturingDeps(app: TestApp): { deps: MailDeps; lines: string[] } {
  const lines: string[] = [];
  const noop = () => undefined;
  const log: FastifyBaseLogger = {
    level: 'info',
    info: (...args: unknown[]) => void lines.push(args.map(String).join(' ')),
    fatal: noop,
    error: noop,
    warn: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    child: () => log,
  };
  return { deps: { db: app.db, secretKey: app.secretKey, log, now: app.now }, lines };
}
