/** The push-subscription writer: the push routes subscribe a device; the table API may remove one. */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const pushSubscriptionWriter: Writer = plainWriter(requireTable(TABLE_IDS.push_subscriptions));
