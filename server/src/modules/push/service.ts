/**
 * Web Push subscriptions and the delivery queue. A subscription is one device
 * of one user; posting an endpoint again (a re-subscribe, or another account signing in on the
 * same browser) updates that one row. A new notification queues one delivery per live
 * subscription of its owner in the notification's own transaction (a transactional outbox); the
 * sender (sender.ts) posts them after commit and retries the ones a push service asked to retry.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PushPayload, TaskActionTitles } from '../../../../shared/api/push';
import type { NotificationType } from '../../../../shared/enums';
import { pushDeliveries, pushSubscriptions } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, nowIso, tombstoneRow, transact, updateRow, type Tx } from '../../db/write';
import { ValidationFailed } from '../../errors';
import { endpointProblem } from './endpoints';
import { recipientFor } from '../../i18n';
import { PUSH_SUBSCRIPTIONS } from './tables';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type { NotificationType };
export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

/** A user's devices are few; past this the oldest subscription goes (browsers churn endpoints). */
export const MAX_SUBSCRIPTIONS_PER_USER = 20;

export type SubscribeInput = { endpoint: string; keys: { p256dh: string; auth: string }; userAgent?: string };

/** What a client sees of a subscription: never its keys. */
export type SubscriptionView = { id: string; endpoint: string; user_agent: string; created_at: string };

function view(row: PushSubscriptionRow): SubscriptionView {
  return { id: row.id, endpoint: row.endpoint, user_agent: row.user_agent, created_at: row.created_at };
}

function dropDeliveriesOf(tx: Tx, subscriptionIds: readonly string[]): void {
  if (subscriptionIds.length > 0) tx.delete(pushDeliveries).where(inArray(pushDeliveries.subscription_id, [...subscriptionIds])).run();
}

/** Removes a subscription and whatever was still queued for it. */
export function removeSubscription(tx: Tx, id: string, now: Date): void {
  tombstoneRow(tx, PUSH_SUBSCRIPTIONS, id, now);
  dropDeliveriesOf(tx, [id]);
}

/** Saves the caller's subscription (400 naming the field for a refused endpoint). */
export function subscribe(db: Db, actor: Actor, input: SubscribeInput, allowedOrigins: readonly string[], now: Date): SubscriptionView {
  const problem = endpointProblem(input.endpoint, allowedOrigins);
  if (problem) throw new ValidationFailed(`Invalid value for endpoint: ${problem}`);
  const values = {
    user_id: actor.userId,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    user_agent: (input.userAgent ?? '').slice(0, 300),
  };
  return transact(db, (tx) => {
    const existing = tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).get();
    let row: PushSubscriptionRow;
    if (existing && existing.deleted_at === null) {
      // Another account on the same browser: what was queued for the previous one is not for this one.
      if (existing.user_id !== actor.userId) dropDeliveriesOf(tx, [existing.id]);
      row = updateRow(tx, PUSH_SUBSCRIPTIONS, existing.id, values, now, existing) as PushSubscriptionRow;
    } else {
      // The endpoint is unique: a tombstone of an earlier subscription gives way to the new one.
      if (existing) tx.delete(pushSubscriptions).where(eq(pushSubscriptions.id, existing.id)).run();
      row = insertRow(tx, PUSH_SUBSCRIPTIONS, { ...values, created_at: nowIso(now) }, now) as PushSubscriptionRow;
    }
    const mine = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.user_id, actor.userId), isNull(pushSubscriptions.deleted_at)))
      .orderBy(asc(pushSubscriptions.updated_at), asc(pushSubscriptions.id))
      .all();
    for (const old of mine.slice(0, Math.max(0, mine.length - MAX_SUBSCRIPTIONS_PER_USER))) removeSubscription(tx, old.id, now);
    return view(row);
  });
}

export function listSubscriptions(db: Db, actor: Actor): SubscriptionView[] {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, actor.userId), isNull(pushSubscriptions.deleted_at)))
    .orderBy(asc(pushSubscriptions.created_at), asc(pushSubscriptions.id))
    .all()
    .map(view);
}

/** Removes the caller's subscription with this endpoint; false when it had none (already gone). */
export function unsubscribe(db: Db, actor: Actor, endpoint: string, now: Date): boolean {
  return transact(db, (tx) => {
    const row = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.user_id, actor.userId), isNull(pushSubscriptions.deleted_at)))
      .get();
    if (!row) return false;
    removeSubscription(tx, row.id, now);
    return true;
  });
}

// ── Delivery queue ─────────────────────────────────────────────────────────────────────────

/** What the service worker receives (decrypted): `shared/api/push.ts`, read there by the same shape. */
export type { PushPayload };

/** A day: after that the notification center holds the news and a late banner would only confuse. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/** Urgent alerts ask the push service to wake the device at once; the rest go normally. */
export function urgencyOf(type: NotificationType): Urgency {
  return type === 'urgent' ? 'high' : 'normal';
}

/** A notification as the delivery queue reads it: the payload's fields and whose it is. */
export type NotificationForPush = Omit<PushPayload, 'requireInteraction'> & { user_id: string };

function buildDevicesOf(handle: Tx) {
  return handle
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.user_id, sql.placeholder('user')), isNull(pushSubscriptions.deleted_at)))
    .prepare();
}
const devicesStatements = new WeakMap<Tx, ReturnType<typeof buildDevicesOf>>();

/** The live subscriptions of one user, by a statement compiled once per handle. */
function devicesOf(handle: Tx): ReturnType<typeof buildDevicesOf> {
  let statement = devicesStatements.get(handle);
  if (!statement) {
    statement = buildDevicesOf(handle);
    devicesStatements.set(handle, statement);
  }
  return statement;
}

/** An alert the service worker may give a housekeeper's task actions (client/src/pwa/task-actions.ts `actionsForAlert`). */
function mayCarryActions(notification: NotificationForPush): boolean {
  return notification.taskId !== null && (notification.type === 'urgent' || notification.type === 'warning');
}

/**
 * The titles of a task alert's actions ("Start", "Mark done", "Open") in each owner's language
 * (server/src/i18n.ts `recipientFor`), looked up once per owner: the service worker loads no
 * message catalog and shows what the push brings, English when it brings none.
 */
function actionTitlesFor(handle: Tx): (userId: string) => TaskActionTitles {
  const byUser = new Map<string, TaskActionTitles>();
  return (userId) => {
    let titles = byUser.get(userId);
    if (!titles) {
      const { t } = recipientFor(handle, userId);
      titles = { start: t('server.push.action.start'), done: t('server.push.action.done'), open: t('server.push.action.open') };
      byUser.set(userId, titles);
    }
    return titles;
  };
}

/** Rows per multi-row INSERT of deliveries (10 columns each, well under SQLite's parameter limit). */
const DELIVERY_CHUNK = 200;

/**
 * Queues one delivery per live subscription of each notification's owner; answers how many per
 * notification id. One query for the owners' subscriptions, multi-row inserts for the deliveries.
 */
export function queueDeliveries(tx: Tx, notifications: readonly NotificationForPush[], now: Date, handle: Tx = tx): Map<string, number> {
  const counts = new Map<string, number>();
  const owners = [...new Set(notifications.map((n) => n.user_id))];
  if (owners.length === 0) return counts;
  const byUser = new Map<string, string[]>();
  const [single] = owners;
  if (owners.length === 1 && single) {
    // The usual case (one task event, one person): a statement compiled once per handle.
    const devices = devicesOf(handle).all({ user: single });
    if (devices.length > 0) byUser.set(single, devices.map((d) => d.id));
  }
  for (let i = 0; owners.length > 1 && i < owners.length; i += 500) {
    const subscriptions = tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.user_id })
      .from(pushSubscriptions)
      .where(and(inArray(pushSubscriptions.user_id, owners.slice(i, i + 500)), isNull(pushSubscriptions.deleted_at)))
      .all();
    for (const s of subscriptions) byUser.set(s.userId, [...(byUser.get(s.userId) ?? []), s.id]);
  }
  if (byUser.size === 0) return counts;
  const at = nowIso(now);
  const expires = nowIso(new Date(now.getTime() + PUSH_TTL_SECONDS * 1000));
  const rows: (typeof pushDeliveries.$inferInsert)[] = [];
  const actionTitles = actionTitlesFor(tx);
  for (const notification of notifications) {
    const devices = byUser.get(notification.user_id) ?? [];
    if (devices.length === 0) continue;
    const payload: PushPayload = {
      id: notification.id,
      title: notification.title,
      message: notification.message,
      type: notification.type,
      timestamp: notification.timestamp,
      actionUrl: notification.actionUrl,
      taskId: notification.taskId,
      requireInteraction: notification.type === 'urgent',
      ...(mayCarryActions(notification) ? { actionTitles: actionTitles(notification.user_id) } : {}),
    };
    const text = JSON.stringify(payload);
    for (const subscriptionId of devices) {
      rows.push({
        subscription_id: subscriptionId,
        notification_id: notification.id,
        payload: text,
        urgency: urgencyOf(notification.type),
        ttl: PUSH_TTL_SECONDS,
        next_attempt_at: at,
        expires_at: expires,
        created_at: at,
      });
    }
    counts.set(notification.id, devices.length);
  }
  for (let i = 0; i < rows.length; i += DELIVERY_CHUNK) tx.insert(pushDeliveries).values(rows.slice(i, i + DELIVERY_CHUNK)).run();
  return counts;
}
