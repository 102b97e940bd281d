/**
 * The poke channel of `GET /api/sync/events`: open event streams per signed-in user, fed by the
 * change feed (server/src/db/changes.ts). After each committed write the users who can see the
 * written rows are poked, so they pull at once instead of at their next 30 s poll; the device
 * whose push made the change is not (its push answer already leads it to pull).
 *
 * A poke carries no row data, only the server's version, so a stream needs nothing but who is
 * listening; who hears of which rows is the policy's answer (`hearsOf`).
 */
import type { ServerResponse } from 'node:http';
import { inArray } from 'drizzle-orm';
import { tableById, type TableDef } from '../../../../shared/registry';
import { SYNC_EVENTS, type SyncEventData } from '../../../../shared/sync';
import type { Actor } from '../../actor';
import type { ChangeBatch } from '../../db/changes';
import type { Db } from '../../db/index';
import { columnsOf, currentVersion, keyColumn } from '../../db/write';
import { hearsOf, type Listener } from '../../policy';
import type { StreamTickets } from './tickets';

declare module 'fastify' {
  interface FastifyInstance {
    syncHub: SyncHub;
    /** The event stream's single-use tickets (tickets.ts). */
    streamTickets: StreamTickets;
  }
}

export type Subscriber = Listener & {
  /** The sync client (device) behind the stream, when it said: it is not poked about its own pushes. */
  readonly clientId: string | null;
  write(chunk: string): void;
  end(): void;
};

export type HubOptions = {
  /** A comment line this often keeps proxies and the browser from dropping an idle stream. */
  heartbeatMs: number;
  /** Streams one user may hold open (tabs, devices); the oldest closes when one more opens. */
  maxPerUser: number;
  /** The server's current version, sent with each poke. */
  version: () => number;
};

export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 10;

/** One server-sent event: an event name and a JSON data line. */
export function eventChunk(event: string, data: SyncEventData): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class SyncHub {
  private readonly subscribers = new Set<Subscriber>();
  private readonly due = new Set<Subscriber>();
  private flushing: NodeJS.Immediate | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(private readonly options: HubOptions) {}

  get size(): number {
    return this.subscribers.size;
  }

  add(subscriber: Subscriber): void {
    const same = [...this.subscribers].filter((s) => s.actor.userId === subscriber.actor.userId);
    for (const old of same.slice(0, Math.max(0, same.length - this.options.maxPerUser + 1))) this.close(old);
    this.subscribers.add(subscriber);
    if (!this.heartbeat) {
      this.heartbeat = setInterval(() => {
        for (const s of this.subscribers) s.write(': heartbeat\n\n');
      }, this.options.heartbeatMs);
      this.heartbeat.unref();
    }
  }

  remove(subscriber: Subscriber): void {
    this.subscribers.delete(subscriber);
    this.due.delete(subscriber);
    if (this.subscribers.size === 0 && this.heartbeat) {
      clearInterval(this.heartbeat);
      this.heartbeat = null;
    }
  }

  close(subscriber: Subscriber): void {
    this.remove(subscriber);
    subscriber.end();
  }

  /** Closes the streams opened with these sessions (revoked: modules/auth/sessions.ts). */
  closeSessions(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    const ended = new Set(sessionIds);
    for (const s of [...this.subscribers]) if (s.actor.sessionId !== undefined && ended.has(s.actor.sessionId)) this.close(s);
  }

  closeAll(): void {
    for (const s of [...this.subscribers]) this.close(s);
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
  }

  /** Pokes whoever may see a row the committed batch changed, but the client that made it. */
  onChanges(db: Db, batch: ChangeBatch): void {
    if (this.subscribers.size === 0) return;
    const listeners = batch.origin === undefined ? [...this.subscribers] : [...this.subscribers].filter((s) => s.clientId !== batch.origin);
    if (listeners.length === 0) return;
    for (const [def, owners] of ownersByTable(db, batch)) this.poke(listeners.filter((s) => hearsOf(s, def, owners)));
  }

  /** Pokes these listeners once each, after the current tick: a batch of writes is one poke. */
  poke(subscribers: Iterable<Subscriber>): void {
    for (const s of subscribers) this.due.add(s);
    if (this.due.size === 0 || this.flushing) return;
    this.flushing = setImmediate(() => {
      this.flushing = null;
      if (this.due.size === 0) return;
      const chunk = eventChunk(SYNC_EVENTS.poke, { version: this.options.version() });
      for (const s of this.due) s.write(chunk);
      this.due.clear();
    });
  }
}

/** A listener writing to an open HTTP response. */
export function streamSubscriber(raw: ServerResponse, actor: Actor, hostIds: readonly string[], clientId: string | null): Subscriber {
  return {
    actor,
    hostIds,
    clientId,
    write(chunk) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
  };
}

/** The host profiles whose rows the actor sees through a host-owned scope (a host's own, every employer of a housekeeper). */
export function hostIdsOf(actor: Actor): string[] {
  if (actor.hostProfileId) return [actor.hostProfileId];
  return actor.staffRows?.map((r) => r.hostId) ?? [];
}

const LOOKUP_CHUNK = 500;

/**
 * The owners (owner column values) of the synced rows a batch changed, per table: as the writers
 * recorded them, before and after (a row moved to another host is heard of by both), and looked
 * up by id where a writer did not know them.
 */
function ownersByTable(db: Db, batch: ChangeBatch): Map<TableDef, Set<string>> {
  const out = new Map<TableDef, Set<string>>();
  const unknown = new Map<TableDef, string[]>();
  for (const change of batch.changes) {
    const def = tableById(change.table);
    if (!def?.synced) continue;
    let owners = out.get(def);
    if (!owners) out.set(def, (owners = new Set()));
    if (change.ownerBefore) owners.add(change.ownerBefore);
    if (change.ownerAfter) owners.add(change.ownerAfter);
    else if (change.ownerAfter === undefined && def.owner) {
      let ids = unknown.get(def);
      if (!ids) unknown.set(def, (ids = []));
      ids.push(change.id);
    }
  }
  for (const [def, ids] of unknown) {
    const owners = out.get(def) as Set<string>;
    const owner = columnsOf(def)[def.owner as string];
    if (!owner) continue;
    for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
      const found = db
        .select({ owner })
        .from(def.table)
        .where(inArray(keyColumn(def), ids.slice(i, i + LOOKUP_CHUNK)))
        .all() as { owner: unknown }[];
      for (const f of found) if (f.owner !== null && f.owner !== undefined) owners.add(String(f.owner));
    }
  }
  return out;
}

/** The hub of an app over `db`. */
export function createHub(db: Db, options: Partial<Omit<HubOptions, 'version'>> = {}): SyncHub {
  return new SyncHub({
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    maxPerUser: options.maxPerUser ?? MAX_STREAMS_PER_USER,
    version: () => currentVersion(db),
  });
}
