/** The inbox writes on the real outbox path (fake-indexeddb): they work with no server at all. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaykeepDb } from '../../db/db';
import { SYNCED_TABLES } from '../../db/schema';
import { claimStore } from '../../db/store';
import { createWriteRunner } from '../../data/write-runner';
import { mutate } from '../../sync/mutate';
import { testStore } from '../../sync/test-db';
import { markRead, sendMessage } from './mutations';

const INBOX = SYNCED_TABLES.inbox_messages;
let db: StaykeepDb;
const runner = () => createWriteRunner({ write: (request) => mutate(db, request, { role: 'host' }) });

beforeEach(async () => {
  db = testStore().open();
  await db.open();
  await claimStore(db, 'user-1');
  await db.rows('inbox_messages').bulkPut([
    { id: 'm1', version: 1, host_id: 'h1', booking_id: 'b1', guest_name: 'Ana', guest_email: 'ana@example.com', message_content: 'Hi!', direction: 'inbound', status: 'unread', sent_at: '2026-03-01T10:00:00Z' },
    { id: 'm2', version: 1, host_id: 'h1', booking_id: 'b1', guest_name: 'Ana', guest_email: 'ana@example.com', message_content: 'Late arrival', direction: 'inbound', status: 'read', sent_at: '2026-03-01T11:00:00Z' },
  ]);
});

afterEach(() => {
  db.close();
});

describe('inbox writes', () => {
  it('queues a reply as an outbound message of the booking and shows it at once', async () => {
    const outcome = await runner().run(sendMessage({ bookingId: 'b1', guestName: 'Ana', guestEmail: 'ana@example.com' }, '  See you at 3 pm  ', new Date('2026-03-01T12:00:00Z')));
    const entry = outcome.ok ? outcome.written[0] : undefined;
    expect(entry).toMatchObject({ table: INBOX, op: 'create', fields: { booking_id: 'b1', message_content: 'See you at 3 pm', direction: 'outbound', status: 'sent', sent_at: '2026-03-01T12:00:00.000Z' } });
    const stored = await db.rows('inbox_messages').get(entry?.rowId ?? '');
    expect(stored).toMatchObject({ guest_email: 'ana@example.com', message_content: 'See you at 3 pm' });
    expect(await db.outbox.count()).toBe(1);
  });

  it('marks only unread messages read, one mutation each', async () => {
    const written = async (ids: string[]) => {
      const outcome = await runner().run(markRead(ids));
      return outcome.ok ? outcome.written.length : -1;
    };
    expect(await written(['m1', 'm2'])).toBe(1);
    expect((await db.rows('inbox_messages').get('m1'))?.status).toBe('read');
    const queued = await db.outbox.toArray();
    expect(queued.map((e) => [e.rowId, e.op, e.fields])).toEqual([['m1', 'update', { status: 'read' }]]);
    // Again: nothing left to change, nothing queued.
    expect(await written(['m1'])).toBe(0);
    expect(await db.outbox.count()).toBe(1);
  });
});
