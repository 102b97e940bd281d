/**
 * Task alerts by e-mail (docs/decisions.md, Mail): an urgent or overdue alert also goes by e-mail
 * to each recipient it may not reach as a push notification. Called in the alert's transaction
 * with the notifications just written:
 *
 * - a recipient with no live push subscription (no delivery was queued): the e-mail is queued;
 * - a recipient with devices: the e-mail is held (queue.ts) until the push sender knows; a
 *   delivery that gets through cancels it, and it goes when every delivery failed, was refused or
 *   found its subscription gone, or none got through within ESCALATION_HOLD_MS, unless the
 *   recipient read or cleared the notification in the app meanwhile.
 *
 * Never twice for the same alert: the dedupe key is the alert (kind and task) and the recipient.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../../../shared/schema/tables';
import type { Tx } from '../../db/write';
import type { Notified } from '../notifications/service';
import { queueMail } from './queue';
import { recipientFor, type Translate } from '../../i18n';
import { taskAlertEmail } from './templates';

export type AlertEmailKind = 'urgent' | 'overdue';

/** The key that makes an alert e-mail go once per alert and recipient. */
export function alertDedupeKey(kind: AlertEmailKind, taskId: string, userId: string): string {
  return `alert:${kind}:${taskId}:${userId}`;
}

/** Queues (or holds) the e-mail of each alert notification; answers how many were written. */
export function queueAlertEmails(tx: Tx, notified: readonly Notified[], kind: AlertEmailKind, now: Date, publicOrigin?: string): number {
  let written = 0;
  // Looked up once per recipient: a job's alerts often go to the same few people.
  const recipients = new Map<string, { email: string; t: Translate } | null>();
  for (const { notification, deliveries } of notified) {
    if (!notification.taskId) continue;
    let recipient = recipients.get(notification.user_id);
    if (recipient === undefined) {
      const email = tx.select({ email: users.Email }).from(users).where(and(eq(users.ID, notification.user_id), isNull(users.deleted_at))).get()?.email;
      recipient = email ? { email, t: recipientFor(tx, notification.user_id).t } : null;
      recipients.set(notification.user_id, recipient);
    }
    if (!recipient) continue;
    const url = publicOrigin && notification.actionUrl ? new URL(notification.actionUrl, publicOrigin).toString() : undefined;
    // The notification is already in the recipient's language (housekeeping/service.ts); the mail's own words follow it.
    const id = queueMail(tx, taskAlertEmail(recipient.email, notification.title, notification.message, url, recipient.t), {
      kind: 'alert',
      dedupeKey: alertDedupeKey(kind, notification.taskId, notification.user_id),
      ...(deliveries > 0 ? { holdForNotification: notification.id } : {}),
      now,
    });
    if (id !== null) written += 1;
  }
  return written;
}
