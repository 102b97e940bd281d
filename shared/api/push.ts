/**
 * The Web Push payload: what the server encrypts for a device and the service worker shows. The
 * server writes `PushPayload`; the service worker reads with `PushPayloadSchema`, which is lenient
 * (`body` as a synonym of `message`, unknown types dropped) because a push may come from an older
 * server version.
 */
import { z } from 'zod';
import { NOTIFICATION_TYPES, type NotificationType } from '../enums';

export type PushPayload = {
  id: string;
  title: string;
  message: string;
  type: NotificationType;
  timestamp: string;
  actionUrl: string | null;
  taskId: string | null;
  requireInteraction: boolean;
};

export const PushPayloadSchema = z.looseObject({
  title: z.string().max(200).optional(),
  message: z.string().max(2000).optional(),
  body: z.string().max(2000).optional(),
  type: z.enum(NOTIFICATION_TYPES).optional().catch(undefined),
  taskId: z.string().max(100).nullish(),
  actionUrl: z.string().max(2000).nullish(),
  id: z.string().max(100).nullish(),
  requireInteraction: z.boolean().optional().catch(undefined),
});
