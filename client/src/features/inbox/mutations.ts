/**
 * What the host does in the inbox, as requests for useWrite (data/use-write.ts), through the
 * outbox so that it works offline: a reply is a new row, marking read a field change of the same
 * table. The server fills host_id from the caller.
 */
import { TABLE } from '../../data/tables';
import type { WriteRequest } from '../../sync/mutate';

export type Recipient = { bookingId: string | null; guestName: string; guestEmail: string };

export function sendMessage(to: Recipient, text: string, now: Date = new Date()): WriteRequest {
  return {
    table: TABLE.inbox_messages,
    op: 'create',
    fields: {
      booking_id: to.bookingId,
      guest_name: to.guestName,
      guest_email: to.guestEmail,
      message_content: text.trim(),
      direction: 'outbound',
      status: 'sent',
      sent_at: now.toISOString(),
    },
  };
}

/** Marks each unread inbound message read: one small write per message, each its own mutation. */
export function markRead(messageIds: readonly string[]): WriteRequest[] {
  return messageIds.map((id): WriteRequest => ({ table: TABLE.inbox_messages, op: 'update', rowId: id, fields: (row) => (row.status === 'unread' ? { status: 'read' } : null) }));
}
