/**
 * Sign-in and reset-mail limits (docs/security.md, "Sign-in and reset limits"; the numbers are in
 * config.ts and README.md). The source of a request is its IP (`request.ip`: X-Forwarded-For only
 * with TRUST_PROXY), an IPv6 address counted by its /64 network (`sourceOf`). Nothing here ever
 * refuses an address as such: a stranger's failures slow down the stranger's source, never the
 * owner signing in from another one.
 *
 * Sign-in. Failures count per (address, source) and per source across addresses, within
 * RATE_LIMIT_LOGIN_WINDOW_MINUTES. Past RATE_LIMIT_LOGIN_PER_ADDRESS failures for an address, its
 * source waits before its next attempt for that address is even checked: 1 s after the last
 * failure, then 2 s, 4 s … doubling with each further failure up to RATE_LIMIT_LOGIN_MAX_DELAY_MINUTES.
 * Past RATE_LIMIT_LOGIN_PER_SOURCE failures from one source, whatever the addresses, the same
 * growing wait applies to every attempt of that source. A refused attempt records nothing (waiting
 * it out is enough). An attempt is recorded as a failure before the password is checked, in the
 * same transaction as the count, so parallel guesses cannot slip past while scrypt runs; the right
 * password then clears that source's failures for the address (the attempt's own row included).
 *
 * Reset mail. Per source at most RATE_LIMIT_RESET_PER_SOURCE requests an hour, then 429. Per
 * address at most RATE_LIMIT_RESET_PER_ADDRESS mails an hour; past that the request answers the
 * same but queues nothing, so the limit says nothing about the address. Requests for addresses
 * without an account count alike.
 *
 * Two-step sign-in. A wrong code (totp.ts) is a failed sign-in like a wrong password: counted
 * before it is checked, the right code clearing the source's failures for the address. The right
 * password of such an account only takes back its own attempt (`forgetAttempt`), so a source that
 * knows the password still waits for the wrong codes it sent. Each wrong code is also counted against its
 * ticket (`ticket|<ticket hash>`), which dies after TICKET_MAX_WRONG_CODES.
 *
 * Storage: the login_failures table (shared/schema/tables.ts), one row per counted event, its `key`
 * one of `login|<source>|<address>`, `reset-source|<source>`, `reset-address|<address>`,
 * `ticket|<hash>` (the
 * source URI-encoded, so it holds no `|`). Keys of one source's sign-in failures share a prefix,
 * so the per-source count is a range of the (key, at) index. Rows past their window are deleted by
 * the next attempt of their kind (a sign-in attempt deletes any row older than every window, the
 * per-account lock's rows of before included).
 */
import { isIPv6 } from 'node:net';
import { and, asc, count, eq, gt, gte, lt, max, sql, type SQL } from 'drizzle-orm';
import { loginFailures } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

/** The first wait once a limit is reached; each further failure doubles it. */
export const BASE_DELAY_MS = 1000;
export const RESET_WINDOW_MS = 3600_000;

export type LoginLimits = { perAddress: number; perSource: number; maxDelayMinutes: number; windowMinutes: number };
export type ResetLimits = { perAddress: number; perSource: number };

const LOGIN = 'login|';
const RESET_SOURCE = 'reset-source|';
const RESET_ADDRESS = 'reset-address|';
const TICKET = 'ticket|';

/** Wrong codes a two-step sign-in ticket survives; the last one burns it. */
export const TICKET_MAX_WRONG_CODES = 5;

/** The sign-in limits of the configuration (config.ts). */
export function loginLimitsOf(config: {
  loginFailuresPerAddress: number;
  loginFailuresPerSource: number;
  loginMaxDelayMinutes: number;
  loginFailureWindowMinutes: number;
}): LoginLimits {
  return {
    perAddress: config.loginFailuresPerAddress,
    perSource: config.loginFailuresPerSource,
    maxDelayMinutes: config.loginMaxDelayMinutes,
    windowMinutes: config.loginFailureWindowMinutes,
  };
}

/**
 * The source a request is counted as: its IPv4 address, or the /64 network of its IPv6 address
 * (one host usually holds a whole /64, so counting single IPv6 addresses would let it take a fresh
 * source for every guess). An IPv4-mapped IPv6 address counts as its IPv4 address.
 */
export function sourceOf(ip: string): string {
  const address = (ip.split('%')[0] ?? '').toLowerCase();
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const before = groups(head);
  const after = groups(tail);
  const full = [...before, ...Array<string>(8 - before.length - after.length).fill('0'), ...after];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

function sourcePart(source: string): string {
  return encodeURIComponent(sourceOf(source));
}
function loginKey(source: string, email: string): string {
  return `${LOGIN}${sourcePart(source)}|${email}`;
}

/** Keys starting with `prefix` (every key has a `|` after it; `}` is the character after `|`). */
function keyRange(prefix: string, upper: string) {
  return and(gte(loginFailures.key, prefix), lt(loginFailures.key, upper));
}
function withPrefix(prefix: string) {
  if (!prefix.endsWith('|')) throw new Error(`Key prefix ${prefix} must end with |`);
  return keyRange(prefix, `${prefix.slice(0, -1)}}`);
}

/**
 * The wait owed after `failures` failures when `free` of them cost nothing: none below `free`,
 * then 1 s, 2 s, 4 s … capped at `capMs`. `free` 0 turns it off.
 */
export function backoffMs(failures: number, free: number, capMs: number): number {
  if (free <= 0 || failures < free) return 0;
  return Math.min(capMs, BASE_DELAY_MS * 2 ** Math.min(failures - free, 40));
}

function secondsUntil(untilMs: number, now: Date): number {
  return Math.max(1, Math.ceil((untilMs - now.getTime()) / 1000));
}

type Tally = { failures: number; lastAt: string | null };

function tally(tx: Tx, keys: SQL | undefined, since: string): Tally {
  const row = tx
    .select({ failures: count(), lastAt: max(loginFailures.at) })
    .from(loginFailures)
    .where(and(keys, gt(loginFailures.at, since)))
    .get();
  return { failures: row?.failures ?? 0, lastAt: row?.lastAt ?? null };
}

/** When the tally's source may try again (ms since the epoch; 0 when it need not wait). */
function allowedAt(t: Tally, free: number, capMs: number): number {
  const wait = backoffMs(t.failures, free, capMs);
  return wait > 0 && t.lastAt ? new Date(t.lastAt).getTime() + wait : 0;
}

export type LoginAttempt = { retryAfterSeconds: number } | { retryAfterSeconds?: undefined };

/**
 * Checks the source's waits for the address, and records the attempt as a failure unless it must
 * wait. Answers the whole seconds left when it must (nothing recorded then).
 */
export function beginLoginAttempt(tx: Tx, email: string, source: string, now: Date, limits: LoginLimits): LoginAttempt {
  if (limits.perAddress <= 0 && limits.perSource <= 0) return {};
  const windowMs = limits.windowMinutes * 60_000;
  const since = nowIso(new Date(now.getTime() - windowMs));
  // Rows of any kind older than every window (the per-account lock's rows of before included).
  tx.delete(loginFailures)
    .where(lt(loginFailures.at, nowIso(new Date(now.getTime() - Math.max(windowMs, RESET_WINDOW_MS)))))
    .run();

  const capMs = limits.maxDelayMinutes * 60_000;
  const key = loginKey(source, email);
  const forAddress = allowedAt(tally(tx, eq(loginFailures.key, key), since), limits.perAddress, capMs);
  const forSource = allowedAt(tally(tx, withPrefix(`${LOGIN}${sourcePart(source)}|`), since), limits.perSource, capMs);
  const until = Math.max(forAddress, forSource);
  if (until > now.getTime()) return { retryAfterSeconds: secondsUntil(until, now) };

  tx.insert(loginFailures).values({ key, at: nowIso(now) }).run();
  return {};
}

/** The right password from this source: its failures for the address are forgotten. */
export function clearLoginFailures(tx: Tx, email: string, source: string): void {
  tx.delete(loginFailures).where(eq(loginFailures.key, loginKey(source, email))).run();
}

/**
 * The right password of an account with two-step sign-in: this attempt is no failure, but the
 * earlier ones stand until the right code (else knowing the password would reset the count of
 * wrong codes with every new ticket).
 */
export function forgetAttempt(tx: Tx, email: string, source: string, now: Date): void {
  const key = loginKey(source, email);
  const latest = tx
    .select({ id: max(loginFailures.id) })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), eq(loginFailures.at, nowIso(now))))
    .get();
  if (latest?.id != null) tx.delete(loginFailures).where(eq(loginFailures.id, latest.id)).run();
}

/**
 * A redeemed reset link (control of the mailbox): the address's failures from every source are
 * forgotten, since they were guesses at the old password.
 */
export function clearAllLoginFailures(tx: Tx, email: string): void {
  // The address is what follows the first `|` after `login|` (the source holds none).
  const addressOfKey = sql`substr(${loginFailures.key}, instr(substr(${loginFailures.key}, ${LOGIN.length + 1}), '|') + ${LOGIN.length + 1})`;
  tx.delete(loginFailures)
    .where(and(withPrefix(LOGIN), eq(addressOfKey, email)))
    .run();
}

/** Counts a wrong code against a sign-in ticket; answers how many it has had. */
export function recordTicketFailure(tx: Tx, ticketHash: string, now: Date): number {
  const key = `${TICKET}${ticketHash}`;
  tx.insert(loginFailures).values({ key, at: nowIso(now) }).run();
  return tx.select({ n: count() }).from(loginFailures).where(eq(loginFailures.key, key)).get()?.n ?? 0;
}

// ── Reset mail ──────────────────────────────────────────────────────────────────────────────

/** The times of `key`'s events in the window, oldest first (never more than its limit: refusals record nothing). */
function eventsSince(tx: Tx, key: string, since: string): string[] {
  return tx
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)))
    .orderBy(asc(loginFailures.at))
    .all()
    .map((r) => r.at);
}

export type ResetRequest = { retryAfterSeconds: number; mayMail?: undefined } | { retryAfterSeconds?: undefined; mayMail: boolean };

/**
 * Counts a reset-mail request: refused (the whole seconds until the source's oldest counted request
 * leaves the hour) when the source is over its limit, else recorded, with whether a mail may still
 * be queued for the address this hour (recorded too when it may).
 */
export function beginResetRequest(tx: Tx, email: string, source: string, now: Date, limits: ResetLimits): ResetRequest {
  const since = nowIso(new Date(now.getTime() - RESET_WINDOW_MS));
  tx.delete(loginFailures)
    .where(and(keyRange('reset-', 'reset.'), lt(loginFailures.at, since)))
    .run();
  const at = nowIso(now);

  if (limits.perSource > 0) {
    const sourceKey = `${RESET_SOURCE}${sourcePart(source)}`;
    const recent = eventsSince(tx, sourceKey, since);
    if (recent.length >= limits.perSource) {
      // The oldest of the newest `perSource` requests: once it is an hour old, a slot is free.
      const freesAt = new Date(recent[recent.length - limits.perSource]!).getTime() + RESET_WINDOW_MS;
      return { retryAfterSeconds: secondsUntil(freesAt, now) };
    }
    tx.insert(loginFailures).values({ key: sourceKey, at }).run();
  }

  if (limits.perAddress > 0) {
    const addressKey = `${RESET_ADDRESS}${email}`;
    if (eventsSince(tx, addressKey, since).length >= limits.perAddress) return { mayMail: false };
    tx.insert(loginFailures).values({ key: addressKey, at }).run();
  }
  return { mayMail: true };
}
