/**
 * The notification center: the bell with the unread count and a panel listing the user's
 * notifications styled by type (info, success, warning, urgent, error), with mark one read, mark
 * all read and clear, through the outbox so that they work offline.
 * An action opens `/housekeeping?taskId=…`, which routes each role to the task. The panel's foot
 * shows the browser permission (default, granted, denied) and asks for it only on a click.
 * Notifications that arrive while the app is open also show as system notifications.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useFormat } from '../../lib/display';
import { Icon } from '../../components/icons';
import { Tooltip } from '../../components/ui/Tooltip';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { ErrorState } from '../../components/ui/States';
import { NOTIFICATIONS_SHOWN, useNotifications, useSystemNotifications } from './use-notifications';
import { askPermission } from './alerts';
import { useAlertState } from './use-alert-state';
import './notifications.css';

import { notificationTitle, notificationType } from './notification-text';
import { useT } from '../../i18n/use-t';

const TYPE_TONE: Record<string, BadgeTone> = { info: 'info', success: 'success', warning: 'warning', urgent: 'danger', error: 'danger' };

export function NotificationBell({ userId }: { userId: string }) {
  const format = useFormat();
  const t = useT();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const { list, unreadCount: unread, markRead, markAllRead, clear } = useNotifications(userId);
  useSystemNotifications(list.rows);
  const shown = list.rows?.slice(0, NOTIFICATIONS_SHOWN) ?? [];

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
      <Tooltip content={t('notifications.title')} side="bottom">
        <button
          type="button"
          className="icon-btn bell__button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={unread ? t('notifications.unreadLabel', { count: unread }) : t('notifications.title')}
          onClick={() => setOpen((o) => !o)}
        >
          <Icon name="bell" />
          {unread ? (
            <span className="bell__count" aria-hidden="true" data-count={unread}>
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </button>
      </Tooltip>
      {open ? (
        <div className="popover bell__panel" id={panelId} role="region" aria-label={t('notifications.title')}>
          <div className="bell__head">
            <h2 className="bell__title">{t('notifications.title')}</h2>
            <div className="bell__head-actions">
              {unread ? (
                <button type="button" className="text-link" onClick={() => void markAllRead()}>
                  {t('notifications.markAllRead')}
                </button>
              ) : null}
              {list.rows?.length ? (
                <button type="button" className="text-link" onClick={() => void clear()}>
                  {t('notifications.clearAll')}
                </button>
              ) : null}
            </div>
          </div>
          {list.status === 'loading' ? <SkeletonRows rows={3} columns={1} /> : null}
          {list.status === 'error' ? <ErrorState error={list.error} onRetry={list.retry} /> : null}
          {list.status === 'success' && shown.length === 0 ? <p className="bell__empty">{t('notifications.empty')}</p> : null}
          {shown.length > 0 ? (
            <ul className="bell__list">
              {shown.map((n) => {
                const title = notificationTitle(n.title);
                return (
                <li key={n.id} className={`bell__item bell__item--${n.type}${n.isRead ? '' : ' bell__item--unread'}`} data-notification-id={n.id}>
                  <div className="bell__item-head">
                    <span className="bell__item-title">
                      {title}
                      {n.isRead ? null : <span className="visually-hidden"> {t('notifications.unread')}</span>}
                    </span>
                    <Badge tone={TYPE_TONE[n.type] ?? 'neutral'}>{notificationType(n.type)}</Badge>
                  </div>
                  {n.message ? <p className="bell__item-text">{n.message}</p> : null}
                  <p className="bell__item-time">{format.dateTime(n.timestamp)}</p>
                  <div className="bell__item-actions">
                    {n.actionUrl?.startsWith('/') && !n.actionUrl.startsWith('//') ? (
                      <button
                        type="button"
                        className="text-link"
                        onClick={() => {
                          setOpen(false);
                          if (!n.isRead) void markRead([n.id]);
                          void navigate({ href: n.actionUrl ?? '/' });
                        }}
                      >
                        {t('notifications.open')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                    ) : null}
                    {n.isRead ? null : (
                      <button type="button" className="text-link" onClick={() => void markRead([n.id])}>
                        {t('notifications.markRead')}
                        <span className="visually-hidden"> {title}</span>
                      </button>
                    )}
                  </div>
                </li>
                );
              })}
            </ul>
          ) : null}
          <PermissionFoot />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The panel's foot: the browser permission, asked for only on a click. Read when the panel opens,
 * not at the start of every page: reading it is a synchronous call into the browser (a few ms on
 * a phone), and the hook also looks up this device's push subscription.
 */
function PermissionFoot() {
  const t = useT();
  const { permission, refresh } = useAlertState();
  return (
    <div className="bell__foot">
      {permission === 'default' ? (
        <>
          <span>{t('notifications.permission.ask')}</span>
          <button type="button" className="text-link" onClick={() => void askPermission().then(refresh)}>
            {t('notifications.permission.allow')}
          </button>
        </>
      ) : permission === 'granted' ? (
        <span>{t('notifications.permission.granted')}</span>
      ) : permission === 'denied' ? (
        <span>{t('notifications.permission.denied')}</span>
      ) : (
        <span>{t('notifications.permission.unsupported')}</span>
      )}
    </div>
  );
}
