/**
 * The inbox's conversations: guest messages grouped by booking, with their
 * unread count, newest conversation first. A message without a booking joins the conversation of
 * its guest's e-mail, so nothing is left out. Pure, for tests.
 */
import type { MessageId } from '../../i18n/message-ids';

export type MessageLike = {
  id: string;
  booking_id: string | null;
  guest_name: string;
  guest_email: string;
  direction: 'inbound' | 'outbound';
  status: string;
  sent_at: string | null;
};

export type BookingRef = { id: string; guest_name: string; guest_email: string; property_id: string; check_in_date: string; check_out_date: string };

export type Thread<M extends MessageLike> = {
  key: string;
  bookingId: string | null;
  guestName: string;
  guestEmail: string;
  booking: BookingRef | undefined;
  /** Oldest first, as a conversation reads. */
  messages: M[];
  unread: number;
  lastAt: string;
};

export function threadKey(message: Pick<MessageLike, 'booking_id' | 'guest_email'>): string {
  return message.booking_id ? `booking:${message.booking_id}` : `guest:${message.guest_email.trim().toLowerCase()}`;
}

export function isUnread(message: Pick<MessageLike, 'direction' | 'status'>): boolean {
  return message.direction === 'inbound' && message.status === 'unread';
}

/** A message not sent yet sorts last (it was written just now, offline). */
function timeOf(m: MessageLike): string {
  return m.sent_at ?? '\uffff';
}

function byTime(a: MessageLike, b: MessageLike): number {
  const ta = timeOf(a);
  const tb = timeOf(b);
  return ta < tb ? -1 : ta > tb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function groupThreads<M extends MessageLike>(messages: readonly M[], bookings: readonly BookingRef[]): Thread<M>[] {
  const bookingById = new Map(bookings.map((b) => [b.id, b]));
  const groups = new Map<string, M[]>();
  for (const m of messages) {
    const key = threadKey(m);
    const list = groups.get(key);
    if (list) list.push(m);
    else groups.set(key, [m]);
  }
  const threads: Thread<M>[] = [];
  for (const [key, list] of groups) {
    list.sort(byTime);
    const first = list[0] as M;
    const last = list[list.length - 1] as M;
    const booking = first.booking_id ? bookingById.get(first.booking_id) : undefined;
    const named = list.find((m) => m.guest_name.trim()) ?? first;
    threads.push({
      key,
      bookingId: first.booking_id,
      guestName: named.guest_name.trim() || booking?.guest_name || first.guest_email || 'Guest',
      guestEmail: list.find((m) => m.guest_email)?.guest_email ?? booking?.guest_email ?? '',
      booking,
      messages: list,
      unread: list.filter(isUnread).length,
      lastAt: timeOf(last),
    });
  }
  return threads.sort((a, b) => (a.lastAt < b.lastAt ? 1 : a.lastAt > b.lastAt ? -1 : a.key < b.key ? -1 : 1));
}

/** Bookings a new conversation can start from: not cancelled, not over more than 30 days ago, with a guest. */
export function messageableBookings<B extends BookingRef & { booking_status: string }>(bookings: readonly B[], today: string, cutoff: string): B[] {
  return bookings
    .filter((b) => b.booking_status !== 'cancelled' && b.check_out_date >= cutoff && (b.guest_email.trim() || b.guest_name.trim()))
    .sort((a, b) => {
      // Current and upcoming stays first (soonest first), then the recent past.
      const aPast = a.check_out_date < today;
      const bPast = b.check_out_date < today;
      if (aPast !== bPast) return aPast ? 1 : -1;
      return aPast ? (a.check_in_date < b.check_in_date ? 1 : -1) : a.check_in_date < b.check_in_date ? -1 : a.check_in_date > b.check_in_date ? 1 : 0;
    });
}

/** The label and longer description are message ids of the host catalog. */
export type EmailMark = { label: MessageId; tone: 'info' | 'success' | 'danger'; description: MessageId };

/**
 * What the thread says of a reply's e-mail to the guest (the server's `email_status`): nothing for
 * an inbound message or a reply that was not e-mailed (the guest has no address).
 */
export function emailMark(message: { direction: string; email_status?: string | null }): EmailMark | null {
  if (message.direction !== 'outbound') return null;
  switch (message.email_status) {
    case 'queued':
      return { label: 'host.inbox.emailQueued', tone: 'info', description: 'host.inbox.emailQueuedText' };
    case 'sent':
      return { label: 'host.inbox.emailSent', tone: 'success', description: 'host.inbox.emailSentText' };
    case 'failed':
      return { label: 'host.inbox.emailFailed', tone: 'danger', description: 'host.inbox.emailFailedText' };
    default:
      return null;
  }
}
