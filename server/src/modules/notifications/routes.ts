/**
 * Notification routes: the caller's own notifications only, for every role. What they change
 * reaches the caller's other devices through the change feed, like every write.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { NOTIFICATION_TYPES } from '../../../../shared/enums';
import { actorOf } from '../../plugins/auth';
import { clearNotifications, listNotifications, markAllRead, markRead } from './service';

const NotificationReply = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  timestamp: z.string(),
  isRead: z.boolean(),
  taskId: z.string().nullable(),
  hostId: z.string().nullable(),
  actionUrl: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  dueDate: z.string().nullable(),
});

const ListQuery = z.object({
  unread: z.enum(['true', 'false']).optional().describe('true: unread ones only'),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be an integer from 1 to 200')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be an integer from 1 to 200').max(200, 'must be an integer from 1 to 200'))
    .optional()
    .describe('At most this many, newest first (default 50)'),
});

export const notificationRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/api/notifications',
      {
        config: { access: { operation: 'notifications.own' } },
        schema: {
          tags: ['notifications'],
          summary: "The caller's notifications, newest first, with the unread count",
          security: [{ bearer: [] }],
          querystring: ListQuery,
          response: { 200: z.object({ notifications: z.array(NotificationReply), unreadCount: z.number().int() }), 400: ErrorReply, 401: ErrorReply },
        },
      },
      async (request) => listNotifications(app.db, actorOf(request), { unreadOnly: request.query.unread === 'true', limit: request.query.limit }),
    );

    app.post(
      '/api/notifications/read-all',
      {
        config: { access: { operation: 'notifications.own' } },
        schema: {
          tags: ['notifications'],
          summary: "Mark all the caller's notifications read",
          security: [{ bearer: [] }],
          response: { 200: z.object({ updated: z.number().int() }), 401: ErrorReply },
        },
      },
      async (request) => {
        const ids = markAllRead(app.db, actorOf(request), app.now());
        return { updated: ids.length };
      },
    );

    app.post(
      '/api/notifications/:id/read',
      {
        config: { access: { operation: 'notifications.own' } },
        schema: {
          tags: ['notifications'],
          summary: "Mark one of the caller's notifications read",
          security: [{ bearer: [] }],
          params: z.object({ id: z.string().min(1).max(100) }),
          response: { 200: NotificationReply, 400: ErrorReply, 401: ErrorReply, 404: ErrorReply },
        },
      },
      async (request) => markRead(app.db, actorOf(request), request.params.id, app.now()),
    );

    app.delete(
      '/api/notifications',
      {
        config: { access: { operation: 'notifications.own' } },
        schema: {
          tags: ['notifications'],
          summary: "Clear the caller's notifications",
          description: 'Deleted rows leave tombstones, so the caller’s other devices drop them at their next pull.',
          security: [{ bearer: [] }],
          response: { 200: z.object({ deleted: z.number().int() }), 401: ErrorReply },
        },
      },
      async (request) => {
        const ids = clearNotifications(app.db, actorOf(request), app.now());
        return { deleted: ids.length };
      },
    );
  },
  { name: 'notifications', dependencies: ['db', 'auth'] },
);
