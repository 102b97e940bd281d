/**
 * GET /api/sync/events over a real socket (app.listen on port 0, fetch stream readers): a poke
 * reaches the users who can see a change, from sync push and from the table API, and nobody
 * else; the three ways to authenticate (Bearer, cookie, single-use ticket; never the session
 * token in the URL); streams end when the app closes. The hub's heartbeat, coalescing and
 * per-user cap are tested on the hub itself with fake timers, the ticket store on its own.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import type { Actor } from '../src/actor';
import { currentVersion, newId, updateRow } from '../src/db/write';
import { TOKEN_COOKIE } from '../src/plugins/auth';
import { SyncHub, type Subscriber } from '../src/modules/sync/events';
import { StreamTickets, TICKET_TTL_MS } from '../src/modules/sync/tickets';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createTask, defOf } from './fixtures';
import { auth, mutation, push } from './sync-helpers';

const T = TABLE_IDS;
const WAIT_MS = 5000;
/** How long "nothing arrives" is watched for. */
const QUIET_MS = 400;

type Event = { event: string; data: string };

/** A reader of one event stream: parsed events in arrival order, and waits on them. */
class Stream {
  readonly events: Event[] = [];
  readonly comments: string[] = [];
  ended = false;
  private buffer = '';
  private wake: (() => void) | null = null;

  private constructor(
    readonly status: number,
    private readonly controller: AbortController,
  ) {}

  static async open(url: string, headers: Record<string, string> = {}): Promise<Stream> {
    const controller = new AbortController();
    const res = await fetch(url, { headers, signal: controller.signal });
    const stream = new Stream(res.status, controller);
    if (res.status === 200 && res.body) void stream.read(res.body.getReader());
    else stream.ended = true;
    return stream;
  }

  private async read(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = this.buffer.indexOf('\n\n')) >= 0) {
          this.parse(this.buffer.slice(0, end));
          this.buffer = this.buffer.slice(end + 2);
        }
        this.wake?.();
      }
    } catch {
      // Aborted by close(): the stream simply ends.
    }
    this.ended = true;
    this.wake?.();
  }

  private parse(block: string): void {
    const event: Event = { event: 'message', data: '' };
    let isEvent = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) this.comments.push(line.slice(1).trim());
      else if (line.startsWith('event: ')) [event.event, isEvent] = [line.slice(7), true];
      else if (line.startsWith('data: ')) [event.data, isEvent] = [line.slice(6), true];
    }
    if (isEvent) this.events.push(event);
  }

  count(name: string): number {
    return this.events.filter((e) => e.event === name).length;
  }

  /** Resolves once `done()` holds, or fails after `ms`. */
  async until(done: () => boolean, ms = WAIT_MS): Promise<void> {
    const deadline = Date.now() + ms;
    while (!done()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out; events so far: ${JSON.stringify(this.events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 50));
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}

let app: TestApp;
let base: string;
const streams: Stream[] = [];

/** A stream ticket asked for with the Bearer header, as the client does before opening the stream. */
async function ticketFor(token: string, clientId?: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/sync/events/ticket', headers: auth(token), payload: clientId ? { clientId } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ ticket: string }>().ticket;
}

async function open(path: string, headers: Record<string, string> = {}): Promise<Stream> {
  const stream = await Stream.open(`${base}${path}`, headers);
  streams.push(stream);
  if (stream.status === 200) await stream.until(() => stream.count('ready') === 1);
  return stream;
}

beforeAll(async () => {
  app = await makeTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of streams) s.close();
  await app.cleanup();
});

describe('sync events', () => {
  it('pokes the host when its staff member pushes a task change, and not another host', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const stranger = createHost(app);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const hostStream = await open('/api/sync/events', auth(host.token));
    const strangerStream = await open('/api/sync/events', auth(stranger.token));
    expect(JSON.parse(hostStream.events[0]!.data)).toEqual({ version: expect.any(Number) });

    await push(app, staff.token, `c-${newId()}`, [mutation(1, T.housekeeping_tasks, 'update', String(task.id), { task_status: 'completed' })]);
    const after = currentVersion(app.db);
    await hostStream.until(() => hostStream.count('poke') === 1);
    const poke = hostStream.events.find((e) => e.event === 'poke')!;
    expect(JSON.parse(poke.data)).toEqual({ version: after });
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(strangerStream.count('poke')).toBe(0);
    expect(hostStream.count('poke')).toBe(1);
  });

  it('pokes the assigned staff member when the host writes through the table API', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const staffStream = await open('/api/sync/events', auth(staff.token));
    const res = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: auth(host.token), payload: { ID: task.id, notes: 'Bring extra towels' } });
    expect(res.statusCode).toBe(200);
    await staffStream.until(() => staffStream.count('poke') === 1);
  });

  it('does not poke the device whose push made the change, but pokes the same user on another device', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const pusher = `c-${newId()}`;
    const pushingDevice = await open(`/api/sync/events?clientId=${pusher}`, auth(staff.token));
    const otherDevice = await open(`/api/sync/events?clientId=c-${newId()}`, auth(staff.token));
    const hostStream = await open('/api/sync/events', auth(host.token));

    await push(app, staff.token, pusher, [mutation(1, T.housekeeping_tasks, 'update', String(task.id), { notes: 'Window latch broken' })]);
    await otherDevice.until(() => otherDevice.count('poke') === 1);
    await hostStream.until(() => hostStream.count('poke') === 1);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(pushingDevice.count('poke')).toBe(0);

    // A write that did not come from its push (the host's, through the table API) reaches it as usual.
    const res = await app.inject({ method: 'POST', url: `/api/table/${T.housekeeping_tasks}/update`, headers: auth(host.token), payload: { ID: task.id, notes: 'Latch fixed' } });
    expect(res.statusCode).toBe(200);
    await pushingDevice.until(() => pushingDevice.count('poke') === 1);
  });

  it('pokes nobody for a push that was rejected (nothing was written)', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const hostStream = await open('/api/sync/events', auth(host.token));
    const reply = await push(app, staff.token, `c-${newId()}`, [mutation(1, T.housekeeping_tasks, 'update', String(task.id), { cost: 12 })]);
    expect(reply.results[0]?.status).toBe('rejected');
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(hostStream.count('poke')).toBe(0);
  });

  it('does not poke a staff member for rows it cannot read (bookings)', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId);
    // The set-up's own writes reach the feed on the next turn: let them pass before listening.
    await new Promise((resolve) => setImmediate(resolve));
    const hostStream = await open('/api/sync/events', auth(host.token));
    const staffStream = await open('/api/sync/events', auth(staff.token));
    const res = await app.inject({
      method: 'POST',
      url: `/api/table/${T.bookings}/create`,
      headers: auth(host.token),
      payload: { property_id: task.property_id, check_in_date: '2031-03-01', check_out_date: '2031-03-04' },
    });
    expect(res.statusCode).toBe(201);
    await hostStream.until(() => hostStream.count('poke') === 1);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(staffStream.count('poke')).toBe(0);
  });

  it('authenticates with a single-use ticket or the session cookie, and answers 401 without one', async () => {
    const host = createHost(app);
    const ticket = await ticketFor(host.token);
    const byTicket = await open(`/api/sync/events?ticket=${encodeURIComponent(ticket)}`);
    const byCookie = await open('/api/sync/events', { cookie: `${TOKEN_COOKIE}=${encodeURIComponent(host.token)}` });
    expect([byTicket.status, byCookie.status]).toEqual([200, 200]);
    const none = await Stream.open(`${base}/api/sync/events`);
    const bad = await Stream.open(`${base}/api/sync/events?ticket=not-a-ticket`);
    // A ticket works once: a reconnect with the same URL is refused, and the client asks for a new one.
    const again = await Stream.open(`${base}/api/sync/events?ticket=${encodeURIComponent(ticket)}`);
    expect([none.status, bad.status, again.status]).toEqual([401, 401, 401]);
    const noSession = await app.inject({ method: 'POST', url: '/api/sync/events/ticket', payload: {} });
    expect(noSession.statusCode).toBe(401);

    app.changes.publish({ changes: [{ table: T.properties, id: 'p', op: 'update', ownerAfter: host.hostProfileId }] });
    await byTicket.until(() => byTicket.count('poke') === 1);
    await byCookie.until(() => byCookie.count('poke') === 1);
  });

  it('refuses the session token in the URL, even beside a valid cookie', async () => {
    const host = createHost(app);
    const byToken = await Stream.open(`${base}/api/sync/events?token=${encodeURIComponent(host.token)}`);
    const withCookie = await Stream.open(`${base}/api/sync/events?token=${encodeURIComponent(host.token)}`, {
      cookie: `${TOKEN_COOKIE}=${encodeURIComponent(host.token)}`,
    });
    expect([byToken.status, withCookie.status]).toEqual([400, 400]);
  });

  it("binds a ticket to the device it was asked for: that device is not poked about its own pushes", async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    const task = createTask(app, host.hostProfileId, { assigned_staff_id: staff.staffId });
    const pusher = `c-${newId()}`;
    const pushingDevice = await open(`/api/sync/events?ticket=${encodeURIComponent(await ticketFor(staff.token, pusher))}`);
    const otherDevice = await open(`/api/sync/events?ticket=${encodeURIComponent(await ticketFor(staff.token, `c-${newId()}`))}`);
    // Another device's id beside a ticket is refused (400), and the ticket is spent.
    const mixed = await Stream.open(`${base}/api/sync/events?ticket=${encodeURIComponent(await ticketFor(staff.token, pusher))}&clientId=c-other`);
    expect(mixed.status).toBe(400);

    await push(app, staff.token, pusher, [mutation(1, T.housekeeping_tasks, 'update', String(task.id), { notes: 'Hinge squeaks' })]);
    await otherDevice.until(() => otherDevice.count('poke') === 1);
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(pushingDevice.count('poke')).toBe(0);
  });

  it('refuses a ticket once it has expired, and a suspended host with a ticket', async () => {
    let now = new Date('2031-06-01T10:00:00Z');
    const own = await makeTestApp({ now: () => now });
    try {
      await own.listen({ port: 0, host: '127.0.0.1' });
      const ownBase = `http://127.0.0.1:${(own.server.address() as AddressInfo).port}`;
      const host = createHost(own);
      const ask = async () => (await own.inject({ method: 'POST', url: '/api/sync/events/ticket', headers: auth(host.token), payload: {} })).json<{ ticket: string }>().ticket;
      const late = await ask();
      now = new Date(now.getTime() + TICKET_TTL_MS);
      const expired = await Stream.open(`${ownBase}/api/sync/events?ticket=${encodeURIComponent(late)}`);
      expect(expired.status).toBe(401);
      const inTime = await ask();
      now = new Date(now.getTime() + TICKET_TTL_MS - 1);
      const fine = await Stream.open(`${ownBase}/api/sync/events?ticket=${encodeURIComponent(inTime)}`);
      expect(fine.status).toBe(200);
      fine.close();

      const suspendedTicket = await ask();
      own.db.transaction((tx) => updateRow(tx, defOf(T.host_profiles), host.hostProfileId, { account_status: 'suspended' }, own.now()));
      const suspended = await Stream.open(`${ownBase}/api/sync/events?ticket=${encodeURIComponent(suspendedTicket)}`);
      expect(suspended.status).toBe(401);
    } finally {
      await own.cleanup();
    }
  });

  it('ends open streams when the app closes', async () => {
    const own = await makeTestApp();
    await own.listen({ port: 0, host: '127.0.0.1' });
    const host = createHost(own);
    const stream = await Stream.open(`http://127.0.0.1:${(own.server.address() as AddressInfo).port}/api/sync/events`, auth(host.token));
    await stream.until(() => stream.count('ready') === 1);
    const started = Date.now();
    await own.cleanup();
    await stream.until(() => stream.ended);
    expect(Date.now() - started).toBeLessThan(WAIT_MS);
  });
});

describe('sync hub', () => {
  const actor = (userId: string): Actor => ({ userId, role: 'host', email: `${userId}@example.test`, name: userId, hostProfileId: `hp-${userId}` });
  function fake(userId: string): Subscriber & { chunks: string[]; ended: boolean } {
    const s = {
      actor: actor(userId),
      hostIds: [`hp-${userId}`],
      clientId: null,
      chunks: [] as string[],
      ended: false,
      write(chunk: string) {
        s.chunks.push(chunk);
      },
      end() {
        s.ended = true;
      },
    };
    return s;
  }

  it('writes a heartbeat comment every interval, coalesces pokes and caps streams per user', async () => {
    vi.useFakeTimers();
    try {
      let version = 7;
      const hub = new SyncHub({ heartbeatMs: 25_000, maxPerUser: 2, version: () => version });
      const a = fake('a');
      hub.add(a);
      vi.advanceTimersByTime(24_999);
      expect(a.chunks).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(a.chunks).toEqual([': heartbeat\n\n']);

      hub.poke([a]);
      hub.poke([a]);
      version = 9;
      vi.runOnlyPendingTimers();
      expect(a.chunks.filter((c) => c.startsWith('event: poke'))).toEqual(['event: poke\ndata: {"version":9}\n\n']);

      const a2 = fake('a');
      const a3 = fake('a');
      hub.add(a2);
      hub.add(a3);
      expect([a.ended, a2.ended, a3.ended]).toEqual([true, false, false]);
      expect(hub.size).toBe(2);
      hub.closeAll();
      expect(hub.size).toBe(0);
      const before = a3.chunks.length;
      vi.advanceTimersByTime(60_000);
      expect(a3.chunks.length).toBe(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('matches listeners by the read policy and the rows owner, before and after a move', async () => {
    const hub = new SyncHub({ heartbeatMs: 25_000, maxPerUser: 5, version: () => 1 });
    const [a, b, c] = [fake('a'), fake('b'), fake('c')];
    for (const s of [a, b, c]) hub.add(s);
    const pokedBy = async (changes: Parameters<SyncHub['onChanges']>[1]['changes']) => {
      for (const s of [a, b, c]) s.chunks.length = 0;
      hub.onChanges(app.db, { changes });
      await new Promise((resolve) => setImmediate(resolve));
      return [a, b, c].filter((s) => s.chunks.length > 0);
    };
    expect(await pokedBy([{ table: T.properties, id: 'p', op: 'update', ownerAfter: 'hp-a' }])).toEqual([a]);
    expect(await pokedBy([{ table: T.display_settings, id: 'd', op: 'update', ownerAfter: 'b' }])).toEqual([b]);
    // A row moved to another host: both hear of it.
    expect(await pokedBy([{ table: T.bookings, id: 'x', op: 'update', ownerBefore: 'hp-a', ownerAfter: 'hp-c' }])).toEqual([a, c]);
    // Hosts cannot read platform settings at all.
    expect(await pokedBy([{ table: T.platform_settings, id: 's', op: 'update', ownerAfter: null }])).toEqual([]);
    hub.closeAll();
  });
});

describe('stream tickets', () => {
  it('keeps at most the newest tickets of a user, each usable once, and never the ticket itself', () => {
    const now = new Date('2031-01-01T00:00:00Z');
    const tickets = new StreamTickets(() => now, 30_000, 3);
    const issued = [1, 2, 3, 4].map(() => tickets.issue({ userId: 'u1', sessionId: 's1', clientId: 'c1' }).ticket);
    const other = tickets.issue({ userId: 'u2', sessionId: 's2', clientId: null }).ticket;
    expect(tickets.size).toBe(4);
    // Held as hashes: no issued value is a key of the store.
    const held = JSON.stringify([...(Reflect.get(tickets, 'byHash') as Map<string, unknown>).keys()]);
    for (const t of [...issued, other]) expect(held).not.toContain(t);
    expect(tickets.redeem(issued[0] as string)).toBeNull();
    expect(tickets.redeem(issued[3] as string)).toEqual({ userId: 'u1', sessionId: 's1', clientId: 'c1' });
    expect(tickets.redeem(issued[3] as string)).toBeNull();
    expect(tickets.redeem(other)).toEqual({ userId: 'u2', sessionId: 's2', clientId: null });
    expect(tickets.size).toBe(2);
  });
});
