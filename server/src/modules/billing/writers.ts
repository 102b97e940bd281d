/**
 * Writers of the payment-provider tables. The generic API only reads and deletes them (their rows
 * are written by the billing routes and the provider's webhooks); a delete leaves a tombstone.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const billingWriters: ReadonlyMap<number, Writer> = new Map(
  [
    TABLE_IDS.paypal_plans,
    TABLE_IDS.paypal_subscriptions,
    TABLE_IDS.paypal_payments,
    TABLE_IDS.paypal_webhook_events,
    TABLE_IDS.paypal_config,
    TABLE_IDS.paypal_plan_sync,
  ].map((id) => [id, plainWriter(requireTable(id))]),
);
