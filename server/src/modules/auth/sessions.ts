/**
 * Server-side sessions: each sign-in writes a `sessions` row whose id rides in the JWT as `sid`,
 * and a request is served only while that row is live (server/src/actor.ts reads it in the same
 * statement that loads the user, so the check costs no extra query). Revoking a row ends its
 * session at its next request, the event stream and sync included (docs/security.md, Sessions).
 */
import crypto from 'node:crypto';
import { parseAcceptLanguage } from '../../../../shared/i18n/accept-language';
import { and, desc, eq, gt, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import { housekeepingStaff, hostProfiles, sessions } from '../../../../shared/schema/tables';
import type { SessionInfo } from '../../../../shared/api/sessions';
import { nowIso, type Tx } from '../../db/write';

type RevokedListener = (sessionIds: readonly string[]) => void;
const revokedListeners = new Set<RevokedListener>();

/**
 * Hears of every revocation, when it is written (plugins/auth.ts closes the event streams opened
 * with those sessions). A transaction that rolls back afterwards only costs a stream reconnect.
 */
export function onSessionsRevoked(listener: RevokedListener): () => void {
  revokedListeners.add(listener);
  return () => revokedListeners.delete(listener);
}

function revoked(ids: string[]): string[] {
  if (ids.length > 0) for (const listener of revokedListeners) listener(ids);
  return ids;
}

/** How often a session's `last_seen_at` is written at most (no write per request). */
export const LAST_SEEN_EVERY_MS = 60_000;

const BROWSERS: readonly [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** A short, human summary of a user agent: "Chrome on Android", "Safari on iPhone", else "Unknown device". */
export function deviceOf(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown device';
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown device';
}

/** A new session id (the JWT's `sid`): random, not guessable. */
export function newSessionId(): string {
  return crypto.randomUUID();
}

/** Records a signed-in session: its id, whose, from what device (and its languages), until when (the JWT's expiry). */
export function createSession(tx: Tx, row: { id: string; userId: string; userAgent: string | undefined; acceptLanguage?: string | undefined; expiresAt: Date }, now: Date): void {
  const at = nowIso(now);
  const languages = parseAcceptLanguage(row.acceptLanguage).join(',') || null;
  tx.insert(sessions)
    .values({ id: row.id, user_id: row.userId, device: deviceOf(row.userAgent), created_at: at, last_seen_at: at, expires_at: nowIso(row.expiresAt), languages })
    .run();
}

/** Writes `last_seen_at` when the last write is at least LAST_SEEN_EVERY_MS old (the caller read it with the session). */
export function touchSession(tx: Tx, sessionId: string, lastSeenAt: string, now: Date): void {
  if (now.getTime() - Date.parse(lastSeenAt) < LAST_SEEN_EVERY_MS) return;
  tx.update(sessions).set({ last_seen_at: nowIso(now) }).where(eq(sessions.id, sessionId)).run();
}

/**
 * Revokes the live sessions of these users, but `except` (the caller's own, kept after a password
 * change). Answers the ids revoked, so that their open event streams can be closed.
 */
export function revokeUserSessions(tx: Tx, userIds: readonly string[], now: Date, except?: string): string[] {
  if (userIds.length === 0) return [];
  const where = and(inArray(sessions.user_id, [...userIds]), isNull(sessions.revoked_at), except ? ne(sessions.id, except) : undefined);
  return revoked(tx.update(sessions).set({ revoked_at: nowIso(now) }).where(where).returning({ id: sessions.id }).all().map((r) => r.id));
}

/** Revokes one session of this user; false when it is not theirs or already ended. */
export function revokeOwnSession(tx: Tx, userId: string, sessionId: string, now: Date): boolean {
  const done = tx
    .update(sessions)
    .set({ revoked_at: nowIso(now) })
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id })
    .all();
  return revoked(done.map((r) => r.id)).length > 0;
}

/** A suspended host's sessions end, and those of every housekeeper linked to it. */
export function revokeHostSessions(tx: Tx, hostProfileId: string, now: Date): string[] {
  const host = tx.select({ userId: hostProfiles.user_id }).from(hostProfiles).where(eq(hostProfiles.id, hostProfileId)).get();
  const staff = tx
    .select({ userId: housekeepingStaff.user_id })
    .from(housekeepingStaff)
    .where(and(eq(housekeepingStaff.host_id, hostProfileId), isNotNull(housekeepingStaff.user_id), isNull(housekeepingStaff.deleted_at)))
    .all();
  const userIds = [host?.userId, ...staff.map((s) => s.userId)].filter((id): id is string => typeof id === 'string' && id !== '');
  return revokeUserSessions(tx, userIds, now);
}

/** The user's live sessions, the most recently seen first; `current` marks the caller's. */
export function listSessions(tx: Tx, userId: string, currentId: string | undefined, now: Date): SessionInfo[] {
  return tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, nowIso(now))))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.created_at))
    .all()
    .map((r) => ({ id: r.id, device: r.device, created_at: r.created_at, last_seen_at: r.last_seen_at, current: r.id === currentId }));
}

/** How long an ended session's row stays (the list no longer shows it; kept a while for an investigation). */
export const SESSIONS_KEPT_MS = 30 * 24 * 60 * 60_000;

/** Forgets sessions that ended (revoked or expired) before `before`: the list and the check need them no longer. */
export function pruneSessions(tx: Tx, before: Date): number {
  const at = nowIso(before);
  return tx.delete(sessions).where(or(lt(sessions.expires_at, at), lt(sessions.revoked_at, at))).run().changes;
}
