/**
 * Single-use account tokens (password reset and staff invite): 32 random bytes, base64url, sent
 * only in the mailed link; the database keeps the sha256 hash, so a leaked table opens nothing.
 * The same table holds two-step sign-in tickets (purpose `login`, LOGIN_TICKET_VALID_MINUTES):
 * handed to the browser that gave the right password, redeemed with a code (totp.ts), and never
 * accepted as a reset link.
 */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { passwordResetTokens } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

export const TOKEN_VALID_HOURS = 24;
export const LOGIN_TICKET_VALID_MINUTES = 5;

export type TokenPurpose = 'reset' | 'invite';
type StoredPurpose = TokenPurpose | 'login';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new token for the user and returns the raw value for the link. */
export function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, now: Date): string {
  return storeToken(tx, userId, purpose, now, TOKEN_VALID_HOURS * 3600_000);
}

/** A two-step sign-in ticket: the password was right, a code is still owed. */
export function issueLoginTicket(tx: Tx, userId: string, now: Date): string {
  return storeToken(tx, userId, 'login', now, LOGIN_TICKET_VALID_MINUTES * 60_000);
}

function storeToken(tx: Tx, userId: string, purpose: StoredPurpose, now: Date, validMs: number): string {
  const token = crypto.randomBytes(32).toString('base64url');
  tx.insert(passwordResetTokens)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + validMs)),
    })
    .run();
  return token;
}

/** The user id of an unused, unexpired reset or invite token, or undefined. */
export function findValidToken(tx: Tx, token: string, now: Date): { userId: string; purpose: TokenPurpose } | undefined {
  const row = validToken(tx, token, now, ['reset', 'invite']);
  return row && row.purpose !== 'login' ? { userId: row.userId, purpose: row.purpose } : undefined;
}

/** The user id of an unused, unexpired sign-in ticket, or undefined. */
export function findLoginTicket(tx: Tx, ticket: string, now: Date): { userId: string } | undefined {
  const row = validToken(tx, ticket, now, ['login']);
  return row && { userId: row.userId };
}

function validToken(tx: Tx, token: string, now: Date, purposes: StoredPurpose[]) {
  return tx
    .select({ userId: passwordResetTokens.user_id, purpose: passwordResetTokens.purpose })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.token_hash, hashToken(token)),
        inArray(passwordResetTokens.purpose, purposes),
        isNull(passwordResetTokens.used_at),
        gt(passwordResetTokens.expires_at, nowIso(now)),
      ),
    )
    .get();
}

/** Marks every outstanding token of the user used: the one just redeemed and any older links. */
export function invalidateUserTokens(tx: Tx, userId: string, now: Date): void {
  tx.update(passwordResetTokens)
    .set({ used_at: nowIso(now) })
    .where(and(eq(passwordResetTokens.user_id, userId), isNull(passwordResetTokens.used_at)))
    .run();
}

/** Withdraws one token (its mail could not be sent, so nobody holds it; a ticket redeemed or burned). */
export function withdrawToken(tx: Tx, token: string, now: Date): void {
  tx.update(passwordResetTokens).set({ used_at: nowIso(now) }).where(eq(passwordResetTokens.token_hash, hashToken(token))).run();
}
