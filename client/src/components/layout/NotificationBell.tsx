/**
 * The notification bell: the user's latest notifications (table 20140) with the unread count.
 * The housekeeping alerts fill the table; opening one, or "Mark all read", marks them read
 * through the outbox (decisions.md: notification read works offline).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { useSyncRuntime } from '../../sync/sync-context';
import { Icon } from '../icons';
import { Tooltip } from '../ui/Tooltip';
import { Badge, statusTone } from '../ui/Badge';
import { SkeletonRows } from '../ui/Skeleton';
import { ErrorState } from '../ui/States';

export function NotificationBell({ userId }: { userId: string }) {
  const format = useFormat();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const result = useRows(TABLE.notifications, {
    PageSize: 20,
    OrderByField: 'timestamp',
    IsAsc: false,
    Filters: [{ name: 'user_id', op: 'Equal', value: userId }],
  });
  const unreadIds = result.status === 'success' ? result.rows.filter((n) => !n.isRead).map((n) => n.id) : [];
  const unread = unreadIds.length;
  const runtime = useSyncRuntime();
  const markRead = (ids: readonly string[]) => {
    // A notification already gone from this device (cleared elsewhere) has nothing left to mark.
    for (const id of ids) void runtime.write({ table: TABLE.notifications, op: 'update', rowId: id, fields: { isRead: true } }).catch(() => undefined);
  };

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="bell" ref={rootRef}>
      <Tooltip content="Notifications" side="bottom">
        <button
          type="button"
          className="icon-btn bell__button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="bell" />
          {unread ? (
            <span className="bell__count" aria-hidden="true">
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      </Tooltip>
      {open ? (
        <div className="popover bell__panel" id={panelId}>
          <div className="bell__head">
            <h2 className="bell__title">Notifications</h2>
            {unread ? (
              <button type="button" className="text-link" onClick={() => markRead(unreadIds)}>
                Mark all read
              </button>
            ) : null}
          </div>
          {result.status === 'loading' ? <SkeletonRows rows={3} columns={1} /> : null}
          {result.status === 'error' ? <ErrorState error={result.error} onRetry={result.retry} /> : null}
          {result.status === 'success' && result.rows.length === 0 ? <p className="bell__empty">You are all caught up: no notifications.</p> : null}
          {result.status === 'success' && result.rows.length > 0 ? (
            <ul className="bell__list">
              {result.rows.map((n) => (
                <li key={n.id} className={n.isRead ? 'bell__item' : 'bell__item bell__item--unread'}>
                  <div className="bell__item-head">
                    <span className="bell__item-title">{n.title}</span>
                    <Badge tone={statusTone(n.type)}>{n.type}</Badge>
                  </div>
                  {n.message ? <p className="bell__item-text">{n.message}</p> : null}
                  <p className="bell__item-time">{format.dateTime(n.timestamp)}</p>
                  {n.actionUrl?.startsWith('/') ? (
                    <button
                      type="button"
                      className="text-link"
                      onClick={() => {
                        setOpen(false);
                        if (!n.isRead) markRead([n.id]);
                        void navigate({ href: n.actionUrl ?? '/' });
                      }}
                    >
                      Open
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
