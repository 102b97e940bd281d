/**
 * Single-use tickets for `GET /api/sync/events`: an EventSource cannot send the Bearer header, and
 * the session token must not travel in a URL (URLs end up in access logs, proxies and browser
 * history). The client asks `POST /api/sync/events/ticket` with its Bearer header and opens the
 * stream with `?ticket=`: a random value that names the user and device it was issued to, is good
 * for `TICKET_TTL_MS` and works once. Kept in this process's memory, only as a SHA-256 hash (a
 * memory dump holds no usable ticket); the hub itself lives in the process too (README.md).
 */
import crypto from 'node:crypto';

/** How long a ticket may wait for its stream: the client opens it at once. */
export const TICKET_TTL_MS = 30_000;
/** Tickets one user may hold unused (tabs, devices, retries); the oldest goes when one more is issued. */
export const MAX_TICKETS_PER_USER = 20;

/** Whom a ticket was issued to: the user, the session it was asked with (still checked at redemption) and the device. */
export type TicketHolder = { userId: string; sessionId: string; clientId: string | null };

type Entry = TicketHolder & { expiresAt: number };

function hashOf(ticket: string): string {
  return crypto.createHash('sha256').update(ticket).digest('hex');
}

export class StreamTickets {
  private readonly byHash = new Map<string, Entry>();

  constructor(
    private readonly now: () => Date,
    private readonly ttlMs = TICKET_TTL_MS,
    private readonly maxPerUser = MAX_TICKETS_PER_USER,
  ) {}

  /** Unused, unexpired tickets (for tests). */
  get size(): number {
    this.prune(this.now().getTime());
    return this.byHash.size;
  }

  /** A new ticket for this user and device. */
  issue(holder: TicketHolder): { ticket: string; expiresInSeconds: number } {
    const now = this.now().getTime();
    this.prune(now);
    const own = [...this.byHash].filter(([, e]) => e.userId === holder.userId);
    for (const [hash] of own.slice(0, Math.max(0, own.length - this.maxPerUser + 1))) this.byHash.delete(hash);
    const ticket = crypto.randomBytes(32).toString('base64url');
    this.byHash.set(hashOf(ticket), { userId: holder.userId, sessionId: holder.sessionId, clientId: holder.clientId, expiresAt: now + this.ttlMs });
    return { ticket, expiresInSeconds: Math.ceil(this.ttlMs / 1000) };
  }

  /** Who the ticket was issued to, once: it is spent by this call, whatever the answer. Null when unknown, used or expired. */
  redeem(ticket: string): TicketHolder | null {
    const hash = hashOf(ticket);
    const entry = this.byHash.get(hash);
    if (!entry) return null;
    this.byHash.delete(hash);
    if (entry.expiresAt <= this.now().getTime()) return null;
    return { userId: entry.userId, sessionId: entry.sessionId, clientId: entry.clientId };
  }

  private prune(now: number): void {
    for (const [hash, entry] of this.byHash) if (entry.expiresAt <= now) this.byHash.delete(hash);
  }
}
