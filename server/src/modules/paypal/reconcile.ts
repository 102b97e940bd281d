/**
 * The daily PayPal reconciliation (job `paypal-reconcile`): what a lost webhook would have told us.
 * PayPal's transaction search (at most 31 days a call, here the last 31 days) gives the
 * subscription payments: one we have not recorded is recorded (keyed by the transaction id, the
 * sale id a PAYMENT.SALE.COMPLETED carries). Each subscription we know that is not cancelled is
 * read from PayPal; a status that differs from ours is applied as its webhook would have. The
 * answer says what it fixed. Unconfigured, it does nothing and says so.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { paypalPayments, paypalSubscriptions } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { insertRow, transact } from '../../db/write';
import type { TransactionDetail } from '../../integrations/paypal/client';
import { configRow, paypalContext, type PaypalRuntime } from './settings';
import { setSubscriptionStatus, subscriptionByPaypalId } from './subscriptions';

const PAYMENTS = requireTable(TABLE_IDS.paypal_payments);

/** PayPal's transaction search covers at most 31 days per call. */
export const RECONCILE_WINDOW_DAYS = 31;
const MAX_PAGES = 20;
/** PayPal subscription statuses and ours: an expired subscription bills no more, like a cancelled one. */
const STATUS_OF: Record<string, string> = { ACTIVE: 'ACTIVE', SUSPENDED: 'SUSPENDED', CANCELLED: 'CANCELLED', EXPIRED: 'CANCELLED' };

export type ReconcileSummary = {
  configured: boolean;
  paymentsRecorded: string[];
  statusesFixed: Array<{ subscription: string; from: string; to: string }>;
  errors: string[];
};

function isoSeconds(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function recordMissing(db: Db, details: readonly TransactionDetail[], now: Date, summary: ReconcileSummary): void {
  for (const { transaction_info: t } of details) {
    const amount = Number(t.transaction_amount?.value);
    // S: completed. Only payments of a subscription (reference type SUB) and money received.
    if (t.transaction_status !== 'S' || t.paypal_reference_id_type !== 'SUB' || !t.paypal_reference_id || !Number.isFinite(amount) || amount <= 0) continue;
    transact(db, (tx) => {
      const known = tx.select({ id: paypalPayments.id }).from(paypalPayments).where(eq(paypalPayments.paypal_payment_id, t.transaction_id)).get();
      if (known) return;
      insertRow(
        tx,
        PAYMENTS,
        {
          paypal_payment_id: t.transaction_id,
          paypal_subscription_id: t.paypal_reference_id,
          amount,
          currency_code: t.transaction_amount?.currency_code ?? 'USD',
          payment_status: 'COMPLETED',
          transaction_id: t.transaction_id,
          payment_time: t.transaction_initiation_date ?? now.toISOString(),
          webhook_event_id: null,
          created_at: now.toISOString(),
        },
        now,
      );
      summary.paymentsRecorded.push(t.transaction_id);
    });
  }
}

export async function reconcilePaypal(db: Db, runtime: PaypalRuntime, now: Date): Promise<ReconcileSummary> {
  const summary: ReconcileSummary = { configured: false, paymentsRecorded: [], statusesFixed: [], errors: [] };
  if (!configRow(db)?.client_secret) return summary;
  summary.configured = true;
  const { client } = paypalContext(db, runtime);

  const start = isoSeconds(new Date(now.getTime() - RECONCILE_WINDOW_DAYS * 24 * 3600_000 + 60_000));
  const end = isoSeconds(now);
  try {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await client.listTransactions(start, end, page);
      recordMissing(db, answer.transaction_details ?? [], now, summary);
      if (!answer.total_pages || page >= answer.total_pages) break;
    }
  } catch (error) {
    summary.errors.push(`transactions: ${error instanceof Error ? error.message : 'unknown error'}`);
  }

  const open = db
    .select({ id: paypalSubscriptions.paypal_subscription_id })
    .from(paypalSubscriptions)
    .where(and(inArray(paypalSubscriptions.subscription_status, ['APPROVAL_PENDING', 'ACTIVE', 'SUSPENDED']), isNull(paypalSubscriptions.deleted_at)))
    .all();
  for (const { id } of open) {
    try {
      const remote = await client.getSubscription(id);
      const status = STATUS_OF[remote.status];
      transact(db, (tx) => {
        const sub = subscriptionByPaypalId(tx, id);
        if (!sub || !status || sub.subscription_status === status || sub.subscription_status === 'CANCELLED') return;
        setSubscriptionStatus(tx, sub, status, now, status === 'ACTIVE' && !sub.start_time ? { start_time: remote.start_time ?? now.toISOString() } : {});
        summary.statusesFixed.push({ subscription: id, from: sub.subscription_status, to: status });
      });
    } catch (error) {
      summary.errors.push(`${id}: ${error instanceof Error ? error.message : 'unknown error'}`);
    }
  }
  return summary;
}
