/** The writer of messages a host sends from the inbox (written offline, through the outbox). */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const inboxMessageWriter: Writer = plainWriter(requireTable(TABLE_IDS.inbox_messages));
