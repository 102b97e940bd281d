/**
 * Single-use account tokens (password reset and staff invite): 32 random bytes, base64url, sent
 * only in the mailed link; the database keeps the sha256 hash, so a leaked table opens nothing.
 * An invite token names the staff row it was mailed for: redeeming it links that row, and only it.
 * The same table holds two-step sign-in tickets (purpose `login`, LOGIN_TICKET_VALID_MINUTES):
 * handed to the browser that gave the right password, redeemed with a code (totp.ts), and never
 * accepted as a reset link.
 */
import crypto from 'node:crypto';
import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import { passwordResetTokens } from '../../../../shared/schema/tables';
import { nowIso, type Tx } from '../../db/write';

export const TOKEN_VALID_HOURS = 24;
export const LOGIN_TICKET_VALID_MINUTES = 5;

export type TokenPurpose = 'reset' | 'invite';
type StoredPurpose = TokenPurpose | 'login';

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Stores a new token for the user (an invite's for one staff row) and returns the raw value for the link. */
export function issueToken(tx: Tx, userId: string, purpose: TokenPurpose, now: Date, staffId: string | null = null): string {
  return storeToken(tx, { userId, purpose, staffId }, now, TOKEN_VALID_HOURS * 3600_000);
}

/** A two-step sign-in ticket: the password was right, a code is still owed. */
export function issueLoginTicket(tx: Tx, userId: string, now: Date): string {
  return storeToken(tx, { userId, purpose: 'login', staffId: null }, now, LOGIN_TICKET_VALID_MINUTES * 60_000);
}

type TokenOwner = { userId: string; purpose: StoredPurpose; staffId: string | null };

function storeToken(tx: Tx, owner: TokenOwner, now: Date, validMs: number): string {
  const token = crypto.randomBytes(32).toString('base64url');
  tx.insert(passwordResetTokens)
    .values({
      token_hash: hashToken(token),
      user_id: owner.userId,
      purpose: owner.purpose,
      staff_id: owner.staffId,
      created_at: nowIso(now),
      expires_at: nowIso(new Date(now.getTime() + validMs)),
    })
    .run();
  return token;
}

export type ValidToken = { userId: string; purpose: TokenPurpose; staffId: string | null };

/** The user (and an invite's staff row) of an unused, unexpired reset or invite token, or undefined. */
export function findValidToken(tx: Tx, token: string, now: Date): ValidToken | undefined {
  const row = validToken(tx, token, now, ['reset', 'invite']);
  return row && row.purpose !== 'login' ? { userId: row.userId, purpose: row.purpose, staffId: row.staffId } : undefined;
}

/** The user id of an unused, unexpired sign-in ticket, or undefined. */
export function findLoginTicket(tx: Tx, ticket: string, now: Date): { userId: string } | undefined {
  const row = validToken(tx, ticket, now, ['login']);
  return row && { userId: row.userId };
}

function validToken(tx: Tx, token: string, now: Date, purposes: StoredPurpose[]) {
  return tx
    .select({ userId: passwordResetTokens.user_id, purpose: passwordResetTokens.purpose, staffId: passwordResetTokens.staff_id })
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

/** Withdraws one token (its mail could not be sent, so nobody holds it; a ticket redeemed or burned). */
export function withdrawToken(tx: Tx, token: string, now: Date): void {
  tx.update(passwordResetTokens).set({ used_at: nowIso(now) }).where(eq(passwordResetTokens.token_hash, hashToken(token))).run();
}
