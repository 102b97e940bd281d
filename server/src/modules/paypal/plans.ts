/**
 * Plan sync (POST /api/paypal/plans/sync): one PayPal product for the platform, made once, and for
 * every active tier a monthly and a yearly plan in USD with the spec §9 billing settings. A plan
 * mapping (23046) is kept while its tier's price is unchanged, so a rerun creates nothing; a new
 * price makes a new plan and retires the old mapping (subscriptions on it keep running in PayPal).
 * Each plan is written in its own transaction once PayPal has made it, so a failure half-way keeps
 * what was made; its plan sync status (23057) then reads `failed`.
 */
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { BILLING_CYCLES } from '../../../../shared/enums';
import { NO_SUBSCRIPTION_TIERS, plansSynced, plansSyncFailed } from '../../../../shared/messages';
import { toCents } from '../../../../shared/money';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { paypalPlanSync, paypalPlans, subscriptionTiers } from '../../../../shared/schema/tables';
import type { PlanSyncReply, PlanSyncRow } from '../../../../shared/api/paypal';
import type { Db } from '../../db/index';
import { insertRow, transact, updateFields, type Tx } from '../../db/write';
import { HttpError, ValidationFailed } from '../../errors';
import { PROVIDER, type PaypalClient } from '../../integrations/paypal/client';
import { paypalContext, type PaypalRuntime } from './settings';

const PLANS = requireTable(TABLE_IDS.paypal_plans);
const PLAN_SYNC = requireTable(TABLE_IDS.paypal_plan_sync);

export const PLAN_CURRENCY = 'USD';
export const PRODUCT_NAME = 'Staykeep';

type Cycle = (typeof BILLING_CYCLES)[number];
type TierRow = typeof subscriptionTiers.$inferSelect;
export type PlanRow = typeof paypalPlans.$inferSelect;

/** "Pro Monthly": the name PayPal shows the payer and our records carry (tier names may be lower case). */
export function planName(tierName: string, cycle: Cycle): string {
  const name = tierName.trim();
  return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${cycle === 'monthly' ? 'Monthly' : 'Yearly'}`;
}

function priceOf(tier: TierRow, cycle: Cycle): number {
  return cycle === 'monthly' ? tier.monthly_price : tier.yearly_price;
}

/** The live, current mapping of a tier and cycle (the one subscriptions are made on). */
export function activePlan(tx: Tx, tierId: string, cycle: string): PlanRow | undefined {
  return tx
    .select()
    .from(paypalPlans)
    .where(and(eq(paypalPlans.tier_id, tierId), eq(paypalPlans.billing_cycle, cycle), eq(paypalPlans.is_active, true), isNull(paypalPlans.deleted_at)))
    .get();
}

function knownProductId(tx: Tx): string | undefined {
  return tx
    .select({ id: paypalPlans.paypal_product_id })
    .from(paypalPlans)
    .where(and(ne(paypalPlans.paypal_product_id, ''), isNull(paypalPlans.deleted_at)))
    .limit(1)
    .get()?.id;
}

function recordSyncStatus(tx: Tx, tierId: string, cycle: Cycle, planId: string, status: 'synced' | 'failed', now: Date): void {
  const existing = tx
    .select({ id: paypalPlanSync.id })
    .from(paypalPlanSync)
    .where(and(eq(paypalPlanSync.tier_id, tierId), eq(paypalPlanSync.billing_cycle, cycle), isNull(paypalPlanSync.deleted_at)))
    .get();
  const values = { paypal_plan_id: planId, sync_status: status, last_sync_date: now.toISOString(), is_active: true };
  if (existing) updateFields(tx, PLAN_SYNC, existing.id, values, now);
  else insertRow(tx, PLAN_SYNC, { tier_id: tierId, billing_cycle: cycle, ...values, created_at: now.toISOString() }, now);
}

/** The plan status table: every active tier and cycle with its current plan and last sync. */
export function planStatus(db: Db): PlanSyncRow[] {
  const tiers = db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.is_active, true), isNull(subscriptionTiers.deleted_at))).orderBy(asc(subscriptionTiers.sort_order)).all();
  const rows: PlanSyncRow[] = [];
  for (const tier of tiers) {
    for (const cycle of BILLING_CYCLES) {
      const plan = activePlan(db, tier.id, cycle);
      const sync = db
        .select()
        .from(paypalPlanSync)
        .where(and(eq(paypalPlanSync.tier_id, tier.id), eq(paypalPlanSync.billing_cycle, cycle), isNull(paypalPlanSync.deleted_at)))
        .get();
      rows.push({
        tier_id: tier.id,
        tier_name: tier.tier_name,
        billing_cycle: cycle,
        paypal_plan_id: plan?.paypal_plan_id ?? '',
        amount: plan?.amount ?? priceOf(tier, cycle),
        currency_code: plan?.currency_code ?? PLAN_CURRENCY,
        sync_status: sync?.sync_status ?? 'not synced',
        last_sync_date: sync?.last_sync_date ?? null,
      });
    }
  }
  return rows;
}

type Tally = { created: number; unchanged: number; retired: number };

async function syncOne(db: Db, client: PaypalClient, productId: string, tier: TierRow, cycle: Cycle, now: Date, tally: Tally): Promise<void> {
  const price = priceOf(tier, cycle);
  const current = activePlan(db, tier.id, cycle);
  if (current && toCents(current.amount) === toCents(price) && current.currency_code === PLAN_CURRENCY) {
    transact(db, (tx) => recordSyncStatus(tx, tier.id, cycle, current.paypal_plan_id, 'synced', now));
    tally.unchanged += 1;
    return;
  }
  const plan = await client.createPlan({
    productId,
    name: planName(tier.tier_name, cycle),
    description: `${PRODUCT_NAME} ${tier.tier_name} plan, billed ${cycle}`,
    interval: cycle === 'monthly' ? 'MONTH' : 'YEAR',
    price: price.toFixed(2),
    currency: PLAN_CURRENCY,
  });
  transact(db, (tx) => {
    // Re-read inside the transaction: a concurrent run may have retired or replaced it.
    const before = activePlan(tx, tier.id, cycle);
    if (before) {
      updateFields(tx, PLANS, before.id, { is_active: false }, now);
      tally.retired += 1;
    }
    insertRow(
      tx,
      PLANS,
      {
        tier_id: tier.id,
        paypal_plan_id: plan.id,
        paypal_product_id: productId,
        plan_name: planName(tier.tier_name, cycle),
        billing_cycle: cycle,
        amount: price,
        currency_code: PLAN_CURRENCY,
        is_active: true,
        created_at: now.toISOString(),
      },
      now,
    );
    recordSyncStatus(tx, tier.id, cycle, plan.id, 'synced', now);
  });
  tally.created += 1;
}

export async function syncPlans(db: Db, runtime: PaypalRuntime, now: Date): Promise<PlanSyncReply> {
  const { client } = paypalContext(db, runtime);
  const tiers = db.select().from(subscriptionTiers).where(and(eq(subscriptionTiers.is_active, true), isNull(subscriptionTiers.deleted_at))).orderBy(asc(subscriptionTiers.sort_order)).all();
  if (tiers.length === 0) throw new ValidationFailed(NO_SUBSCRIPTION_TIERS);
  const tally: Tally = { created: 0, unchanged: 0, retired: 0 };
  let step: { tier: TierRow; cycle: Cycle } | null = null;
  try {
    const productId =
      knownProductId(db) ??
      (await client.createProduct({ name: PRODUCT_NAME, description: `${PRODUCT_NAME} subscription plans for hosts`, homeUrl: runtime.publicOrigin })).id;
    for (const tier of tiers) {
      for (const cycle of BILLING_CYCLES) {
        if (priceOf(tier, cycle) <= 0) continue;
        step = { tier, cycle };
        await syncOne(db, client, productId, tier, cycle, now, tally);
      }
    }
  } catch (error) {
    const failed = step;
    if (failed) transact(db, (tx) => recordSyncStatus(tx, failed.tier.id, failed.cycle, activePlan(tx, failed.tier.id, failed.cycle)?.paypal_plan_id ?? '', 'failed', now));
    const reason = error instanceof Error ? error.message : 'unknown error';
    throw new HttpError(502, `${plansSyncFailed(PROVIDER)}: ${reason}`);
  }
  return { message: plansSynced(PROVIDER), ...tally, plans: planStatus(db) };
}
