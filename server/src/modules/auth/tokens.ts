/**
 * Single-use account tokens (password reset and staff invite): 32 random bytes, base64url, sent
 * only in the mailed link; the database keeps the sha256 hash, so a leaked table opens nothing.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

export const TOKEN_VALID_HOURS = 24;

export type TokenPurpose = 'reset' | 'invite';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new token for the user and returns the raw value for the link. */
export function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): string {
  const token = crypto.randomBytes(32).toString('base64url');
  tx.insert(passwordResetTokens)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + TOKEN_VALID_HOURS * 3600_000)),
    })
    .run();
  return token;
}

/** The user id of an unused, unexpired token, or undefined. */
export function findValidToken(tx: Tx, token: string, now: Date): { userId: string; purpose: TokenPurpose } | undefined {
  const row = tx
    .select({ userId: passwordResetTokens.user_id, purpose: passwordResetTokens.purpose })
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

/** Marks every outstanding token of the user used: the one just redeemed and any older links. */
export function invalidateUserTokens(tx: Tx, userId: string, now: Date): void {
  tx.update(passwordResetTokens)
    .set({ used_at: nowIso(now) })
    .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)))
    .run();
}

/** Withdraws one token (its mail could not be sent, so nobody holds it). */
export function withdrawToken(tx: Tx, token: string, now: Date): void {
  tx.update(passwordResetTokens).set({ used_at: nowIso(now) }).where(eq(passwordResetTokens.token_hash, hashToken(token))).run();
}
