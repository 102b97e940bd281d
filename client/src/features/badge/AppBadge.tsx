/**
 * Keeps the installed app's badge current while the app is open: whenever the rows it counts
 * change (badge-count.ts), the number on the icon follows, and it is cleared when nothing is left.
 * Renders nothing; mounted once by the app shell.
 */
import { useEffect } from 'react';
import type { SessionUser } from '../../auth/session';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { useFormat } from '../../lib/display';
import { showAppBadge } from '../../pwa/badge';
import { hostBadgeCount, staffBadgeCount } from './badge-count';

const OPEN_STATUSES = ['pending', 'in_progress'];

export function AppBadge({ user }: { user: SessionUser }) {
  const isStaff = user.Role === 'staff';
  const isHost = user.Role === 'host';
  const timezone = useFormat().settings.timezone;
  const tasks = useRows(TABLE.housekeeping_tasks, { PageSize: 100_000, Filters: [{ name: 'task_status', op: 'In', value: OPEN_STATUSES }] }, { enabled: isStaff });
  const messages = useRows(TABLE.inbox_messages, { PageSize: 100_000, Filters: [{ name: 'status', op: 'Equal', value: 'unread' }] }, { enabled: isHost });
  const notifications = useRows(TABLE.notifications, { PageSize: 1000, Filters: [{ name: 'user_id', op: 'Equal', value: user.ID }] }, { enabled: isHost });

  const count = isStaff
    ? tasks.rows
      ? staffBadgeCount(tasks.rows, new Date(), timezone)
      : null
    : isHost
      ? messages.rows && notifications.rows
        ? hostBadgeCount(messages.rows, notifications.rows)
        : null
      : 0;

  useEffect(() => {
    if (count !== null) void showAppBadge(count);
  }, [count]);
  // Signing out (this shell goes): no number is left on the icon.
  useEffect(() => () => void showAppBadge(0), []);
  return null;
}
