/**
 * Host subscriptions through PayPal: subscribe (the local record, 23047, exists from the moment
 * PayPal answers, with its PayPal id and APPROVAL_PENDING), cancel (the host its own; super admins
 * any), and the super admin's suspend, activate and revise. What a status means for the host
 * (its tier and subscription_status) is `applyStatusToHost`, shared with the webhook events.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { BILLING_CYCLES } from '../../../../shared/enums';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { hostProfiles, paypalPayments, paypalPlans, paypalSubscriptions, subscriptionTiers, users } from '../../../../shared/schema/tables';
import { ADMIN_SUBSCRIPTIONS_LIMIT, type AdminSubscriptionRow, type HostPayment, type MySubscriptionReply, type SubscribeReply, type SubscriptionView } from '../../../../shared/api/paypal';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, transact, updateFields, type Tx } from '../../db/write';
import { Conflict, Forbidden, HttpError, NotFound, ValidationFailed } from '../../errors';
import { approveLinkOf } from '../../integrations/paypal/client';
import { mayPerform } from '../../policy';
import { defaultTierName } from '../platform/defaults';
import { activePlan } from './plans';
import { configRow, paypalContext, viaPaypal, type PaypalRuntime } from './settings';

const SUBSCRIPTIONS = requireTable(TABLE_IDS.paypal_subscriptions);
const HOST_PROFILES = requireTable(TABLE_IDS.host_profiles);

/** Spec §9: a subscription starts 60 seconds after it is made. */
export const START_DELAY_MS = 60_000;
type Cycle = (typeof BILLING_CYCLES)[number];
export type SubscriptionRow = typeof paypalSubscriptions.$inferSelect;

export function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function view(row: SubscriptionRow): SubscriptionView {
  return {
    id: row.id,
    paypal_subscription_id: row.paypal_subscription_id,
    user_id: row.user_id,
    tier_id: row.tier_id ?? null,
    plan_name: row.plan_name,
    billing_cycle: row.billing_cycle,
    subscription_status: row.subscription_status,
    start_time: row.start_time ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at ?? row.created_at,
  };
}

export function subscriptionByPaypalId(tx: Tx, paypalId: string): SubscriptionRow | undefined {
  return tx
    .select()
    .from(paypalSubscriptions)
    .where(and(eq(paypalSubscriptions.paypal_subscription_id, paypalId), isNull(paypalSubscriptions.deleted_at)))
    .get();
}

function liveTier(tx: Tx, tierId: string) {
  return tx
    .select()
    .from(subscriptionTiers)
    .where(and(eq(subscriptionTiers.id, tierId), eq(subscriptionTiers.is_active, true), isNull(subscriptionTiers.deleted_at)))
    .get();
}

function planFor(tx: Tx, tierId: string, cycle: Cycle) {
  if (!liveTier(tx, tierId)) throw new ValidationFailed('Invalid value for tierId: no active subscription tier with this id');
  const plan = activePlan(tx, tierId, cycle);
  if (!plan) throw new ValidationFailed(`Invalid value for billingCycle: this tier has no ${cycle} PayPal plan yet (an administrator must sync the plans)`);
  return plan;
}

/**
 * Makes the host's tier and subscription status follow a subscription status: ACTIVE moves the
 * host to the plan's tier (and its commission rate, as an admin's plan move does); SUSPENDED and
 * CANCELLED set the status and put the host back on the default tier, whose limits then refuse
 * only new properties and integrations past them (nothing is removed).
 */
export function applyStatusToHost(tx: Tx, sub: SubscriptionRow, status: string, now: Date): void {
  const profile = tx
    .select({ id: hostProfiles.id })
    .from(hostProfiles)
    .where(and(eq(hostProfiles.user_id, sub.user_id), isNull(hostProfiles.deleted_at)))
    .get();
  if (!profile) return;
  if (status === 'ACTIVE') {
    const tier = sub.tier_id ? tx.select().from(subscriptionTiers).where(eq(subscriptionTiers.id, sub.tier_id)).get() : undefined;
    updateFields(
      tx,
      HOST_PROFILES,
      profile.id,
      { subscription_status: 'active', ...(tier ? { subscription_tier: tier.tier_name, commission_rate: tier.commission_rate } : {}) },
      now,
    );
  } else if (status === 'SUSPENDED' || status === 'CANCELLED') {
    const fallback = defaultTierName(tx);
    const tier = tx.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.tier_name, fallback), isNull(subscriptionTiers.deleted_at))).get();
    updateFields(
      tx,
      HOST_PROFILES,
      profile.id,
      { subscription_status: status === 'SUSPENDED' ? 'suspended' : 'cancelled', subscription_tier: fallback, ...(tier ? { commission_rate: tier.commission_rate } : {}) },
      now,
    );
  }
}

export function setSubscriptionStatus(tx: Tx, sub: SubscriptionRow, status: string, now: Date, extra: Record<string, unknown> = {}): void {
  updateFields(tx, SUBSCRIPTIONS, sub.id, { subscription_status: status, ...extra }, now);
  applyStatusToHost(tx, sub, status, now);
}

export async function subscribe(db: Db, runtime: PaypalRuntime, actor: Actor, input: { tierId: string; billingCycle: Cycle }, now: Date): Promise<SubscribeReply> {
  if (!mayPerform(actor, 'paypal.subscribe')) throw new Forbidden();
  const { client } = paypalContext(db, runtime);
  const plan = planFor(db, input.tierId, input.billingCycle);
  const active = db
    .select({ id: paypalSubscriptions.id })
    .from(paypalSubscriptions)
    .where(and(eq(paypalSubscriptions.user_id, actor.userId), inArray(paypalSubscriptions.subscription_status, ['ACTIVE', 'SUSPENDED']), isNull(paypalSubscriptions.deleted_at)))
    .get();
  if (active) throw new Conflict('You already have a subscription; cancel it before subscribing again');
  const email = db.select({ email: users.Email }).from(users).where(eq(users.ID, actor.userId)).get()?.email ?? actor.email;
  const created = await viaPaypal(client.createSubscription({
    planId: plan.paypal_plan_id,
    startTime: isoSeconds(new Date(now.getTime() + START_DELAY_MS)),
    email,
    returnUrl: `${runtime.publicOrigin}/host/subscription`,
    cancelUrl: `${runtime.publicOrigin}/subscription/cancelled`,
  }));
  const approveUrl = approveLinkOf(created.links);
  if (!approveUrl) throw new HttpError(502, 'PayPal answered no approve link for the subscription');
  transact(db, (tx) => {
    insertRow(
      tx,
      SUBSCRIPTIONS,
      {
        paypal_subscription_id: created.id,
        user_id: actor.userId,
        tier_id: plan.tier_id,
        billing_cycle: input.billingCycle,
        plan_name: plan.plan_name,
        subscription_status: created.status || 'APPROVAL_PENDING',
        start_time: null,
        created_at: now.toISOString(),
      },
      now,
    );
  });
  return { approveUrl, subscriptionId: created.id };
}

/** The subscription a caller may act on: a host only its own (another's is a 404), a super admin any. */
function subscriptionInScope(db: Db, actor: Actor, paypalId: string): SubscriptionRow {
  const sub = subscriptionByPaypalId(db, paypalId);
  if (!sub || (actor.role !== 'super_admin' && sub.user_id !== actor.userId)) throw new NotFound(`No subscription ${paypalId.slice(0, 100)}`);
  return sub;
}

export type Action = 'cancel' | 'suspend' | 'activate';
const NEXT: Record<Action, string> = { cancel: 'CANCELLED', suspend: 'SUSPENDED', activate: 'ACTIVE' };
const FROM: Record<Action, readonly string[]> = { cancel: ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED'], suspend: ['ACTIVE'], activate: ['SUSPENDED'] };

export async function changeSubscription(db: Db, runtime: PaypalRuntime, actor: Actor, paypalId: string, action: Action, reason: string | undefined, now: Date): Promise<SubscriptionView> {
  if (!mayPerform(actor, action === 'cancel' ? 'paypal.cancel' : 'paypal.manage')) throw new Forbidden();
  const { client } = paypalContext(db, runtime);
  const sub = subscriptionInScope(db, actor, paypalId);
  if (!FROM[action].includes(sub.subscription_status)) throw new Conflict(`A ${sub.subscription_status} subscription cannot be ${action === 'cancel' ? 'cancelled' : action === 'suspend' ? 'suspended' : 'activated'}`);
  // An unapproved subscription has nothing to stop in PayPal (which refuses to cancel it): it is
  // only closed here, and its approve link leads nowhere once its webhook finds it cancelled.
  if (sub.subscription_status !== 'APPROVAL_PENDING') {
    const defaults: Record<Action, string> = { cancel: 'Cancelled by the subscriber', suspend: 'Suspended by the platform', activate: 'Reactivated by the platform' };
    await viaPaypal(client.subscriptionAction(paypalId, action, reason?.trim() || defaults[action]));
  }
  return transact(db, (tx) => {
    const current = subscriptionByPaypalId(tx, paypalId) ?? sub;
    setSubscriptionStatus(tx, current, NEXT[action], now);
    return view(subscriptionByPaypalId(tx, paypalId) ?? current);
  });
}

/** Change plan (super admin): PayPal's revise; the local record takes the new tier and cycle. */
export async function reviseSubscription(db: Db, runtime: PaypalRuntime, actor: Actor, paypalId: string, input: { tierId: string; billingCycle: Cycle }, now: Date): Promise<SubscriptionView & { approveUrl: string | null }> {
  if (!mayPerform(actor, 'paypal.manage')) throw new Forbidden();
  const { client } = paypalContext(db, runtime);
  const sub = subscriptionInScope(db, actor, paypalId);
  if (sub.subscription_status !== 'ACTIVE' && sub.subscription_status !== 'SUSPENDED') throw new Conflict(`A ${sub.subscription_status} subscription cannot change plan`);
  const plan = planFor(db, input.tierId, input.billingCycle);
  const revised = await viaPaypal(client.revise(paypalId, plan.paypal_plan_id));
  return transact(db, (tx) => {
    updateFields(tx, SUBSCRIPTIONS, sub.id, { tier_id: plan.tier_id, billing_cycle: input.billingCycle, plan_name: plan.plan_name }, now);
    const after = subscriptionByPaypalId(tx, paypalId) ?? sub;
    if (after.subscription_status === 'ACTIVE') applyStatusToHost(tx, after, 'ACTIVE', now);
    return { ...view(after), approveUrl: approveLinkOf(revised.links) };
  });
}

function addCycle(iso: string, cycle: string): Date {
  const d = new Date(iso);
  if (cycle === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

/**
 * The host's subscription page: its latest subscription, its payments and the next billing date
 * (one cycle after the last completed payment, else the start, while ACTIVE and still ahead).
 */
export function mySubscription(db: Db, actor: Actor, now: Date): MySubscriptionReply {
  const row = db
    .select()
    .from(paypalSubscriptions)
    .where(and(eq(paypalSubscriptions.user_id, actor.userId), isNull(paypalSubscriptions.deleted_at)))
    .orderBy(desc(paypalSubscriptions.created_at))
    .limit(1)
    .get();
  const paid = row
    ? db
        .select({
          id: paypalPayments.id,
          paypal_subscription_id: paypalPayments.paypal_subscription_id,
          amount: paypalPayments.amount,
          currency_code: paypalPayments.currency_code,
          payment_status: paypalPayments.payment_status,
          transaction_id: paypalPayments.transaction_id,
          payment_time: paypalPayments.payment_time,
        })
        .from(paypalPayments)
        .innerJoin(paypalSubscriptions, eq(paypalSubscriptions.paypal_subscription_id, paypalPayments.paypal_subscription_id))
        .where(and(eq(paypalSubscriptions.user_id, actor.userId), isNull(paypalPayments.deleted_at), isNull(paypalSubscriptions.deleted_at)))
        .orderBy(desc(paypalPayments.payment_time))
        .limit(100)
        .all()
    : [];
  const payments: HostPayment[] = paid.map(({ paypal_subscription_id: _sub, ...p }) => p);
  let nextBillingDate: string | null = null;
  if (row?.subscription_status === 'ACTIVE') {
    const last = paid.find((p) => p.paypal_subscription_id === row.paypal_subscription_id && p.payment_status === 'COMPLETED' && p.payment_time);
    let next = last?.payment_time ? addCycle(last.payment_time, row.billing_cycle) : row.start_time ? new Date(row.start_time) : null;
    while (next && next.getTime() < now.getTime()) next = addCycle(next.toISOString(), row.billing_cycle);
    nextBillingDate = next ? next.toISOString() : null;
  }
  const offered = db
    .select({ tier_id: paypalPlans.tier_id, billing_cycle: paypalPlans.billing_cycle, amount: paypalPlans.amount, currency_code: paypalPlans.currency_code })
    .from(paypalPlans)
    .where(and(eq(paypalPlans.is_active, true), isNull(paypalPlans.deleted_at)))
    .all()
    .filter((p): p is typeof p & { billing_cycle: Cycle } => (BILLING_CYCLES as readonly string[]).includes(p.billing_cycle));
  return { configured: Boolean(configRow(db)?.client_secret), subscription: row ? view(row) : null, nextBillingDate, payments, offered };
}

/** Every live subscription with its subscriber, newest first (the admin PayPal page). */
export function listSubscriptions(db: Db): AdminSubscriptionRow[] {
  return db
    .select({ sub: paypalSubscriptions, email: users.Email, name: users.Name })
    .from(paypalSubscriptions)
    .leftJoin(users, eq(users.ID, paypalSubscriptions.user_id))
    .where(isNull(paypalSubscriptions.deleted_at))
    .orderBy(desc(paypalSubscriptions.created_at))
    .limit(ADMIN_SUBSCRIPTIONS_LIMIT)
    .all()
    .map((r) => ({ ...view(r.sub), user_email: r.email ?? null, user_name: r.name ?? null }));
}
