/**
 * A host's reply from the inbox goes to the guest by e-mail (docs/decisions.md, Mail): written in
 * the transaction of the reply (the inbox writer, inbox/writers.ts), sent after commit through the
 * queue, and the reply's `email_status` (queued, then sent or failed) reaches the host's devices
 * by sync. The address is the reply's `guest_email`, else its booking's. A guest without one (a
 * stay imported from a channel's calendar, whose guests the host writes to on that channel) is
 * not e-mailed, and the reply's `email_status` stays empty.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { bookings, hostProfiles, properties, users } from '../../../../shared/schema/tables';
import type { Row, Tx } from '../../db/write';
import { queueMail } from './queue';
import { english } from '../../i18n';
import { guestReplyEmail } from './templates';

const Address = z.email();

function str(row: Row, field: string): string {
  const value = row[field];
  return typeof value === 'string' ? value : '';
}

/** Where a reply would be e-mailed, or null when it is not e-mailed. */
export function guestReplyAddress(tx: Tx, reply: Row): string | null {
  if (str(reply, 'direction') !== 'outbound') return null;
  let address = str(reply, 'guest_email').trim().toLowerCase();
  const bookingId = str(reply, 'booking_id');
  if (!address && bookingId) {
    address = (tx.select({ email: bookings.guest_email }).from(bookings).where(eq(bookings.id, bookingId)).get()?.email ?? '').trim().toLowerCase();
  }
  return address && Address.safeParse(address).success ? address : null;
}

/**
 * Queues the e-mail of a reply just written (`reply`: the stored row) and answers whether it did;
 * the caller marks the reply's `email_status` queued.
 */
export function queueGuestReply(tx: Tx, reply: Row, now: Date): boolean {
  const to = guestReplyAddress(tx, reply);
  if (!to) return false;
  const hostId = str(reply, 'host_id');
  const host = tx
    .select({ company: hostProfiles.company_name, email: hostProfiles.email, name: users.Name })
    .from(hostProfiles)
    .leftJoin(users, eq(users.ID, hostProfiles.user_id))
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
    .get();
  const bookingId = str(reply, 'booking_id');
  const property = bookingId
    ? tx
        .select({ name: properties.property_name })
        .from(bookings)
        .innerJoin(properties, eq(properties.id, bookings.property_id))
        .where(eq(bookings.id, bookingId))
        .get()
    : undefined;
  const hostName = host?.company.trim() || host?.name?.trim() || english('server.mail.yourHost');
  // A guest has no account and no language known to Staykeep: the catalog's English.
  const message = guestReplyEmail(to, {
    guestName: str(reply, 'guest_name').trim(),
    hostName,
    ...(property?.name ? { propertyName: property.name } : {}),
    content: str(reply, 'message_content'),
    ...(host?.email.trim() ? { hostEmail: host.email.trim() } : {}),
  });
  return queueMail(tx, message, { kind: 'guest_reply', inboxMessageId: str(reply, 'id'), now }) !== null;
}
