/**
 * The Web Push payload: what the server encrypts for a device and the service worker shows. The
 * server writes `PushPayload`; the service worker reads with `PushPayloadSchema`, which is lenient
 * (`body` as a synonym of `message`, unknown types dropped, action titles optional) because a push
 * may come from an older server version.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../enums';

/** What a housekeeper can do from a task alert, in the notification itself (client/src/pwa/task-actions.ts). */
export const TASK_ACTIONS = ['start', 'done', 'open'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/**
 * The titles of a task alert's actions in the recipient's language: the service worker loads no
 * message catalog, so the server, which knows the reader, sends them with an alert that may carry
 * actions (urgent or warning, about a task).
 */
export type TaskActionTitles = Record<TaskAction, string>;

export type PushPayload = {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  timestamp: string;
  actionUrl: string | null;
  taskId: string | null;
  requireInteraction: boolean;
  actionTitles?: TaskActionTitles;
};

const actionTitle = z.string().min(1).max(100).optional().catch(undefined);

export const PushPayloadSchema = z.looseObject({
  title: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
  body: z.string().max(2000).optional(),
  type: z.enum(NOTIFICATION_TYPES).optional().catch(undefined),
  taskId: z.string().max(100).nullish(),
  actionUrl: z.string().max(2000).nullish(),
  id: z.string().max(100).nullish(),
  requireInteraction: z.boolean().optional().catch(undefined),
  // Each title on its own: a missing or unusable one falls back to English (client/src/pwa/task-actions.ts).
  actionTitles: z.object({ start: actionTitle, done: actionTitle, open: actionTitle }).optional().catch(undefined),
});
