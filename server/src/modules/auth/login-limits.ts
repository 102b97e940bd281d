/**
 * Per-account login limit (config.ts: RATE_LIMIT_LOGIN_PER_ACCOUNT failures, default 5, per
 * RATE_LIMIT_LOGIN_WINDOW_MINUTES, default 15). An attempt is recorded as a failure before the
 * password is checked, in the same transaction as the count, so parallel guesses cannot slip past
 * the limit while scrypt runs; a successful login then clears the account's failures. A limit of
 * 0 turns the check off.
 */
import { and, desc, eq, gt, lt } from 'drizzle-orm';
import { loginFailures } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

export type LoginLimit = { maxFailures: number; windowMinutes: number };

/**
 * Records an attempt for the e-mail unless the account is locked. Answers the whole minutes until
 * the lock lifts when it is locked (nothing recorded, so retrying does not extend the lock).
 */
export function beginLoginAttempt(tx: Tx, email: string, now: Date, limit: LoginLimit): { lockedForMinutes?: number } {
  if (limit.maxFailures <= 0) return {};
  const windowMs = limit.windowMinutes * 60_000;
  const since = nowIso(new Date(now.getTime() - windowMs));
  tx.delete(loginFailures).where(lt(loginFailures.at, since)).run();
  const recent = tx
    .select({ at: loginFailures.at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.at, since)))
    .orderBy(desc(loginFailures.at))
    .limit(limit.maxFailures)
    .all();
  const oldestCounted = recent[limit.maxFailures - 1];
  if (oldestCounted) {
    const unlockAt = new Date(oldestCounted.at).getTime() + windowMs;
    return { lockedForMinutes: Math.max(1, Math.ceil((unlockAt - now.getTime()) / 60_000)) };
  }
  tx.insert(loginFailures).values({ email, at: nowIso(now) }).run();
  return {};
}

export function clearLoginFailures(tx: Tx, email: string): void {
  tx.delete(loginFailures).where(eq(loginFailures.email, email)).run();
}
