/**
 * What the service worker shows for a Web Push message (architecture.md §5). The payload is the
 * server's (server/src/modules/push: `{ id, title, message, type, timestamp, actionUrl, taskId,
 * requireInteraction }`); `body` is read as a synonym of `message`, plain text as the body.
 * Urgent ones stay until the user acts (requireInteraction); a click
 * opens `/housekeeping?taskId=…` (spec §2), which routes each role to the task.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES } from '../../../shared/enums';

const PushPayloadSchema = z.looseObject({
  title: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
  body: z.string().max(2000).optional(),
  type: z.enum(NOTIFICATION_TYPES).optional().catch(undefined),
  taskId: z.string().max(100).nullish(),
  actionUrl: z.string().max(2000).nullish(),
  id: z.string().max(100).nullish(),
  requireInteraction: z.boolean().optional().catch(undefined),
});

export type ShownNotification = {
  title: string;
  options: NotificationOptions & { data: { url: string } };
};

/** Where a click on the notification leads: the task, else a path of this app, else the home page. */
export function notificationTarget(taskId: string | null | undefined, actionUrl: string | null | undefined): string {
  if (taskId) return `/housekeeping?taskId=${encodeURIComponent(taskId)}`;
  if (actionUrl && actionUrl.startsWith('/') && !actionUrl.startsWith('//')) return actionUrl;
  return '/';
}

/** Reads a push message's text (JSON, or plain text as the body) into what to show. */
export function notificationFromPush(text: string | null): ShownNotification {
  let raw: unknown = {};
  if (text) {
    try {
      raw = JSON.parse(text);
    } catch {
      raw = { message: text };
    }
  }
  const parsed = PushPayloadSchema.safeParse(raw);
  const payload = parsed.success ? parsed.data : {};
  const type = payload.type ?? 'info';
  return {
    title: payload.title || 'Staykeep',
    options: {
      body: payload.message ?? payload.body ?? '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: payload.id ?? payload.taskId ?? undefined,
      requireInteraction: type === 'urgent' || payload.requireInteraction === true,
      data: { url: notificationTarget(payload.taskId, payload.actionUrl) },
    },
  };
}
