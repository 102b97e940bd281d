/**
 * What the host does in the inbox, through the outbox so that it works offline (decisions.md
 * "Through the outbox": inbox replies; marking read is a field change of the same table). The
 * server fills host_id from the caller.
 */
import { TABLE } from '../../data/tables';
import type { Write } from '../tasks/mutations';

export type Recipient = { bookingId: string | null; guestName: string; guestEmail: string };

export function sendMessage(write: Write, to: Recipient, text: string, now: Date = new Date()) {
  return write({
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
  });
}

/** Marks each unread inbound message read: one small write per message, each its own mutation. */
export async function markRead(write: Write, messageIds: readonly string[]): Promise<number> {
  let changed = 0;
  for (const id of messageIds) {
    const entry = await write({ table: TABLE.inbox_messages, op: 'update', rowId: id, fields: (row) => (row.status === 'unread' ? { status: 'read' } : null) });
    if (entry) changed += 1;
  }
  return changed;
}
