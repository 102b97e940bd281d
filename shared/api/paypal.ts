/**
 * The payment-provider routes' shapes (server/src/modules/paypal/routes.ts), shared with the admin
 * PayPal page and the host's subscription page.
 */
import { z } from 'zod';
import { BILLING_CYCLES } from '../enums';

export const PAYPAL_ENVIRONMENTS = ['sandbox', 'live'] as const;

export const PaypalConfigureSchema = z.strictObject({
  client_id: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  client_secret: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .optional()
    .describe('Required the first time; leave out to keep the stored one'),
  environment: z.enum(PAYPAL_ENVIRONMENTS),
  webhook_id: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  api_base_url: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .optional()
    .describe("Replaces the environment's PayPal host: https, or an origin listed in INTEGRATION_ALLOWED_ORIGINS; empty for PayPal's own"),
});
export type PaypalConfigureInput = z.infer<typeof PaypalConfigureSchema>;

/** The stored configuration without its secret. */
export const PaypalConfigViewSchema = z.object({
  id: z.string(),
  client_id: z.string(),
  client_secret_set: z.boolean(),
  environment: z.enum(PAYPAL_ENVIRONMENTS),
  webhook_id: z.string(),
  webhook_url: z.string(),
  api_base_url: z.string().nullable(),
  is_active: z.boolean(),
  updated_at: z.string(),
});
export type PaypalConfigView = z.infer<typeof PaypalConfigViewSchema>;
export const PaypalConfigReplySchema = z.object({ config: PaypalConfigViewSchema.nullable() });
export type PaypalConfigReply = z.infer<typeof PaypalConfigReplySchema>;

export const PlanSyncRowSchema = z.object({
  tier_id: z.string(),
  tier_name: z.string(),
  billing_cycle: z.enum(BILLING_CYCLES),
  paypal_plan_id: z.string(),
  amount: z.number(),
  currency_code: z.string(),
  sync_status: z.string(),
  last_sync_date: z.string().nullable(),
});
export type PlanSyncRow = z.infer<typeof PlanSyncRowSchema>;
export const PlanSyncReplySchema = z.object({
  message: z.string(),
  created: z.number().int().describe('Plans created in PayPal by this run'),
  unchanged: z.number().int().describe('Plans kept because the tier price did not change'),
  retired: z.number().int().describe('Mappings retired because the price changed'),
  plans: z.array(PlanSyncRowSchema),
});
export type PlanSyncReply = z.infer<typeof PlanSyncReplySchema>;
export const PlanStatusReplySchema = z.object({ plans: z.array(PlanSyncRowSchema) });
export type PlanStatusReply = z.infer<typeof PlanStatusReplySchema>;

export const SubscribeSchema = z.strictObject({
  tierId: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  billingCycle: z.enum(BILLING_CYCLES),
});
export const SubscribeReplySchema = z.object({ approveUrl: z.string(), subscriptionId: z.string() });
export type SubscribeReply = z.infer<typeof SubscribeReplySchema>;

export const ReviseSchema = z.strictObject({
  tierId: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  billingCycle: z.enum(BILLING_CYCLES),
});

export const SubscriptionViewSchema = z.object({
  id: z.string(),
  paypal_subscription_id: z.string(),
  user_id: z.string(),
  tier_id: z.string().nullable(),
  plan_name: z.string(),
  billing_cycle: z.string(),
  subscription_status: z.string(),
  start_time: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SubscriptionView = z.infer<typeof SubscriptionViewSchema>;

export const HostPaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency_code: z.string(),
  payment_status: z.string(),
  transaction_id: z.string(),
  payment_time: z.string().nullable(),
});
export type HostPayment = z.infer<typeof HostPaymentSchema>;

export const MySubscriptionReplySchema = z.object({
  configured: z.boolean(),
  subscription: SubscriptionViewSchema.nullable(),
  nextBillingDate: z.string().nullable(),
  payments: z.array(HostPaymentSchema),
  /** Tier ids with a current monthly and yearly plan (what may be subscribed to). */
  offered: z.array(z.object({ tier_id: z.string(), billing_cycle: z.enum(BILLING_CYCLES), amount: z.number(), currency_code: z.string() })),
});
export type MySubscriptionReply = z.infer<typeof MySubscriptionReplySchema>;

/** The admin list of PayPal subscriptions, with the subscriber. */
export const AdminSubscriptionRowSchema = SubscriptionViewSchema.extend({ user_email: z.string().nullable(), user_name: z.string().nullable() });
export type AdminSubscriptionRow = z.infer<typeof AdminSubscriptionRowSchema>;
export const AdminSubscriptionListSchema = z.object({ rows: z.array(AdminSubscriptionRowSchema) });
export type AdminSubscriptionList = z.infer<typeof AdminSubscriptionListSchema>;
/** The admin list shows this many subscriptions, newest first. */
export const ADMIN_SUBSCRIPTIONS_LIMIT = 200;
