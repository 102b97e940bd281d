/**
 * The poke channel of `GET /api/sync/events` (architecture.md §4 "Triggers"): open event streams
 * per signed-in user, and `notifyChanged`, which every write path calls after its commit so that
 * the users who can see the written rows pull at once instead of at their next 30 s poll.
 *
 * A poke carries no row data, only the server's version, so a stream needs nothing but who is
 * listening: it is matched by the same policy (`canOperate` read) and by the rows' owner column.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { TableDef } from '../../../../shared/registry';
import { housekeepingStaff } from '../../../../shared/schema/tables';
import { SYNC_EVENTS, type SyncEventData } from '../../../../shared/sync';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { columnsOf, currentVersion, keyColumn, type Row } from '../../db/write';
import { canOperate } from '../../policy';

declare module 'fastify' {
  interface FastifyInstance {
    syncHub: SyncHub;
  }
}

export type Subscriber = {
  readonly actor: Actor;
  /** The host profile whose rows this listener may see: a host's own, a staff member's employer. */
  readonly hostId: string | null;
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

  closeAll(): void {
    for (const s of [...this.subscribers]) this.close(s);
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
  }

  /** Listeners that may see rows of `def` owned by one of `owners` (owner column values). */
  audience(def: TableDef, owners: ReadonlySet<string>): Subscriber[] {
    return [...this.subscribers].filter((s) => {
      if (!canOperate(s.actor, def, 'read')) return false;
      if (s.actor.role === 'super_admin' || s.actor.role === 'admin' || def.owner === null) return true;
      if (def.owner === 'host_id') return s.hostId !== null && owners.has(s.hostId);
      return owners.has(s.actor.userId);
    });
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
export function streamSubscriber(raw: ServerResponse, actor: Actor, hostId: string | null): Subscriber {
  return {
    actor,
    hostId,
    write(chunk) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(chunk);
    },
    end() {
      if (!raw.writableEnded) raw.end();
    },
  };
}

/** The host profile whose rows the actor sees through a host-owned scope. */
export function hostIdOf(db: Db, actor: Actor): string | null {
  if (actor.hostProfileId) return actor.hostProfileId;
  if (!actor.staffId) return null;
  return db.select({ host: housekeepingStaff.host_id }).from(housekeepingStaff).where(eq(housekeepingStaff.id, actor.staffId)).get()?.host ?? null;
}

const LOOKUP_CHUNK = 500;

/** The owner column values of the written rows; ids are looked up, tombstones included. */
function ownersOf(db: Db, def: TableDef, rows: readonly (Row | string)[]): Set<string> {
  const owners = new Set<string>();
  if (!def.owner) return owners;
  const owner = columnsOf(def)[def.owner];
  const ids: string[] = [];
  for (const r of rows) {
    if (typeof r === 'string') ids.push(r);
    else if (r[def.owner] !== null && r[def.owner] !== undefined) owners.add(String(r[def.owner]));
  }
  if (!owner) return owners;
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) {
    const found = db
      .select({ owner })
      .from(def.table)
      .where(inArray(keyColumn(def), ids.slice(i, i + LOOKUP_CHUNK)))
      .all() as { owner: unknown }[];
    for (const f of found) if (f.owner !== null && f.owner !== undefined) owners.add(String(f.owner));
  }
  return owners;
}

/**
 * Call after a write has committed: pokes every open stream whose user may see some of `rows`
 * (rows with their owner column, or ids to look up). Cheap when nobody listens; a no-op when
 * the sync module is not registered. A row moved to another owner should be passed twice,
 * before and after, so that both sides hear of it.
 */
export function notifyChanged(app: FastifyInstance, def: TableDef, rows: readonly (Row | string)[]): void {
  if (!def.synced || rows.length === 0 || !app.hasDecorator('syncHub')) return;
  const hub = app.syncHub;
  if (hub.size === 0) return;
  hub.poke(hub.audience(def, ownersOf(app.db, def, rows)));
}

/** The hub of an app over `db`. */
export function createHub(db: Db, options: Partial<Omit<HubOptions, 'version'>> = {}): SyncHub {
  return new SyncHub({
    heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
    maxPerUser: options.maxPerUser ?? MAX_STREAMS_PER_USER,
    version: () => currentVersion(db),
  });
}
