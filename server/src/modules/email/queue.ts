/**
 * The persistent mail queue (table mail_queue): a transactional outbox for e-mail. A module
 * writes its message with `queueMail(tx, message)` inside the transaction of the change that
 * caused it (a reset token, an invitation, an alert, an inbox reply), so a rolled-back change
 * queues nothing and a committed one always has its message. The sender (sender.ts) sends after
 * the commit: `queueMail` asks it to look on the next turn of the event loop, when the
 * transaction has necessarily ended (better-sqlite3 transactions are synchronous), and the sender
 * also looks at start and whenever a retry falls due, so a restart loses nothing.
 *
 * Alert e-mails may be `held`: the recipient has devices for Web Push, so the e-mail waits to
 * learn whether a push got through (`cancelHeldMail`, called by the push sender on a delivery)
 * and is released to the queue when none did (`releaseHeldMail`, called by the mail sender).
 */
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { MailStatus } from '../../../../shared/enums';
import { mailQueue, notifications, pushDeliveries } from '../../../../shared/schema/tables';
import { connectionOf, nowIso, type Tx } from '../../db/write';
import { cleanMailMessage, type MailMessage } from './mailer';

export type MailKind = 'reset' | 'staff_invite' | 'admin_invite' | 'test' | 'alert' | 'guest_reply' | 'other';

export type QueueOptions = {
  kind?: MailKind;
  /** At most one message per key, ever: a second `queueMail` with the same key queues nothing. */
  dedupeKey?: string;
  /** Hold the message until the push deliveries of this notification are known (alert e-mails). */
  holdForNotification?: string;
  /** The inbox reply this message carries; its `email_status` follows the message's. */
  inboxMessageId?: string;
  now?: Date;
};

/**
 * How long a held alert e-mail waits for a push delivery to get through. Past that, the push is
 * failing (it is normally sent within seconds) and the e-mail goes.
 */
export const ESCALATION_HOLD_MS = 10 * 60_000;

/** The longest error text kept per message. */
const MAX_ERROR = 1000;

// ── Waking the sender after commit ───────────────────────────────────────────────────────────
type Waker = { wake: () => void; scheduled: NodeJS.Immediate | null };
const wakers = new WeakMap<object, Waker>();

/** The app's sender is woken for messages queued on this connection (a better-sqlite3 connection). */
export function attachMailWaker(connection: object, wake: () => void): () => void {
  wakers.set(connection, { wake, scheduled: null });
  return () => {
    const waker = wakers.get(connection);
    if (waker?.scheduled) clearImmediate(waker.scheduled);
    wakers.delete(connection);
  };
}

/**
 * Asks the sender of this connection to look at the queue on the next turn of the event loop: by
 * then the caller's transaction has committed (or rolled back, and the sender finds nothing).
 */
export function wakeMailSender(tx: Tx): void {
  const waker = wakers.get(connectionOf(tx));
  if (!waker || waker.scheduled) return;
  waker.scheduled = setImmediate(() => {
    waker.scheduled = null;
    waker.wake();
  });
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────

/**
 * Queues one message in the caller's transaction and answers its id (null when `dedupeKey` was
 * queued before). Send nothing yourself: the sender sends it once the transaction has committed.
 */
export function queueMail(tx: Tx, input: MailMessage, options: QueueOptions = {}): number | null {
  // Stored as it will be sent: the subject one line (the sender's sendMail checks again).
  const message = cleanMailMessage(input);
  const at = nowIso(options.now ?? new Date());
  const status: MailStatus = options.holdForNotification ? 'held' : 'queued';
  const row = tx
    .insert(mailQueue)
    .values({
      kind: options.kind ?? 'other',
      to_address: message.to.trim(),
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? '',
      reply_to: message.replyTo ?? null,
      link: message.link ?? null,
      status,
      next_attempt_at: at,
      dedupe_key: options.dedupeKey ?? null,
      notification_id: options.holdForNotification ?? null,
      inbox_message_id: options.inboxMessageId ?? null,
      created_at: at,
      updated_at: at,
    })
    .onConflictDoNothing()
    .returning({ id: mailQueue.id })
    .get();
  if (row && status === 'queued') wakeMailSender(tx);
  return row?.id ?? null;
}

/**
 * A message sent outside the queue (the admin's test message, which answers at once) recorded
 * with its outcome, so the admins' list shows it too.
 */
export function recordSentMail(
  tx: Tx,
  input: MailMessage,
  outcome: { ok: true; transport: 'smtp' | 'dev' } | { ok: false; error: string },
  kind: MailKind,
  now: Date,
): number {
  const message = cleanMailMessage(input);
  const at = nowIso(now);
  const row = tx
    .insert(mailQueue)
    .values({
      kind,
      to_address: message.to.trim(),
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? '',
      reply_to: message.replyTo ?? null,
      status: outcome.ok ? 'sent' : 'failed',
      attempts: 1,
      next_attempt_at: at,
      last_error: outcome.ok ? null : outcome.error.slice(0, MAX_ERROR),
      transport: outcome.ok ? outcome.transport : null,
      created_at: at,
      updated_at: at,
      sent_at: outcome.ok ? at : null,
    })
    .returning({ id: mailQueue.id })
    .get();
  return row.id;
}

// ── Held alert e-mails ───────────────────────────────────────────────────────────────────────

/** A push of these notifications reached a device: their held e-mails are not needed. */
export function cancelHeldMail(tx: Tx, notificationIds: readonly string[], now: Date): number {
  if (notificationIds.length === 0) return 0;
  let cancelled = 0;
  for (let i = 0; i < notificationIds.length; i += 500) {
    cancelled += tx
      .update(mailQueue)
      .set({ status: 'cancelled', updated_at: nowIso(now), last_error: null })
      .where(and(eq(mailQueue.status, 'held'), inArray(mailQueue.notification_id, notificationIds.slice(i, i + 500))))
      .run().changes;
  }
  return cancelled;
}

/**
 * Held e-mails whose push did not get through go to the queue: no delivery of their notification
 * is left (each failed, was refused or its subscription was gone), or they waited past
 * ESCALATION_HOLD_MS. One whose notification was read or cleared meanwhile (the recipient saw the
 * alert in the app) is not needed. Answers how many were released.
 */
export function releaseHeldMail(tx: Tx, now: Date): number {
  const at = nowIso(now);
  const seen = sql`exists (select 1 from ${notifications} where ${notifications.id} = ${mailQueue.notification_id} and (${notifications.isRead} = 1 or ${notifications.deleted_at} is not null))`;
  tx.update(mailQueue)
    .set({ status: 'cancelled', updated_at: at })
    .where(and(eq(mailQueue.status, 'held'), seen))
    .run();
  const holdStart = nowIso(new Date(now.getTime() - ESCALATION_HOLD_MS));
  const noDeliveryLeft = sql`not exists (select 1 from ${pushDeliveries} where ${pushDeliveries.notification_id} = ${mailQueue.notification_id})`;
  return tx
    .update(mailQueue)
    .set({ status: 'queued', next_attempt_at: at, updated_at: at })
    .where(and(eq(mailQueue.status, 'held'), or(isNull(mailQueue.notification_id), noDeliveryLeft, lte(mailQueue.created_at, holdStart))))
    .run().changes;
}
