/**
 * Writers of the channel-partner and channel-manager tables. The generic API only reads and
 * deletes them (their rows are written by the partner integration's own routes); a delete leaves
 * a tombstone like any other.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const partnerWriters: ReadonlyMap<number, Writer> = new Map(
  [
    TABLE_IDS.channel_credentials,
    TABLE_IDS.partner_credentials,
    TABLE_IDS.partner_sync_logs,
    TABLE_IDS.partner_bookings,
    TABLE_IDS.partner_properties,
    TABLE_IDS.partner_oauth_tokens,
    TABLE_IDS.partner_messages,
  ].map((id) => [id, plainWriter(requireTable(id))]),
);
