/**
 * The writer of messages a host sends from the inbox (written offline, through the outbox). A
 * reply to a guest with an e-mail address is also e-mailed, queued in the reply's transaction
 * (email/guest-replies.ts); its `email_status` says queued, then sent or failed.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { insertRow } from '../../db/write';
import { writerWith, type Writer } from '../../write/writer';
import { guestReplyAddress, queueGuestReply } from '../email/guest-replies';

const INBOX = requireTable(TABLE_IDS.inbox_messages);

export const inboxMessageWriter: Writer = writerWith(INBOX, {
  create: (tx, ctx, values) => {
    const row = insertRow(tx, INBOX, { ...values, email_status: guestReplyAddress(tx, values) ? 'queued' : null }, ctx.now);
    if (row.email_status === 'queued') queueGuestReply(tx, row, ctx.now);
  },
});
