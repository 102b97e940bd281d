/**
 * Single-use account tokens (password reset and staff invite): 32 random bytes, base64url, sent
 * only in the mailed link; the database keeps the sha256 hash, so a leaked table opens nothing.
 * An invite token names the staff row it was mailed for: redeeming it links that row, and only it.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, type SQL } from 'drizzle-orm';
import { passwordResetTokens } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

export const TOKEN_VALID_HOURS = 24;

export type TokenPurpose = 'reset' | 'invite';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new token for the user (an invite's for one staff row) and returns the raw value for the link. */
export function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, now: Date, staffId: string | null = null): string {
  const token = crypto.randomBytes(32).toString('base64url');
  tx.insert(passwordResetTokens)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      staff_id: staffId,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + TOKEN_VALID_HOURS * 3600_000)),
    })
    .run();
  return token;
}

export type ValidToken = { userId: string; purpose: TokenPurpose; staffId: string | null };

/** The user (and an invite's staff row) of an unused, unexpired token, or undefined. */
export function findValidToken(tx: Tx, token: string, now: Date): ValidToken | undefined {
  const row = tx
    .select({ userId: passwordResetTokens.user_id, purpose: passwordResetTokens.purpose, staffId: passwordResetTokens.staff_id })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.token_hash, hashToken(token)),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, nowIso(now)),
      ),
    )
    .get();
  return row;
}

/**
 * Marks every outstanding token of the user used: the one just redeemed and any older links. With
 * `keepInvites`, other hosts' staff invites stay open: once the user has a password they can only link
 * their staff row (staff-hosts.ts), never set a password.
 */
export function invalidateUserTokens(tx: Tx, userId: string, now: Date, opts: { keepInvites?: boolean } = {}): void {
  const open: SQL | undefined = and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at));
  // Only staff invites (naming their row) stay: an admin's invite sets a password, so it goes.
  const which = opts.keepInvites ? and(open, isNull(passwordResetTokens.staff_id)) : open;
  tx.update(passwordResetTokens).set({ used_at: nowIso(now) }).where(which).run();
}

/** Marks one token used (the invite just accepted), leaving the user's other links open. */
export function spendToken(tx: Tx, token: string, now: Date): void {
  withdrawToken(tx, token, now);
}

/** Withdraws one token (its mail could not be sent, so nobody holds it). */
export function withdrawToken(tx: Tx, token: string, now: Date): void {
  tx.update(passwordResetTokens).set({ used_at: nowIso(now) }).where(eq(passwordResetTokens.token_hash, hashToken(token))).run();
}
