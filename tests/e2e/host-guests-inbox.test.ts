/**
 * Guests and inbox of the host workspace: with the network cut, the host replies to a guest and
 * marks a conversation read (both through the outbox, marked as waiting); back online both reach
 * the server, and the reply, e-mailed to the guest, is marked "Sent by e-mail". The guest sync (online only) answers with its Success toast and counts
 * (shared/messages.ts).
 */
import { describe, expect, it } from 'vitest';
import { GUEST_SYNC_SUCCESS_TITLE, guestSyncSuccessText } from '../../shared/messages';
import { browserSessions } from './support/browser';
import { localRows, storedToken } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { signInAs, signInReady } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { SyncStatusPill } from './pages/sync-status';

const { open } = browserSessions();

type Message = { id: string; booking_id: string; guest_name: string; direction: string; status: string; message_content: string; email_status: string | null };

describe('host inbox and guests', () => {
  it('replies and marks read offline; both reach the server once back online', async () => {
    const host = await open();
    const sync = await signInReady(host.page, 'host');
    const messages = (await localRows(host.page, 'inbox_messages')) as Message[];
    const unread = messages.find((m) => m.direction === 'inbound' && m.status === 'unread');
    if (!unread) throw new Error('The demo inbox has no unread message');

    await host.page.goto('/host/inbox');
    const shell = new AppShell(host.page);
    await shell.waitForHeading('Inbox');
    await host.page.getByRole('navigation', { name: 'Conversations' }).getByRole('button').filter({ hasText: unread.guest_name }).first().click();
    const conversation = host.page.getByRole('region', { name: `Conversation with ${unread.guest_name}` });
    await conversation.waitFor();

    await goOffline(host.context);
    await sync.waitForState('offline');
    const text = `Offline reply ${Date.now()}`;
    await conversation.getByLabel(`Reply to ${unread.guest_name}`).fill(text);
    await conversation.getByRole('button', { name: 'Send reply' }).click();
    await conversation.getByRole('listitem').filter({ hasText: text }).getByText('Waiting to send').waitFor();
    await conversation.getByRole('button', { name: 'Mark as read' }).click();
    await sync.waitForPending('offline', 2);

    await goOnline(host.context);
    await sync.waitForSynced();
    await conversation.getByRole('listitem').filter({ hasText: text }).waitFor();
    expect(await conversation.getByText('Waiting to send').count()).toBe(0);
    // The guest has an e-mail address: the server e-mails the reply (the demo's development
    // transport) and the thread learns it by sync.
    await conversation.getByRole('listitem').filter({ hasText: text }).getByText('Sent by e-mail').waitFor();

    // The server has both: the reply, and the guest's message read.
    const token = await storedToken(host.page);
    const page = async (filters: unknown[]) => {
      const res = await host.page.request.post('/api/table/20153/page', { headers: { authorization: `Bearer ${token}` }, data: { PageNo: 1, PageSize: 50, Filters: filters } });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { List: Message[] }).List;
    };
    expect((await page([{ name: 'message_content', op: 'Equal', value: text }])).map((m) => [m.booking_id, m.direction, m.email_status])).toEqual([[unread.booking_id, 'outbound', 'sent']]);
    expect((await page([{ name: 'id', op: 'Equal', value: unread.id }]))[0]?.status).toBe('read');
  });

  it('syncs guests with the Success toast and counts', async () => {
    const host = await open();
    await signInAs(host.page, 'host');
    await new SyncStatusPill(host.page).waitForSynced();
    await host.page.goto('/host/guests');
    await new AppShell(host.page).waitForHeading('Guests');
    const bookings = (await localRows(host.page, 'bookings')) as { guest_email: string }[];
    await host.page.getByRole('button', { name: 'Sync guests' }).click();
    const toast = host.page.locator('.toast', { hasText: GUEST_SYNC_SUCCESS_TITLE });
    await toast.waitFor();
    const guests = new Set(bookings.map((b) => b.guest_email.trim().toLowerCase()).filter(Boolean)).size;
    expect(await toast.innerText()).toContain(guestSyncSuccessText(guests, bookings.length));
  });
});
