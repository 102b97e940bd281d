import { describe, expect, it } from 'vitest';
import { emailMark, groupThreads, isUnread, messageableBookings, type MessageLike } from './threads';

function m(over: Partial<MessageLike> & { id: string }): MessageLike {
  return { booking_id: 'b1', guest_name: '', guest_email: 'ana@example.com', direction: 'inbound', status: 'unread', sent_at: '2026-03-01T10:00:00Z', ...over };
}

const BOOKINGS = [
  { id: 'b1', guest_name: 'Ana Souza', guest_email: 'ana@example.com', property_id: 'p1', check_in_date: '2026-03-10', check_out_date: '2026-03-12' },
  { id: 'b2', guest_name: 'Ben Okafor', guest_email: 'ben@example.org', property_id: 'p2', check_in_date: '2026-04-01', check_out_date: '2026-04-05' },
];

describe('groupThreads', () => {
  const messages = [
    m({ id: '1', sent_at: '2026-03-01T10:00:00Z' }),
    m({ id: '2', direction: 'outbound', status: 'sent', sent_at: '2026-03-01T11:00:00Z' }),
    m({ id: '3', sent_at: '2026-03-02T09:00:00Z', status: 'read' }),
    m({ id: '4', booking_id: 'b2', guest_name: 'Ben', guest_email: 'ben@example.org', sent_at: '2026-03-05T09:00:00Z' }),
    m({ id: '5', booking_id: null, guest_email: 'Walk.In@Example.com', guest_name: 'Walk In', sent_at: '2026-02-01T09:00:00Z' }),
    m({ id: '6', booking_id: null, guest_email: 'walk.in@example.com', direction: 'outbound', status: 'sent', sent_at: null }),
  ];
  const threads = groupThreads(messages, BOOKINGS);

  it('groups by booking, or by e-mail without case when there is none, newest conversation first', () => {
    expect(threads.map((t) => t.key)).toEqual(['guest:walk.in@example.com', 'booking:b2', 'booking:b1']);
    expect(threads.map((t) => t.messages.map((x) => x.id))).toEqual([['5', '6'], ['4'], ['1', '2', '3']]);
  });

  it('counts unread inbound messages only', () => {
    expect(threads.map((t) => t.unread)).toEqual([1, 1, 1]);
    expect(isUnread({ direction: 'outbound', status: 'unread' })).toBe(false);
  });

  it('names the guest from the messages, else from the booking', () => {
    expect(threads.find((t) => t.key === 'booking:b1')).toMatchObject({ guestName: 'Ana Souza', booking: BOOKINGS[0] });
    expect(threads.find((t) => t.key === 'booking:b2')?.guestName).toBe('Ben');
  });
});

describe('messageableBookings', () => {
  it('offers current and upcoming stays first, then the recent past, never cancelled or long past ones', () => {
    const list = [
      { ...BOOKINGS[0], id: 'past', check_in_date: '2026-02-20', check_out_date: '2026-02-25', booking_status: 'confirmed' },
      { ...BOOKINGS[0], id: 'old', check_in_date: '2025-12-01', check_out_date: '2025-12-05', booking_status: 'confirmed' },
      { ...BOOKINGS[0], id: 'later', check_in_date: '2026-04-01', check_out_date: '2026-04-03', booking_status: 'confirmed' },
      { ...BOOKINGS[0], id: 'now', check_in_date: '2026-02-28', check_out_date: '2026-03-03', booking_status: 'confirmed' },
      { ...BOOKINGS[0], id: 'cancelled', check_in_date: '2026-03-05', check_out_date: '2026-03-06', booking_status: 'cancelled' },
    ];
    expect(messageableBookings(list, '2026-03-01', '2026-01-30').map((b) => b.id)).toEqual(['now', 'later', 'past']);
  });
});

describe('emailMark', () => {
  it('tells whether a reply went to the guest by e-mail, and nothing for inbound or un-mailed messages', () => {
    expect(emailMark({ direction: 'outbound', email_status: 'sent' })?.label).toBe('host.inbox.emailSent');
    expect(emailMark({ direction: 'outbound', email_status: 'failed' })).toMatchObject({ label: 'host.inbox.emailFailed', tone: 'danger' });
    expect(emailMark({ direction: 'outbound', email_status: 'queued' })?.label).toBe('host.inbox.emailQueued');
    expect(emailMark({ direction: 'outbound', email_status: null })).toBeNull();
    expect(emailMark({ direction: 'inbound', email_status: 'sent' })).toBeNull();
  });
});
