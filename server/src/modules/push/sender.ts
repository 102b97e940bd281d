/**
 * Sends the queued Web Push deliveries (push_deliveries), always outside any database transaction.
 *
 * - The request is built by `web-push` (`generateRequestDetails`: aes128gcm payload encryption,
 *   VAPID JWT, TTL and Urgency headers) and sent with `fetch`, since web-push's own sender speaks
 *   https only and the local mock push service is http.
 * - 2xx: delivered, the row goes. 404/410: the subscription is gone (RFC 8030, section 7.3): it is
 *   removed with everything queued for it. 429 and 5xx, network errors and timeouts: retried later
 *   with exponential backoff and jitter (Retry-After honoured), at most `maxAttempts` times and
 *   never past the message's TTL. Any other answer (400, 403, 413…) will not get better by
 *   retrying: dropped.
 * - Retries are persistent (the queue is a table): a restart or another process picks them up. A
 *   sender claims a batch for `claimMs` in one immediate transaction before sending it, so two
 *   processes draining the same database never send the same delivery twice.
 */
import { and, asc, eq, inArray, isNull, lte, min, or, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { pushDeliveries, pushSubscriptions } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { nowIso, transact } from '../../db/write';
import { DrainLoop, retryDelayMs, type Backoff } from '../../lib/drain-loop';
import { cancelHeldMail, wakeMailSender } from '../email/queue';
import { endpointProblem } from './endpoints';
import type { VapidDetails } from './keys';
import { removeSubscription, type Urgency } from './service';

export { retryDelayMs, type Backoff };

/** A VAPID JWT is signed for 12 h and replaced once less than 1 h of it is left. */
const VAPID_LIFETIME_SECONDS = 12 * 60 * 60;
const VAPID_REFRESH_SECONDS = 60 * 60;

export const DEFAULT_BACKOFF: Backoff = { baseMs: 30_000, maxMs: 30 * 60_000, maxAttempts: 8 };

export type PushSenderOptions = {
  vapid: VapidDetails;
  allowedOrigins: readonly string[];
  now: () => Date;
  fetch?: typeof fetch;
  /** Requests in flight at once. */
  concurrency?: number;
  /** Per request. */
  timeoutMs?: number;
  /** How long a claimed batch is ours before another sender may take it over. */
  claimMs?: number;
  batchSize?: number;
  backoff?: Backoff;
  random?: () => number;
  log?: (message: string, details: Record<string, unknown>) => void;
};

export type DrainSummary = { sent: number; gone: number; retried: number; dropped: number };

type Claimed = {
  id: number;
  subscriptionId: string;
  notificationId: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  urgency: Urgency;
  ttl: number;
  attempts: number;
  expiresAt: string;
};

type Outcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'dropped'; reason: string };

function emptySummary(): DrainSummary {
  return { sent: 0, gone: 0, retried: 0, dropped: 0 };
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110, section 10.2.3). */
export function retryAfterMs(header: string | null, now: Date): number | undefined {
  if (!header) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

export class PushSender {
  private readonly fetchImpl: typeof fetch;
  private readonly backoff: Backoff;
  private readonly loop: DrainLoop<DrainSummary>;
  private readonly vapidHeaders = new Map<string, { header: string; expires: number }>();

  constructor(
    private readonly db: Db,
    private readonly options: PushSenderOptions,
  ) {
    this.fetchImpl = options.fetch ?? fetch;
    this.backoff = options.backoff ?? DEFAULT_BACKOFF;
    this.loop = new DrainLoop({
      empty: emptySummary,
      batch: () => this.batch(),
      nextDue: () => this.nextDue(),
      now: options.now,
      onError: (error) => this.options.log?.('push: drain failed', { err: error }),
    });
  }

  /** Starts a drain in the background (after a commit, at start, when a retry falls due). */
  wake(): void {
    this.loop.wake();
  }

  /**
   * Sends everything due now; resolves with what happened. A call while a drain runs joins it and
   * makes it look once more, so deliveries queued meanwhile are not left waiting.
   */
  drain(): Promise<DrainSummary> {
    return this.loop.drain();
  }

  /** Stops the retry timer and waits for a drain in progress. */
  close(): Promise<void> {
    return this.loop.close();
  }

  /** One batch: those expired or gone are dropped as they are claimed, the rest sent. */
  private async batch(): Promise<{ summary: DrainSummary; more: boolean }> {
    const { claimed, expired } = this.claim();
    const summary = claimed.length > 0 ? await this.sendBatch(claimed) : emptySummary();
    summary.dropped += expired;
    return { summary, more: claimed.length > 0 && claimed.length >= this.batchSize };
  }

  /**
   * The VAPID Authorization header for a push service origin (RFC 8292: the JWT's audience). A JWT
   * may live up to 24 h, so one is signed per origin every 12 h instead of one per message (an ECDSA
   * signature each). Expiry is in real time, since push services check it against theirs.
   */
  private vapidHeader(audience: string): string {
    const nowSeconds = Math.floor(Date.now() / 1000);
    const cached = this.vapidHeaders.get(audience);
    if (cached && cached.expires - nowSeconds > VAPID_REFRESH_SECONDS) return cached.header;
    const expires = nowSeconds + VAPID_LIFETIME_SECONDS;
    const { vapid } = this.options;
    const header = webpush.getVapidHeaders(audience, vapid.subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expires).Authorization;
    this.vapidHeaders.set(audience, { header, expires });
    return header;
  }

  private get batchSize(): number {
    return this.options.batchSize ?? 100;
  }

  /** Takes the deliveries due now for `claimMs`; drops those expired or whose subscription is gone. */
  private claim(): { claimed: Claimed[]; expired: number } {
    const now = this.options.now();
    const at = nowIso(now);
    const until = nowIso(new Date(now.getTime() + (this.options.claimMs ?? 120_000)));
    return transact(this.db,
      (tx) => {
        const rows = tx
          .select({
            id: pushDeliveries.id,
            subscriptionId: pushDeliveries.subscription_id,
            notificationId: pushDeliveries.notification_id,
            payload: pushDeliveries.payload,
            urgency: pushDeliveries.urgency,
            ttl: pushDeliveries.ttl,
            attempts: pushDeliveries.attempts,
            expiresAt: pushDeliveries.expires_at,
            endpoint: pushSubscriptions.endpoint,
            p256dh: pushSubscriptions.p256dh,
            auth: pushSubscriptions.auth,
            deletedAt: pushSubscriptions.deleted_at,
          })
          .from(pushDeliveries)
          .leftJoin(pushSubscriptions, eq(pushSubscriptions.id, pushDeliveries.subscription_id))
          .where(and(lte(pushDeliveries.next_attempt_at, at), or(isNull(pushDeliveries.claimed_until), lte(pushDeliveries.claimed_until, at))))
          .orderBy(asc(pushDeliveries.next_attempt_at), asc(pushDeliveries.id))
          .limit(this.batchSize)
          .all();
        const claimed: Claimed[] = [];
        const stale: number[] = [];
        for (const r of rows) {
          if (r.endpoint === null || r.p256dh === null || r.auth === null || r.deletedAt !== null || r.expiresAt <= at) stale.push(r.id);
          else claimed.push({ ...r, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth });
        }
        if (stale.length > 0) {
          tx.delete(pushDeliveries).where(inArray(pushDeliveries.id, stale)).run();
          wakeMailSender(tx);
        }
        if (claimed.length > 0) {
          tx.update(pushDeliveries)
            .set({ claimed_until: until })
            .where(
              inArray(
                pushDeliveries.id,
                claimed.map((c) => c.id),
              ),
            )
            .run();
        }
        return { claimed, expired: stale.length };
      },
      'immediate',
    );
  }

  private async sendBatch(batch: Claimed[]): Promise<DrainSummary> {
    const outcomes = new Map<number, Outcome>();
    const queue = [...batch];
    const worker = async () => {
      for (let d = queue.shift(); d; d = queue.shift()) outcomes.set(d.id, await this.sendOne(d));
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(this.options.concurrency ?? 16, batch.length)) }, worker));
    return this.record(batch, outcomes);
  }

  /** One POST to the push service; every failure becomes an outcome, never a throw. */
  private async sendOne(d: Claimed): Promise<Outcome> {
    const problem = endpointProblem(d.endpoint, this.options.allowedOrigins);
    if (problem) return { kind: 'dropped', reason: `endpoint no longer allowed: ${problem}` };
    let details: ReturnType<typeof webpush.generateRequestDetails>;
    let authorization: string;
    try {
      // Encryption (and TTL, Urgency) by web-push; the VAPID header from our cache, not signed anew
      // per message (no vapidDetails here, and web-push's global ones are never set).
      details = webpush.generateRequestDetails({ endpoint: d.endpoint, keys: { p256dh: d.p256dh, auth: d.auth } }, d.payload, {
        TTL: d.ttl,
        urgency: d.urgency,
      });
      authorization = this.vapidHeader(new URL(d.endpoint).origin);
    } catch (error) {
      return { kind: 'dropped', reason: `cannot encrypt for this subscription: ${error instanceof Error ? error.message : String(error)}` };
    }
    const headers: Record<string, string> = { Authorization: authorization };
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets the length from the body itself.
      if (name.toLowerCase() !== 'content-length' && name.toLowerCase() !== 'authorization') headers[name] = String(value);
    }
    try {
      const response = await this.fetchImpl(details.endpoint, {
        method: details.method,
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
      // The answer's body is of no use; do not hold the connection for it.
      await response.body?.cancel().catch(() => undefined);
      const status = response.status;
      if (status >= 200 && status < 300) return { kind: 'sent' };
      if (status === 404 || status === 410) return { kind: 'gone', status };
      if (status === 429 || status >= 500) {
        return { kind: 'retry', reason: `HTTP ${status}`, retryAfterMs: retryAfterMs(response.headers.get('retry-after'), this.options.now()) };
      }
      return { kind: 'dropped', reason: `HTTP ${status}` };
    } catch (error) {
      return { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Writes the outcomes of a batch in one transaction. */
  private record(batch: Claimed[], outcomes: Map<number, Outcome>): DrainSummary {
    const summary = emptySummary();
    const now = this.options.now();
    const random = this.options.random ?? Math.random;
    transact(this.db,
      (tx) => {
        const goneSubscriptions = new Set<string>();
        // A notification that reached a device needs no alert e-mail (email/queue.ts); one whose
        // delivery ended otherwise may: the mail sender decides once none of its deliveries is left.
        const delivered = new Set<string>();
        let ended = false;
        for (const d of batch) {
          const outcome = outcomes.get(d.id) ?? { kind: 'retry', reason: 'not sent' };
          if (outcome.kind !== 'sent' && outcome.kind !== 'retry') ended = true;
          if (outcome.kind === 'sent') {
            if (d.notificationId) delivered.add(d.notificationId);
            summary.sent += 1;
            tx.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id)).run();
          } else if (outcome.kind === 'gone') {
            summary.gone += 1;
            goneSubscriptions.add(d.subscriptionId);
          } else if (outcome.kind === 'retry') {
            const attempts = d.attempts + 1;
            const next = new Date(now.getTime() + retryDelayMs(attempts, this.backoff, random, outcome.retryAfterMs));
            if (attempts >= this.backoff.maxAttempts || nowIso(next) >= d.expiresAt) {
              ended = true;
              summary.dropped += 1;
              this.options.log?.('push: delivery given up', { deliveryId: d.id, attempts, reason: outcome.reason });
              tx.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id)).run();
            } else {
              summary.retried += 1;
              tx.update(pushDeliveries)
                .set({ attempts, next_attempt_at: nowIso(next), claimed_until: null, last_error: outcome.reason.slice(0, 500) })
                .where(eq(pushDeliveries.id, d.id))
                .run();
            }
          } else {
            summary.dropped += 1;
            this.options.log?.('push: delivery refused', { deliveryId: d.id, reason: outcome.reason });
            tx.delete(pushDeliveries).where(eq(pushDeliveries.id, d.id)).run();
          }
        }
        for (const id of goneSubscriptions) {
          const live = tx
            .select({ id: pushSubscriptions.id })
            .from(pushSubscriptions)
            .where(and(eq(pushSubscriptions.id, id), isNull(pushSubscriptions.deleted_at)))
            .get();
          if (live) removeSubscription(tx, id, now);
          else tx.delete(pushDeliveries).where(eq(pushDeliveries.subscription_id, id)).run();
        }
        cancelHeldMail(tx, [...delivered], now);
        if (ended) wakeMailSender(tx);
      },
      'immediate',
    );
    return summary;
  }

  /** When the earliest waiting delivery falls due (a retry, or a claim that lapsed). */
  private nextDue(): number | null {
    // A row is free again at its next attempt, or when another sender's claim on it lapses.
    const row = this.db
      .select({ due: min(sql<string>`case when ${pushDeliveries.claimed_until} is null then ${pushDeliveries.next_attempt_at} else ${pushDeliveries.claimed_until} end`) })
      .from(pushDeliveries)
      .get();
    return row?.due ? Date.parse(row.due) : null;
  }
}
