/**
 * The signed-in user's notifications (a synced table): the latest ones, the unread count, and the
 * owner's changes through the outbox, so that marking read and deleting work offline (only the
 * server creates them). Mark one read, mark all read, clear.
 */
import { useEffect, useRef } from 'react';
import { TABLE, type NotificationRow } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useWrite } from '../../data/use-write';
import { showSystemNotification, systemNotificationFor } from './alerts';

export const NOTIFICATIONS_SHOWN = 50;

export function useNotifications(userId: string) {
  // Silent: a notification already gone from this device (cleared elsewhere) has nothing left to change.
  const { write } = useWrite({ toast: false });
  // All of them (a page of up to 1000): the unread count and "clear" cover more than the list shows.
  const list = useRows(TABLE.notifications, {
    PageSize: 1000,
    OrderByField: 'timestamp',
    IsAsc: false,
    Filters: [{ name: 'user_id', op: 'Equal', value: userId }],
  });
  const unreadIds = list.status === 'success' ? list.rows.filter((n) => !n.isRead).map((n) => n.id) : [];

  // Each its own write, side by side: one that fails leaves the others be.
  const markRead = (ids: readonly string[]) => Promise.all(ids.map((id) => write({ table: TABLE.notifications, op: 'update', rowId: id, fields: { isRead: true } })));
  const markAllRead = () => markRead(unreadIds);
  const clear = () => {
    const ids = (list.rows ?? []).map((n) => n.id);
    return Promise.all(ids.map((id) => write({ table: TABLE.notifications, op: 'delete', rowId: id })));
  };
  return { list, unreadCount: unreadIds.length, markRead, markAllRead, clear };
}

/**
 * Shows a system notification for each notification that arrives while the app is open (not the
 * ones already here when it opened), when the user has allowed them: urgent and warning ones
 * always, others only while the app is in the background (the bell shows them otherwise).
 */
export function useSystemNotifications(rows: readonly NotificationRow[] | undefined): void {
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!rows) return;
    if (!seen.current) {
      seen.current = new Set(rows.map((n) => n.id));
      return;
    }
    for (const n of rows) {
      if (seen.current.has(n.id)) continue;
      seen.current.add(n.id);
      if (n.isRead) continue;
      const important = n.type === 'urgent' || n.type === 'warning';
      if (important || document.visibilityState === 'hidden') void showSystemNotification(systemNotificationFor(n)).catch(() => undefined);
    }
  }, [rows]);
}
