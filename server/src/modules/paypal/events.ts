/**
 * Verified webhook events: stored (23049) as `pending`, then processed in a transaction of their
 * own and marked `processed` (with processed_at) or `error` (with the message). An event id seen
 * before and processed is not processed again; one left pending or in error is retried when
 * PayPal delivers it again.
 *
 * Events may arrive in any order. A subscription status event older than one already applied to
 * the same subscription changes nothing, and CANCELLED is final (PayPal cannot reactivate a
 * cancelled subscription), so a late ACTIVATED never revives it. Payments are keyed by the sale
 * id, so a sale the reconciliation recorded first is not recorded twice.
 */
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { paypalPayments, paypalWebhookEvents } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { insertRow, transact, updateFields, type Tx } from '../../db/write';
import { ValidationFailed } from '../../errors';
import { setSubscriptionStatus, subscriptionByPaypalId } from './subscriptions';

const EVENTS = requireTable(TABLE_IDS.paypal_webhook_events);
const PAYMENTS = requireTable(TABLE_IDS.paypal_payments);

export const STATUS_EVENTS: Record<string, string> = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'ACTIVE',
  'BILLING.SUBSCRIPTION.CANCELLED': 'CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'SUSPENDED',
};
export const SALE_COMPLETED = 'PAYMENT.SALE.COMPLETED';

export type WebhookEvent = {
  id: string;
  event_type: string;
  resource_type?: string;
  create_time?: string;
  resource: Record<string, unknown>;
};

/**
 * `cancelAtPaypal`: a subscription we hold as cancelled was activated at PayPal (a payer approved
 * it after the host cancelled it while it awaited approval, which PayPal cannot cancel): the
 * caller cancels it at PayPal so that nobody is billed for a plan we do not give.
 */
export type EventOutcome = { status: 'processed' | 'duplicate' | 'error'; note: string; cancelAtPaypal?: string };
type Applied = { note: string; cancelAtPaypal?: string };

/** The event's shape, read after its signature is verified (400 naming the field otherwise). */
export function parseEvent(raw: Buffer): WebhookEvent {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new ValidationFailed('Invalid JSON body');
  }
  const e = value as Partial<WebhookEvent> | null;
  if (!e || typeof e !== 'object') throw new ValidationFailed('Invalid request: the body must be an event object');
  if (typeof e.id !== 'string' || !e.id || e.id.length > 200) throw new ValidationFailed('Invalid value for id: must be the event id');
  if (typeof e.event_type !== 'string' || !e.event_type || e.event_type.length > 200) throw new ValidationFailed('Invalid value for event_type: must be a string');
  if (!e.resource || typeof e.resource !== 'object') throw new ValidationFailed('Invalid value for resource: must be an object');
  return e as WebhookEvent;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function eventTime(event: WebhookEvent): number {
  const t = Date.parse(text(event.resource.status_update_time) ?? text(event.resource.update_time) ?? event.create_time ?? '');
  return Number.isFinite(t) ? t : 0;
}

/** Is a status event for the same subscription, newer than this one, already applied? */
function superseded(tx: Tx, event: WebhookEvent, resourceId: string): boolean {
  const applied = tx
    .select({ data: paypalWebhookEvents.event_data })
    .from(paypalWebhookEvents)
    .where(
      and(
        eq(paypalWebhookEvents.resource_id, resourceId),
        inArray(paypalWebhookEvents.event_type, Object.keys(STATUS_EVENTS)),
        eq(paypalWebhookEvents.processing_status, 'processed'),
        ne(paypalWebhookEvents.event_id, event.id),
        isNull(paypalWebhookEvents.deleted_at),
      ),
    )
    .all();
  const mine = eventTime(event);
  return applied.some((row) => {
    try {
      return eventTime(JSON.parse(row.data) as WebhookEvent) > mine;
    } catch {
      return false;
    }
  });
}

function applyStatus(tx: Tx, event: WebhookEvent, status: string, now: Date): Applied {
  const id = text(event.resource.id);
  if (!id) throw new Error('the event has no subscription id');
  const sub = subscriptionByPaypalId(tx, id);
  if (!sub) return { note: `subscription ${id} is not ours; nothing changed` };
  if (sub.subscription_status === 'CANCELLED') {
    const note = `subscription ${id} is cancelled; ${status} ignored`;
    return status === 'ACTIVE' && text(event.resource.status) === 'ACTIVE' ? { note, cancelAtPaypal: id } : { note };
  }
  if (superseded(tx, event, id)) return { note: `a newer status of ${id} was applied; ${status} ignored` };
  const extra = status === 'ACTIVE' ? { start_time: text(event.resource.start_time) ?? new Date(eventTime(event) || now.getTime()).toISOString() } : {};
  setSubscriptionStatus(tx, sub, status, now, extra);
  return { note: `subscription ${id} is now ${status}` };
}

function recordSale(tx: Tx, event: WebhookEvent, now: Date): string {
  const r = event.resource;
  const saleId = text(r.id);
  if (!saleId) throw new Error('the sale has no id');
  const amount = (r.amount ?? {}) as { total?: unknown; currency?: unknown };
  const total = Number(amount.total);
  if (typeof amount.total !== 'string' || !Number.isFinite(total) || total < 0) throw new Error('the sale has no amount.total');
  const currency = text(amount.currency) ?? 'USD';
  const existing = tx.select({ id: paypalPayments.id }).from(paypalPayments).where(eq(paypalPayments.paypal_payment_id, saleId)).get();
  if (existing) {
    updateFields(tx, PAYMENTS, existing.id, { webhook_event_id: event.id }, now);
    return `payment ${saleId} was already recorded`;
  }
  insertRow(
    tx,
    PAYMENTS,
    {
      paypal_payment_id: saleId,
      paypal_subscription_id: text(r.billing_agreement_id) ?? null,
      amount: total,
      currency_code: currency.slice(0, 3).toUpperCase(),
      payment_status: 'COMPLETED',
      transaction_id: saleId,
      payment_time: text(r.create_time) ?? event.create_time ?? now.toISOString(),
      webhook_event_id: event.id,
      created_at: now.toISOString(),
    },
    now,
  );
  return `payment ${saleId} of ${amount.total} ${currency} recorded`;
}

function apply(tx: Tx, event: WebhookEvent, now: Date): Applied {
  const status = STATUS_EVENTS[event.event_type];
  if (status) return applyStatus(tx, event, status, now);
  if (event.event_type === SALE_COMPLETED) return { note: recordSale(tx, event, now) };
  return { note: `${event.event_type} logged only` };
}

export function handleEvent(db: Db, event: WebhookEvent, raw: string, now: Date): EventOutcome {
  const stored = transact(
    db,
    (tx) => {
      const before = tx.select().from(paypalWebhookEvents).where(eq(paypalWebhookEvents.event_id, event.id)).get();
      if (before?.processing_status === 'processed') return null;
      if (before) return before.id;
      return String(
        insertRow(
          tx,
          EVENTS,
          {
            event_id: event.id,
            event_type: event.event_type,
            resource_type: (text(event.resource_type) ?? '').slice(0, 100),
            resource_id: (text(event.resource.id) ?? '').slice(0, 200),
            event_data: raw,
            processing_status: 'pending',
            created_at: now.toISOString(),
          },
          now,
        ).id,
      );
    },
    'immediate',
  );
  if (stored === null) return { status: 'duplicate', note: `event ${event.id} was already processed` };
  try {
    const applied = transact(
      db,
      (tx) => {
        const result = apply(tx, event, now);
        updateFields(tx, EVENTS, stored, { processing_status: 'processed', processed_at: now.toISOString(), error_message: null }, now);
        return result;
      },
      'immediate',
    );
    return { status: 'processed', ...applied };
  } catch (error) {
    const message = error instanceof Error ? error.message : 'unknown error';
    transact(db, (tx) => updateFields(tx, EVENTS, stored, { processing_status: 'error', error_message: message.slice(0, 1000) }, now));
    return { status: 'error', note: message };
  }
}
