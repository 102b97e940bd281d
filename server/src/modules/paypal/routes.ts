/**
 * PayPal routes: configuration (super admin), plan sync, host subscriptions and their actions, and
 * the webhook. The webhook lives in a plugin of its own whose JSON parser keeps the raw bytes: its
 * signature covers the body exactly as sent.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import {
  AdminSubscriptionListSchema,
  MySubscriptionReplySchema,
  PaypalConfigReplySchema,
  PaypalConfigViewSchema,
  PaypalConfigureSchema,
  PlanStatusReplySchema,
  PlanSyncReplySchema,
  ReviseSchema,
  SubscribeReplySchema,
  SubscribeSchema,
  SubscriptionViewSchema,
} from '../../../../shared/api/paypal';
import { providerConfigured } from '../../../../shared/messages';
import { actorOf } from '../../plugins/auth';
import { PROVIDER } from '../../integrations/paypal/client';
import type { Db } from '../../db/index';
import { configRow, configView, configurePaypal, newPaypalRuntime, paypalContext, type PaypalRuntime } from './settings';
import { planStatus, syncPlans } from './plans';
import { changeSubscription, listSubscriptions, mySubscription, reviseSubscription, subscribe, type Action } from './subscriptions';
import { CertCache, verifyDelivery } from './webhook-verify';
import { handleEvent, parseEvent } from './events';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const Params = z.object({ id: z.string().min(1).max(100).describe('The PayPal subscription id (I-…)') });
const ReasonBody = z.strictObject({ reason: z.string().trim().max(127, 'must be at most 127 characters').optional() }).nullish();
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export type PaypalRoutesOptions = { certs?: CertCache };

export async function paypalRoutes(fastify: FastifyInstance, options: PaypalRoutesOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const runtime = newPaypalRuntime(app.secretKey, app.config);
  const certs = options.certs ?? new CertCache();

  app.get(
    '/api/paypal/config',
    {
      config: { access: { operation: 'paypal.read' } },
      schema: {
        tags: ['paypal'],
        summary: 'The PayPal configuration, without its secret',
        description: '`config` is null until a super admin configures PayPal; `client_secret_set` says whether a secret is stored.',
        security: [{ bearer: [] }],
        response: { 200: PaypalConfigReplySchema, ...errors },
      },
    },
    async () => ({ config: configView(configRow(app.db)) }),
  );

  app.post(
    '/api/paypal/configure',
    {
      config: { access: { operation: 'paypal.configure' } },
      schema: {
        tags: ['paypal'],
        summary: 'Save the PayPal credentials after checking them',
        description:
          'Gets an access token with the credentials first (client credentials, basic auth); when PayPal refuses, answers 400 "Failed to configure PayPal integration: <reason>" and stores nothing. `environment` picks api-m.sandbox.paypal.com or api-m.paypal.com; `api_base_url` replaces that host and must be https unless its origin is listed in INTEGRATION_ALLOWED_ORIGINS. The secret is encrypted at rest and never answered; leave it out to keep the stored one.',
        security: [{ bearer: [] }],
        body: PaypalConfigureSchema,
        response: { 200: z.object({ message: z.string(), config: PaypalConfigViewSchema }), ...errors },
      },
    },
    async (request) => ({ message: providerConfigured(PROVIDER), config: await configurePaypal(app.db, runtime, request.body, app.now()) }),
  );

  app.get(
    '/api/paypal/plans',
    {
      config: { access: { operation: 'paypal.read' } },
      schema: {
        tags: ['paypal'],
        summary: 'Plan sync status: every active tier and cycle with its current PayPal plan',
        security: [{ bearer: [] }],
        response: { 200: PlanStatusReplySchema, ...errors },
      },
    },
    async () => ({ plans: planStatus(app.db) }),
  );

  app.post(
    '/api/paypal/plans/sync',
    {
      config: { access: { operation: 'paypal.plans' } },
      schema: {
        tags: ['paypal'],
        summary: 'Create the PayPal product and a monthly and a yearly plan per active tier',
        description:
          'The product (SERVICE, SOFTWARE) is made once. A tier whose price is unchanged keeps its plan; a changed price makes a new plan and retires the old mapping. Plans: USD, interval count 1, unlimited cycles, payment failure threshold 3, auto bill outstanding, setup fee failure action CONTINUE. 400 "No subscription tiers found" without an active tier, 400 "PayPal not configured", 502 "Failed to sync plans to PayPal: <reason>" when PayPal fails (plans made before the failure are kept).',
        security: [{ bearer: [] }],
        response: { 200: PlanSyncReplySchema, 502: ErrorReply, ...errors },
      },
    },
    async () => syncPlans(app.db, runtime, app.now()),
  );

  app.get(
    '/api/paypal/subscription',
    {
      config: { access: { operation: 'paypal.subscribe' } },
      schema: {
        tags: ['paypal'],
        summary: "The host's own subscription, its payments and next billing date",
        security: [{ bearer: [] }],
        response: { 200: MySubscriptionReplySchema, ...errors },
      },
    },
    async (request) => mySubscription(app.db, actorOf(request), app.now()),
  );

  app.get(
    '/api/paypal/subscriptions',
    {
      config: { access: { operation: 'paypal.read' } },
      schema: {
        tags: ['paypal'],
        summary: 'Every PayPal subscription with its subscriber, newest first (at most 200)',
        security: [{ bearer: [] }],
        response: { 200: AdminSubscriptionListSchema, ...errors },
      },
    },
    async () => ({ rows: listSubscriptions(app.db) }),
  );

  app.post(
    '/api/paypal/subscriptions',
    {
      config: { access: { operation: 'paypal.subscribe' } },
      schema: {
        tags: ['paypal'],
        summary: 'Subscribe the host to a tier, monthly or yearly',
        description:
          "Creates the PayPal subscription (start 60 s ahead, the host's e-mail, brand Staykeep, return URL the subscription page, cancel URL {origin}/subscription/cancelled) and answers the link where the host approves it. The local record exists from then on, APPROVAL_PENDING until PayPal's ACTIVATED webhook. 409 while the host has an ACTIVE or SUSPENDED subscription.",
        security: [{ bearer: [] }],
        body: SubscribeSchema,
        response: { 201: SubscribeReplySchema, 409: ErrorReply, 502: ErrorReply, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await subscribe(app.db, runtime, actorOf(request), request.body, app.now())),
  );

  const action = (name: Action, operation: 'paypal.cancel' | 'paypal.manage', summary: string) =>
    app.post(
      `/api/paypal/subscriptions/:id/${name}`,
      {
        config: { access: { operation } },
        schema: {
          tags: ['paypal'],
          summary,
          description: 'Asks PayPal first, then records the new status and moves the host (decisions.md, Billing). A host may act only on its own subscription (another is a 404). 409 when the status does not allow it.',
          security: [{ bearer: [] }],
          params: Params,
          body: ReasonBody,
          response: { 200: SubscriptionViewSchema, 404: ErrorReply, 409: ErrorReply, 502: ErrorReply, ...errors },
        },
      },
      async (request) => changeSubscription(app.db, runtime, actorOf(request), request.params.id, name, request.body?.reason, app.now()),
    );
  action('cancel', 'paypal.cancel', 'Cancel a subscription (the host its own, a super admin any)');
  action('suspend', 'paypal.manage', 'Suspend a subscription (super admin)');
  action('activate', 'paypal.manage', 'Reactivate a suspended subscription (super admin)');

  app.post(
    '/api/paypal/subscriptions/:id/revise',
    {
      config: { access: { operation: 'paypal.manage' } },
      schema: {
        tags: ['paypal'],
        summary: 'Change the plan of a subscription (super admin)',
        description: "PayPal's revise with the tier's current plan for the cycle; answers PayPal's approve link when the payer must consent to the new price.",
        security: [{ bearer: [] }],
        params: Params,
        body: ReviseSchema,
        response: { 200: SubscriptionViewSchema.extend({ approveUrl: z.string().nullable() }), 404: ErrorReply, 409: ErrorReply, 502: ErrorReply, ...errors },
      },
    },
    async (request) => reviseSubscription(app.db, runtime, actorOf(request), request.params.id, request.body, app.now()),
  );

  await app.register(async (scope) => webhookRoute(scope, certs, runtime));
}

/** Best effort: a failure is logged, and the daily reconciliation does not revive the record. */
async function cancelAtPaypal(db: Db, runtime: PaypalRuntime, id: string, request: FastifyRequest): Promise<void> {
  try {
    await paypalContext(db, runtime).client.subscriptionAction(id, 'cancel', 'Cancelled by the subscriber before approval');
    request.log.info({ subscription: id }, 'PayPal subscription approved after it was cancelled here: cancelled at PayPal');
  } catch (error) {
    request.log.error({ err: error, subscription: id }, 'PayPal subscription approved after it was cancelled here: could not cancel it at PayPal');
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

async function webhookRoute(fastify: FastifyInstance, certs: CertCache, runtime: PaypalRuntime): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Only in this plugin: JSON arrives as the bytes PayPal signed.
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/api/paypal/webhook',
    {
      config: { access: 'public' },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['paypal'],
        summary: 'PayPal webhook deliveries, verified before anything else',
        description:
          'Verified offline: CRC32 of the raw body (unsigned decimal), the message transmission_id|transmission_time|our webhook id|crc, SHA256withRSA with the certificate at paypal-cert-url (https on paypal.com, or under the configured api_base_url), paypal-auth-algo SHA256withRSA, transmission time within 5 minutes. A delivery that fails answers 400 and only logs. A verified event is stored and processed once per event id; BILLING.SUBSCRIPTION.ACTIVATED / CANCELLED / SUSPENDED set the status of a subscription we know, PAYMENT.SALE.COMPLETED records a payment, others are logged.',
        headers: z.object({
          'paypal-transmission-id': z.string().optional(),
          'paypal-transmission-time': z.string().optional(),
          'paypal-transmission-sig': z.string().optional(),
          'paypal-cert-url': z.string().optional(),
          'paypal-auth-algo': z.string().optional(),
        }),
        response: { 200: z.object({ status: z.enum(['processed', 'duplicate', 'error']) }), 400: ErrorReply },
      },
    },
    async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const config = configRow(app.db);
      const verdict = config
        ? await verifyDelivery(
            raw,
            {
              transmissionId: header(request, 'paypal-transmission-id'),
              transmissionTime: header(request, 'paypal-transmission-time'),
              transmissionSig: header(request, 'paypal-transmission-sig'),
              certUrl: header(request, 'paypal-cert-url'),
              authAlgo: header(request, 'paypal-auth-algo'),
            },
            { webhookId: config.webhook_id, apiBaseUrl: config.api_base_url, now: app.now(), certs },
          )
        : ({ ok: false, reason: 'PayPal not configured' } as const);
      if (!verdict.ok) {
        request.log.warn({ reason: verdict.reason, transmissionId: header(request, 'paypal-transmission-id') }, 'PayPal webhook refused');
        return reply.status(400).send({ error: 'Webhook signature verification failed' });
      }
      const event = parseEvent(raw);
      const outcome = handleEvent(app.db, event, raw.toString('utf8'), app.now());
      request.log.info({ eventId: event.id, eventType: event.event_type, status: outcome.status, note: outcome.note }, 'PayPal webhook');
      if (outcome.cancelAtPaypal) await cancelAtPaypal(app.db, runtime, outcome.cancelAtPaypal, request);
      return { status: outcome.status };
    },
  );
}
