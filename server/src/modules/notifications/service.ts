/**
 * Notifications: the server creates them (a route-only table: docs/decisions.md, Ownership and
 * scope); their owner reads them, marks one or all read, and clears them, through these routes or
 * through sync. Every write goes through db/write.ts, so each change reaches the owner's other
 * devices by sync.
 *
 * `notify` is the one way the server raises a notification: it writes the row and queues a Web
 * Push delivery per device of the owner in the same transaction; the push module sends them once
 * the change feed reports the commit (server/src/db/changes.ts).
 */
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { notifications, pushDeliveries } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRows, nowIso, tombstoneRow, transact, updateRow, type Tx } from '../../db/write';
import { NotFound } from '../../errors';
import { queueDeliveries, type NotificationType } from '../push/service';
import { NOTIFICATIONS } from '../push/tables';

export type NotificationRow = typeof notifications.$inferSelect;

export type NotifyInput = {
  userId: string;
  title: string;
  message?: string;
  type?: NotificationType;
  taskId?: string | null;
  hostId?: string | null;
  actionUrl?: string | null;
  scheduledDate?: string | null;
  dueDate?: string | null;
};

export type Notified = {
  notification: NotificationRow;
  /** Web Push deliveries queued for it (one per device of the owner), sent after commit. */
  deliveries: number;
};

/**
 * Writes a notification for `input.userId` inside the caller's transaction and queues its push
 * deliveries; the sync poke and the sending follow from the change feed once that transaction
 * has committed (server/src/db/changes.ts).
 */
export function notify(tx: Tx, input: NotifyInput, now: Date = new Date()): Notified {
  const [one] = notifyMany(tx, [input], now);
  if (!one) throw new Error('notifyMany wrote nothing');
  return one;
}

/**
 * `notify` for many at once (the alert jobs): one insert for the rows, one for their deliveries.
 * `handle` (a database handle) lets the per-user lookups be compiled once, not per transaction.
 */
export function notifyMany(tx: Tx, inputs: readonly NotifyInput[], now: Date = new Date(), handle: Tx = tx): Notified[] {
  if (inputs.length === 0) return [];
  const timestamp = nowIso(now);
  const rows = insertRows(
    tx,
    NOTIFICATIONS,
    inputs.map((input) => ({
      user_id: input.userId,
      title: input.title,
      message: input.message ?? '',
      type: input.type ?? 'info',
      timestamp,
      isRead: false,
      taskId: input.taskId ?? null,
      hostId: input.hostId ?? null,
      actionUrl: input.actionUrl ?? null,
      scheduledDate: input.scheduledDate ?? null,
      dueDate: input.dueDate ?? null,
    })),
    now,
  ) as NotificationRow[];
  const deliveries = queueDeliveries(tx, rows, now, handle);
  return rows.map((notification) => ({ notification, deliveries: deliveries.get(notification.id) ?? 0 }));
}

/**
 * A notification as the owner sees it: the camelCase fields of the original product, which kept
 * notifications in the browser (docs/decisions.md, Names and shapes).
 */
export type NotificationView = {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  timestamp: string;
  isRead: boolean;
  taskId: string | null;
  hostId: string | null;
  actionUrl: string | null;
  scheduledDate: string | null;
  dueDate: string | null;
};

function view(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    timestamp: row.timestamp,
    isRead: row.isRead,
    taskId: row.taskId,
    hostId: row.hostId,
    actionUrl: row.actionUrl,
    scheduledDate: row.scheduledDate,
    dueDate: row.dueDate,
  };
}

function own(actor: Actor) {
  return and(eq(notifications.user_id, actor.userId), isNull(notifications.deleted_at));
}

export type ListInput = { unreadOnly?: boolean; limit?: number };
export type NotificationList = { notifications: NotificationView[]; unreadCount: number };

/** The caller's live notifications, newest first, with the count of unread ones. */
export function listNotifications(db: Db, actor: Actor, input: ListInput = {}): NotificationList {
  const rows = db
    .select()
    .from(notifications)
    .where(and(own(actor), input.unreadOnly ? eq(notifications.isRead, false) : undefined))
    .orderBy(desc(notifications.timestamp), desc(notifications.id))
    .limit(input.limit ?? 50)
    .all();
  const unread = db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(own(actor), eq(notifications.isRead, false)))
    .get();
  return { notifications: rows.map(view), unreadCount: Number(unread?.n ?? 0) };
}

/** Marks one of the caller's notifications read (404 when it is not the caller's or is gone). */
export function markRead(db: Db, actor: Actor, id: string, now: Date): NotificationView {
  return transact(db, (tx) => {
    const row = tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), own(actor)))
      .get();
    if (!row) throw new NotFound(`No notification with ID ${id}`);
    if (row.isRead) return view(row);
    return view(updateRow(tx, NOTIFICATIONS, id, { isRead: true }, now) as NotificationRow);
  });
}

/** Marks every unread notification of the caller read; answers the ids changed. */
export function markAllRead(db: Db, actor: Actor, now: Date): string[] {
  return transact(db, (tx) => {
    const ids = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(own(actor), eq(notifications.isRead, false)))
      .all()
      .map((r) => r.id);
    for (const id of ids) updateRow(tx, NOTIFICATIONS, id, { isRead: true }, now);
    return ids;
  });
}

/** Clears the caller's notifications (tombstones, so that the other devices drop them too). */
export function clearNotifications(db: Db, actor: Actor, now: Date): string[] {
  return transact(db, (tx) => {
    const ids = tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(own(actor))
      .all()
      .map((r) => r.id);
    for (const id of ids) tombstoneRow(tx, NOTIFICATIONS, id, now);
    // A cleared notification should not pop up on a phone afterwards.
    for (let i = 0; i < ids.length; i += 500) tx.delete(pushDeliveries).where(inArray(pushDeliveries.notification_id, ids.slice(i, i + 500))).run();
    return ids;
  });
}
