/**
 * Outgoing mail. SMTP through nodemailer when the smtp settings are usable (settings.ts); otherwise
 * the development transport: one clearly marked log line carrying the link, plus an in-memory
 * mailbox of the last messages (README.md in this folder). Network I/O only: modules queue their
 * messages with `queueMail` (queue.ts) in their transaction, and the sender (sender.ts) calls
 * `sendMail` after the commit; only the admin's test message is sent directly.
 */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailDelivery } from '../../../../shared/api/mail';
import type { Tx } from '../../db/write';
import { isSmtpUsable, loadSmtpSettings, type SmtpSettings } from './settings';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where the recipient's answer goes (a guest replying to the host), when not to the sender. */
  replyTo?: string;
  /** The action link (reset, invite); the development transport prints it. */
  link?: string;
};

/** What sendMail needs; a FastifyInstance has all of it. */
export type MailDeps = { db: Tx; secretKey: Buffer; log: FastifyBaseLogger; now: () => Date };

export type MailResult = { transport: 'smtp' | 'dev'; messageId?: string };

/** SMTP is not usable and the caller asked for SMTP only (the test message). */
export class SmtpNotConfigured extends Error {
  constructor() {
    super('SMTP settings are not usable');
    this.name = 'SmtpNotConfigured';
  }
}

/**
 * The SMTP server could not be reached or refused the message. `permanent`: the server answered
 * with a 5xx reply (a refused recipient, say), which no retry will change.
 */
export class MailSendFailed extends Error {
  readonly permanent: boolean;
  constructor(message: string, options?: { cause?: unknown; permanent?: boolean }) {
    super(message, options);
    this.name = 'MailSendFailed';
    this.permanent = options?.permanent ?? false;
  }
}

/** The SMTP reply code nodemailer attaches to a refusal, if any. */
function smtpResponseCode(err: unknown): number | undefined {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' ? code : undefined;
}

// ── Header fields ───────────────────────────────────────────────────────────────────────────
// Subjects carry guest, host and property names, and addresses come from stored data: a line
// break in a header field would start a header of its own (Bcc:, a second Subject:, a body).
// docs/security.md, Encoding for calendars, e-mail and CSV.

/** Control characters (line breaks, tabs, NUL…) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const HEADER_BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
/** One plain address: no space, control character, list separator, display name or comment. */
// eslint-disable-next-line no-control-regex
const PLAIN_ADDRESS = /^[^\s@,;:<>"()[\]\\\u0000-\u001f\u007f-\u009f]+@[^\s@,;:<>"()[\]\\\u0000-\u001f\u007f-\u009f]+$/;

/** Text for a header field (a subject): each run of control characters and line breaks becomes one space. */
export function headerText(value: string): string {
  return value.replace(HEADER_BREAKS, ' ').trim();
}

/** Whether `value` is one plain address, which a header can carry as it is. */
export function isPlainAddress(value: string): boolean {
  return PLAIN_ADDRESS.test(value);
}

/** The message with its subject made one line and its addresses trimmed (queue.ts stores this). */
export function cleanMailMessage(message: MailMessage): MailMessage {
  return {
    ...message,
    to: message.to.trim(),
    subject: headerText(message.subject),
    ...(message.replyTo !== undefined ? { replyTo: message.replyTo.trim() } : {}),
  };
}

/**
 * The message as it may leave: subject cleaned, and `to` and `replyTo` each one plain address.
 * An address that is not (a line break, a second address after a comma) is refused for good:
 * dropping characters could turn it into someone else's address.
 */
function outgoing(message: MailMessage): MailMessage {
  const clean = cleanMailMessage(message);
  if (!isPlainAddress(clean.to)) throw new MailSendFailed('Invalid recipient address', { permanent: true });
  if (clean.replyTo !== undefined && clean.replyTo !== '' && !isPlainAddress(clean.replyTo)) throw new MailSendFailed('Invalid reply-to address', { permanent: true });
  return clean;
}

export type DevMail = MailMessage & { at: string };

const DEV_MAILBOX_SIZE = 50;
const devMessages: DevMail[] = [];

/** The development transport's memory: newest last, bounded, per process. */
export const devMailbox = {
  list(): readonly DevMail[] {
    return devMessages;
  },
  /** The newest message to an address (case-insensitive), if any. */
  lastTo(address: string): DevMail | undefined {
    const wanted = address.trim().toLowerCase();
    for (let i = devMessages.length - 1; i >= 0; i--) {
      const m = devMessages[i];
      if (m && m.to.toLowerCase() === wanted) return m;
    }
    return undefined;
  },
  clear(): void {
    devMessages.length = 0;
  },
};

// Short timeouts: a request that mails (reset, invite) must fail with its message, not hang.
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as const;

async function sendSmtp(settings: SmtpSettings, message: MailMessage): Promise<MailResult> {
  if (settings.passwordError) throw new MailSendFailed(`SMTP password cannot be read: ${settings.passwordError}`);
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    auth: { user: settings.username, pass: settings.password ?? '' },
    ...SMTP_TIMEOUTS,
  });
  try {
    const info = await transport.sendMail({
      // The sender's name is a platform setting, free text like any other: one line too.
      from: { name: headerText(settings.fromName), address: settings.fromEmail || settings.username },
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
    });
    return { transport: 'smtp', messageId: info.messageId };
  } catch (err) {
    const code = smtpResponseCode(err);
    throw new MailSendFailed(err instanceof Error ? err.message : String(err), { cause: err, permanent: code !== undefined && code >= 500 && code < 600 });
  } finally {
    transport.close();
  }
}

function sendDev(log: FastifyBaseLogger, message: MailMessage, at: Date): MailResult {
  devMessages.push({ ...message, at: at.toISOString() });
  if (devMessages.length > DEV_MAILBOX_SIZE) devMessages.splice(0, devMessages.length - DEV_MAILBOX_SIZE);
  log.info(`[mail:dev] To: ${message.to} Subject: ${message.subject}${message.link ? ` Link: ${message.link}` : ''}`);
  return { transport: 'dev' };
}

/**
 * Whether a message can leave now: SMTP is usable, or the development transport is allowed
 * (config `mailDevTransport`).
 */
export function canSendMail(deps: Pick<MailDeps, 'db' | 'secretKey'>, devTransport: boolean): boolean {
  return mailDelivery(deps, devTransport) !== 'none';
}

/** How a message would leave now: SMTP, the development transport, or not at all (it waits, queued). */
export function mailDelivery(deps: Pick<MailDeps, 'db' | 'secretKey'>, devTransport: boolean): MailDelivery {
  if (isSmtpUsable(loadSmtpSettings(deps.db, deps.secretKey))) return 'smtp';
  return devTransport ? 'dev' : 'none';
}

/** What the log says once at start when mail cannot be sent (delivery 'none'); never a link. */
export const MAIL_UNDELIVERABLE_WARNING =
  'mail: SMTP is not set up and the development transport is off (MAIL_DEV_TRANSPORT): resets are refused and other mail waits in the queue until SMTP is configured in the admin console';

/**
 * Sends one message with the current smtp settings (read at each call, so a settings change
 * applies at once). Throws MailSendFailed when SMTP fails or an address is not one plain address
 * (permanent), SmtpNotConfigured when `requireSmtp` is set and SMTP is not usable.
 */
export async function sendMail(deps: MailDeps, input: MailMessage, options: { requireSmtp?: boolean } = {}): Promise<MailResult> {
  // Every transport, the development log line included, gets header fields of one line.
  const message = outgoing(input);
  const settings = loadSmtpSettings(deps.db, deps.secretKey);
  if (isSmtpUsable(settings)) {
    try {
      return await sendSmtp(settings, message);
    } catch (err) {
      deps.log.warn({ err, to: message.to, host: settings.host, port: settings.port }, 'mail could not be sent over SMTP');
      throw err;
    }
  }
  if (options.requireSmtp) throw new SmtpNotConfigured();
  return sendDev(deps.log, message, deps.now());
}
