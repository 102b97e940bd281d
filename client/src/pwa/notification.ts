/**
 * What the service worker shows for a Web Push message. The payload is the server's, read with
 * the contract's lenient schema (shared/api/push.ts): `body` as a synonym of `message`, plain text
 * as the body. Urgent ones stay until the user acts (requireInteraction), warnings close after
 * 5 s; a click opens `/housekeeping?taskId=…`, which routes each role to the task.
 */
import { PushPayloadSchema, type TaskActionTitles } from '../../../shared/api/push';

export type ShownNotification = {
  title: string;
  options: NotificationOptions & { data: { url: string } };
  /** Close it after this long (warnings after 5 s); null leaves it to the user. */
  closeAfterMs: number | null;
  /** What the push was about: its notification row, its task and its type (for the app badge). */
  pushed: { id: string | null; taskId: string | null; type: string };
  /** The task actions' titles in the reader's language, as far as the push brought them (pwa/task-actions.ts falls back to English). */
  actionTitles: Partial<TaskActionTitles>;
};

/**
 * A warning closes itself after 5 s, an urgent one stays until the user acts
 * (requireInteraction); other types are left to the browser.
 */
export function autoCloseMs(type: string): number | null {
  return type === 'warning' ? 5000 : null;
}

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
  const requireInteraction = type === 'urgent' || payload.requireInteraction === true;
  return {
    title: payload.title || 'Staykeep',
    options: {
      body: payload.message ?? payload.body ?? '',
      icon: '/icons/icon-192.png',
      // The status bar draws only the shape: the logo's silhouette.
      badge: '/icons/icon-monochrome-96.png',
      // One tag per notification row: the page and a push of the same row replace each other.
      tag: payload.id ?? payload.taskId ?? `staykeep-${Date.now()}`,
      requireInteraction,
      data: { url: notificationTarget(payload.taskId, payload.actionUrl) },
    },
    closeAfterMs: requireInteraction ? null : autoCloseMs(type),
    pushed: { id: payload.id ?? null, taskId: payload.taskId ?? null, type },
    actionTitles: payload.actionTitles ?? {},
  };
}
