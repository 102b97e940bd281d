/**
 * Web Push routes (/api/push/...) and the app's sender. Registered with fastify-plugin so that
 * `app.push` (the public key and the sender) is visible to the notification and job modules. The
 * VAPID pair is loaded (made on first start) at registration; deliveries left in the queue by an
 * earlier run are sent once the app is ready.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { TABLE_IDS } from '../../../../shared/table-ids';
import { actorOf } from '../../plugins/auth';
import { MAX_ENDPOINT_LENGTH, authSecret, p256dhKey, pushOriginsFromEnv } from './endpoints';
import { loadVapidKeys, vapidSubject } from './keys';
import { PushSender } from './sender';
import { listSubscriptions, subscribe, unsubscribe } from './service';

export type PushRuntime = {
  publicKey: string;
  allowedOrigins: readonly string[];
  sender: PushSender;
};

declare module 'fastify' {
  interface FastifyInstance {
    push: PushRuntime;
  }
}

const Endpoint = z.string().trim().min(1).max(MAX_ENDPOINT_LENGTH);

const SubscriptionReply = z.object({
  id: z.string(),
  endpoint: z.string(),
  user_agent: z.string(),
  created_at: z.string(),
});

const SubscribeBody = z.strictObject({
  endpoint: Endpoint.describe('PushSubscription.endpoint'),
  keys: z.strictObject({ p256dh: p256dhKey, auth: authSecret }),
  // PushSubscription.toJSON() carries it; the push service tells us about expiry with a 404/410.
  expirationTime: z.number().nullable().optional(),
});

export const pushRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const allowedOrigins = pushOriginsFromEnv();
    const keys = loadVapidKeys(app.db, app.secretKey, app.now());
    if (keys.created) app.log.info('push: generated a VAPID key pair');
    const sender = new PushSender(app.db, {
      vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: vapidSubject(app.config.publicOrigin) },
      allowedOrigins,
      now: () => app.now(),
      log: (message, details) => app.log.warn(details, message),
    });
    app.decorate('push', { publicKey: keys.publicKey, allowedOrigins, sender } satisfies PushRuntime);
    app.addHook('onReady', async () => sender.wake());
    // A new notification has its deliveries queued in its own transaction: send them once it has committed.
    const stopListening = app.changes.subscribe((batch) => {
      if (batch.changes.some((c) => c.table === TABLE_IDS.notifications && c.op === 'create')) sender.wake();
    });
    app.addHook('preClose', async () => {
      stopListening();
      await sender.close();
    });

    app.get(
      '/api/push/vapid-public-key',
      {
        config: { access: 'public' },
        schema: {
          tags: ['push'],
          summary: "The server's VAPID public key (applicationServerKey for PushManager.subscribe)",
          response: { 200: z.object({ publicKey: z.string() }) },
        },
      },
      async () => ({ publicKey: keys.publicKey }),
    );

    app.get(
      '/api/push/subscriptions',
      {
        config: { access: { operation: 'push.subscriptions' } },
        schema: {
          tags: ['push'],
          summary: "The caller's push subscriptions (one per device; keys are never returned)",
          security: [{ bearer: [] }],
          response: { 200: z.object({ subscriptions: z.array(SubscriptionReply) }), 401: ErrorReply },
        },
      },
      async (request) => ({ subscriptions: listSubscriptions(app.db, actorOf(request)) }),
    );

    app.post(
      '/api/push/subscriptions',
      {
        config: { access: { operation: 'push.subscriptions' } },
        schema: {
          tags: ['push'],
          summary: 'Subscribe this device to Web Push',
          description:
            'The body is `PushSubscription.toJSON()`. The endpoint must be https on a known push service (FCM fcm.googleapis.com, Mozilla *.push.services.mozilla.com, ' +
            'Apple *.push.apple.com, Windows *.notify.windows.com) or start with an origin listed in PUSH_ENDPOINT_ORIGINS; anything else is a 400. ' +
            'Posting an endpoint again updates it (and moves it to the caller when another account had it).',
          security: [{ bearer: [] }],
          body: SubscribeBody,
          response: { 201: SubscriptionReply, 400: ErrorReply, 401: ErrorReply },
        },
      },
      async (request, reply) => {
        const saved = subscribe(
          app.db,
          actorOf(request),
          { endpoint: request.body.endpoint, keys: request.body.keys, userAgent: request.headers['user-agent'] },
          allowedOrigins,
          app.now(),
        );
        return reply.status(201).send(saved);
      },
    );

    app.delete(
      '/api/push/subscriptions',
      {
        config: { access: { operation: 'push.subscriptions' } },
        schema: {
          tags: ['push'],
          summary: "Unsubscribe one of the caller's devices",
          description: '`deleted` is false when the caller had no subscription with that endpoint (already removed).',
          security: [{ bearer: [] }],
          body: z.strictObject({ endpoint: Endpoint }),
          response: { 200: z.object({ deleted: z.boolean() }), 400: ErrorReply, 401: ErrorReply },
        },
      },
      async (request) => ({ deleted: unsubscribe(app.db, actorOf(request), request.body.endpoint, app.now()) }),
    );
  },
  { name: 'push', dependencies: ['db', 'auth'] },
);
