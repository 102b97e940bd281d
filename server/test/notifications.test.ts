/**
 * Notification routes (/api/notifications): 401 without a session, the caller's own rows only,
 * newest first with the unread count, mark one read (404 for another's), mark all read, clear;
 * every change versioned so that sync carries it to the other devices.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../shared/schema/tables';
import { notify } from '../src/modules/notifications/service';
import { loadActor } from '../src/actor';
import { runUrgentTasks } from '../src/jobs/task-alerts';
import type { Subscriber } from '../src/modules/sync/events';
import { createHost, createStaff, createTask, createUser, type UserFixture } from './fixtures';
import { waitFor } from './push-helpers';
import { makeTestApp, type TestApp } from './helpers';

let app: TestApp;
let clock = new Date('2031-05-01T08:00:00.000Z');

beforeAll(async () => {
  app = await makeTestApp({ now: () => clock });
});

afterAll(async () => {
  await app.cleanup();
});

type View = { id: string; title: string; isRead: boolean; type: string; timestamp: string };
type List = { notifications: View[]; unreadCount: number };

function auth(user: UserFixture) {
  return { authorization: `Bearer ${user.token}` };
}

function give(user: UserFixture, title: string, type: 'info' | 'warning' | 'urgent' = 'info'): string {
  clock = new Date(clock.getTime() + 1000);
  return app.db.transaction((tx) => notify(tx, { userId: user.userId, title, type, taskId: 't1', actionUrl: '/housekeeping?taskId=t1' }, clock)).notification.id;
}

async function list(user: UserFixture, query = ''): Promise<List> {
  const res = await app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(user) });
  expect(res.statusCode).toBe(200);
  return res.json() as List;
}

describe('notification routes', () => {
  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['POST', '/api/notifications/x/read'],
      ['POST', '/api/notifications/read-all'],
      ['DELETE', '/api/notifications'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('list the caller’s own notifications only, newest first, with the camelCase entity fields and the unread count', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const admin = createUser(app, 'admin');
    const first = give(host, 'Task Completed');
    const second = give(host, 'Task Overdue', 'warning');
    give(staff, 'Task Assigned');

    const mine = await list(host);
    expect(mine.notifications.map((n) => n.id)).toEqual([second, first]);
    expect(mine.unreadCount).toBe(2);
    expect(Object.keys(mine.notifications[0] ?? {}).sort()).toEqual(
      ['actionUrl', 'dueDate', 'hostId', 'id', 'isRead', 'message', 'scheduledDate', 'taskId', 'timestamp', 'title', 'type'].sort(),
    );
    expect(mine.notifications[0]).toMatchObject({ title: 'Task Overdue', type: 'warning', isRead: false, actionUrl: '/housekeeping?taskId=t1', taskId: 't1' });
    expect((await list(staff)).notifications.map((n) => n.title)).toEqual(['Task Assigned']);
    // Admins see their own notifications here, not everyone's.
    expect(await list(admin)).toEqual({ notifications: [], unreadCount: 0 });
  });

  it('mark one read (only the caller’s: another’s is a 404 and stays unread)', async () => {
    const host = createHost(app);
    const other = createHost(app);
    const id = give(host, 'Task Assigned');
    const before = app.db.select().from(notifications).where(eq(notifications.id, id)).get();

    const denied = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(other) });
    expect(denied.statusCode).toBe(404);
    expect(app.db.select().from(notifications).where(eq(notifications.id, id)).get()?.isRead).toBe(false);
    const missing = await app.inject({ method: 'POST', url: '/api/notifications/no-such-id/read', headers: auth(host) });
    expect(missing.statusCode).toBe(404);

    const res = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(host) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, isRead: true });
    const after = app.db.select().from(notifications).where(eq(notifications.id, id)).get();
    expect(after?.isRead).toBe(true);
    expect(after?.version).toBeGreaterThan(before?.version ?? Infinity);
    expect((await list(host)).unreadCount).toBe(0);

    // Marking it again changes nothing.
    const again = await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(host) });
    expect(again.statusCode).toBe(200);
    expect(app.db.select().from(notifications).where(eq(notifications.id, id)).get()?.version).toBe(after?.version);
  });

  it('filter unread ones and limit the list (400 naming a bad limit)', async () => {
    const host = createHost(app);
    const ids = [give(host, 'A'), give(host, 'B'), give(host, 'C')];
    await app.inject({ method: 'POST', url: `/api/notifications/${ids[1]}/read`, headers: auth(host) });
    expect((await list(host, '?unread=true')).notifications.map((n) => n.title)).toEqual(['C', 'A']);
    expect((await list(host, '?limit=1')).notifications.map((n) => n.title)).toEqual(['C']);
    for (const query of ['?limit=0', '?limit=201', '?limit=abc', '?unread=yes']) {
      const res = await app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(host) });
      expect(res.statusCode, query).toBe(400);
      expect((res.json() as { error: string }).error, query).toMatch(/^Invalid value for querystring (limit|unread)/);
    }
  });

  it('mark all read, for the caller only', async () => {
    const host = createHost(app);
    const other = createHost(app);
    give(host, 'One');
    give(host, 'Two');
    give(other, 'Theirs');
    const res = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: auth(host) });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await list(host)).notifications.every((n) => n.isRead)).toBe(true);
    expect((await list(other)).unreadCount).toBe(1);
    const again = await app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: auth(host) });
    expect(again.json()).toEqual({ updated: 0 });
  });

  it('clear the caller’s notifications with tombstones, leaving others’ alone', async () => {
    const host = createHost(app);
    const other = createHost(app);
    const gone = [give(host, 'One'), give(host, 'Two')];
    give(other, 'Theirs');
    const res = await app.inject({ method: 'DELETE', url: '/api/notifications', headers: auth(host) });
    expect(res.json()).toEqual({ deleted: 2 });
    expect(await list(host)).toEqual({ notifications: [], unreadCount: 0 });
    for (const id of gone) expect(app.db.select().from(notifications).where(eq(notifications.id, id)).get()?.deleted_at).not.toBeNull();
    expect((await list(other)).notifications).toHaveLength(1);
  });

  it('poke the owner’s open streams once committed, wherever they were written (here: an alert job), and nobody else', async () => {
    const host = createHost(app);
    const bystander = createHost(app);
    createTask(app, host.hostProfileId, { priority_level: 'urgent', created_date: clock.toISOString() });
    // The set-up's own writes reach the feed on the next turn: let them pass before listening.
    await new Promise((resolve) => setImmediate(resolve));
    const listen = (user: UserFixture) => {
      const actor = loadActor(app.db, user.userId);
      if (!actor) throw new Error('no actor');
      const chunks: string[] = [];
      const subscriber: Subscriber = { actor, hostIds: actor.hostProfileId ? [actor.hostProfileId] : [], clientId: null, write: (c) => chunks.push(c), end: () => undefined };
      app.syncHub.add(subscriber);
      return { chunks, stop: () => app.syncHub.remove(subscriber) };
    };
    const owner = listen(host);
    const other = listen(bystander);
    try {
      const run = runUrgentTasks(app.db, new Date(clock.getTime() + 1000));
      expect(run.notifications).toBe(1);
      // Nothing is said before the commit's after-work runs.
      expect(owner.chunks).toEqual([]);
      await waitFor(
        () => owner.chunks,
        (c) => c.some((chunk) => chunk.startsWith('event: poke')),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(other.chunks).toEqual([]);
    } finally {
      owner.stop();
      other.stop();
    }
  });

  it('reach the owner through sync pull, read state included', async () => {
    const staff = createStaff(app, createHost(app).hostProfileId);
    const id = give(staff, 'Task Assigned');
    await app.inject({ method: 'POST', url: `/api/notifications/${id}/read`, headers: auth(staff) });
    const res = await app.inject({ method: 'GET', url: '/api/sync/pull?cursor=0', headers: auth(staff) });
    expect(res.statusCode).toBe(200);
    const changes = (res.json() as { changes: { table: number; row: { id: string; isRead?: boolean } }[] }).changes;
    const pulled = changes.filter((c) => c.table === 20140).map((c) => c.row);
    expect(pulled).toEqual([expect.objectContaining({ id, isRead: true })]);
  });
});
