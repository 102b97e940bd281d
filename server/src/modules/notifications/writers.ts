/**
 * The notification writer: the server creates notifications (service.ts `notify`); their owner
 * marks them read or deletes them through sync or the table API.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const notificationWriter: Writer = plainWriter(requireTable(TABLE_IDS.notifications));
