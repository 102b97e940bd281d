/**
 * Two-step sign-in (TOTP, RFC 6238: SHA-1, 30-second steps, 6 digits, one step of drift either
 * way), behind routes.ts and admin-routes.ts. The secret is made by setup and stored encrypted
 * (lib/crypto.ts) until enable proves the app holds it; it is never sent again. Enable makes ten
 * recovery codes, shown once and stored as sha256 hashes, each good for one sign-in. A code is
 * accepted once: the step it was accepted for is kept (`totp_last_step`) and no code of that step
 * or an earlier one opens anything after it.
 *
 * Sign-in with TOTP on is two requests: the right password earns a ticket (tokens.ts, purpose
 * `login`, 5 minutes, single use), and the ticket with a code earns the session. A wrong code is a
 * failed sign-in for the sign-in limits (login-limits.ts) and counts against the ticket, which dies
 * after TICKET_MAX_WRONG_CODES. Wrong codes to enable or disable count toward the same limits, so a
 * stolen session cannot try every code either.
 */
import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import {
  ACCOUNT_SUSPENDED,
  TOTP_ALREADY_ON,
  TOTP_CODE_INVALID,
  TOTP_DISABLE_CODE_INVALID,
  TOTP_ENABLE_CODE_INVALID,
  TOTP_NOT_ON,
  TOTP_SETUP_FIRST,
  TOTP_TICKET_INVALID,
  tooManyLoginAttempts,
} from '../../../../shared/messages';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { totpRecoveryCodes, users } from '../../../../shared/schema/tables';
import { loadActor, sessionUser, type Actor, type SessionUser } from '../../actor';
import { nowIso, transact, updateRow, type Tx } from '../../db/write';
import type { Db } from '../../db/index';
import { Conflict, Forbidden, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { TICKET_MAX_WRONG_CODES, beginLoginAttempt, clearLoginFailures, loginLimitsOf, recordTicketFailure } from './login-limits';
import { findLoginTicket, hashToken, withdrawToken } from './tokens';
import { audit } from './admins';
import { revokeUserSessions } from './sessions';
import type { AuthDeps } from './service';

export const TOTP_ISSUER = 'Staykeep';
export const RECOVERY_CODE_COUNT = 10;
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';
/** Steps of drift accepted either way. */
const WINDOW = 1;

const USERS = requireTable(TABLE_IDS.users);

export type TotpDeps = AuthDeps & { secretKey: Buffer };

type UserRow = typeof users.$inferSelect;
type Match = { kind: 'totp'; step: number } | { kind: 'recovery'; id: number };

function liveUser(tx: Tx, userId: string): UserRow | undefined {
  return tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
}

function totpOf(secretBase32: string, email: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: OTPAuth.Secret.fromBase32(secretBase32),
  });
}

/** The step a current code was made for, unless it is wrong or its step was already used. */
function matchTotp(key: Buffer, user: UserRow, code: string, now: Date): number | undefined {
  if (!user.totp_secret_enc || !/^\d{6}$/.test(code)) return undefined;
  const totp = totpOf(decryptSecret(key, user.totp_secret_enc), user.Email);
  const timestamp = now.getTime();
  const delta = totp.validate({ token: code, timestamp, window: WINDOW });
  if (delta === null) return undefined;
  const step = totp.counter({ timestamp }) + delta;
  if (user.totp_last_step !== null && step <= user.totp_last_step) return undefined;
  return step;
}

/** Recovery codes: `xxxxx-xxxxx`, lower-case letters and digits; typed with or without the dash, in any case. */
function normalizeRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
function newRecoveryCode(): string {
  const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

function matchRecovery(tx: Tx, userId: string, code: string): number | undefined {
  const normalized = normalizeRecoveryCode(code);
  if (normalized.length !== 10) return undefined;
  return tx
    .select({ id: totpRecoveryCodes.id })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.user_id, userId), eq(totpRecoveryCodes.code_hash, hashToken(normalized)), isNull(totpRecoveryCodes.used_at)))
    .get()?.id;
}

/** A current code or an unused recovery code of the user. */
function matchCode(tx: Tx, key: Buffer, user: UserRow, code: string, now: Date): Match | undefined {
  const trimmed = code.replace(/\s/g, '');
  const step = matchTotp(key, user, trimmed, now);
  if (step !== undefined) return { kind: 'totp', step };
  const id = /^\d{6}$/.test(trimmed) ? undefined : matchRecovery(tx, user.ID, trimmed);
  return id === undefined ? undefined : { kind: 'recovery', id };
}

/** Spends the code: its step (never accepted again) or the recovery code. */
function consume(tx: Tx, userId: string, match: Match, now: Date): void {
  if (match.kind === 'totp') tx.update(users).set({ totp_last_step: match.step }).where(eq(users.ID, userId)).run();
  else tx.update(totpRecoveryCodes).set({ used_at: nowIso(now) }).where(eq(totpRecoveryCodes.id, match.id)).run();
}

function turnOff(tx: Tx, userId: string, now: Date): void {
  updateRow(tx, USERS, userId, { totp_enabled: false, totp_secret_enc: null, totp_last_step: null }, now);
  tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, userId)).run();
}

/** Counts the attempt for the sign-in limits; a source that must wait is refused (429). */
type Counted<T> = T | { retryAfterSeconds: number };
function withAttempt<T>(deps: TotpDeps, tx: Tx, user: UserRow, source: string, now: Date, run: () => T): Counted<T> {
  const attempt = beginLoginAttempt(tx, user.Email.toLowerCase(), source, now, loginLimitsOf(deps.config));
  if (attempt.retryAfterSeconds !== undefined) return { retryAfterSeconds: attempt.retryAfterSeconds };
  return run();
}

function throwIfWaiting<T extends object>(outcome: Counted<T>): T {
  if ('retryAfterSeconds' in outcome) throw new TooManyRequests(tooManyLoginAttempts(outcome.retryAfterSeconds), outcome.retryAfterSeconds);
  return outcome;
}

// ── Setup, enable, disable (the signed-in user) ─────────────────────────────────────────────
/** A new secret for the user, not active until enable: any earlier unconfirmed one is replaced. */
export function setupTotp(deps: TotpDeps, actor: Actor): { secret: string; otpauthUrl: string } {
  const now = deps.now();
  return transact(deps.db, (tx) => {
    const user = liveUser(tx, actor.userId);
    if (!user) throw new Unauthorized();
    if (user.totp_enabled) throw new Conflict(TOTP_ALREADY_ON);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    updateRow(tx, USERS, user.ID, { totp_secret_enc: encryptSecret(deps.secretKey, secret), totp_last_step: null }, now);
    return { secret, otpauthUrl: totpOf(secret, user.Email).toString() };
  });
}

/** Turns TOTP on with a current code of the secret from setup; answers the ten recovery codes. */
export function enableTotp(deps: TotpDeps, actor: Actor, code: string, source: string): { recoveryCodes: string[] } {
  const now = deps.now();
  const outcome = transact(deps.db, (tx) => {
    const user = liveUser(tx, actor.userId);
    if (!user) throw new Unauthorized();
    if (user.totp_enabled) throw new Conflict(TOTP_ALREADY_ON);
    if (!user.totp_secret_enc) throw new Conflict(TOTP_SETUP_FIRST);
    return withAttempt(deps, tx, user, source, now, (): { recoveryCodes: string[] } | { error: string } => {
      const step = matchTotp(deps.secretKey, user, code.replace(/\s/g, ''), now);
      if (step === undefined) return { error: TOTP_ENABLE_CODE_INVALID };
      updateRow(tx, USERS, user.ID, { totp_enabled: true, totp_last_step: step }, now);
      // Sessions opened with the password alone end, but the one that turned it on.
      revokeUserSessions(tx, [user.ID], now, actor.sessionId);
      tx.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.user_id, user.ID)).run();
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      tx.insert(totpRecoveryCodes)
        .values(recoveryCodes.map((c) => ({ user_id: user.ID, code_hash: hashToken(normalizeRecoveryCode(c)), created_at: nowIso(now) })))
        .run();
      clearLoginFailures(tx, user.Email.toLowerCase(), source);
      return { recoveryCodes };
    });
  });
  const done = throwIfWaiting(outcome);
  if ('error' in done) throw new ValidationFailed(done.error);
  return done;
}

/** Turns TOTP off with a current code or an unused recovery code. */
export function disableTotp(deps: TotpDeps, actor: Actor, code: string, source: string): void {
  const now = deps.now();
  const outcome = transact(deps.db, (tx) => {
    const user = liveUser(tx, actor.userId);
    if (!user) throw new Unauthorized();
    if (!user.totp_enabled) throw new Conflict(TOTP_NOT_ON);
    return withAttempt(deps, tx, user, source, now, (): { error?: string } => {
      if (!matchCode(tx, deps.secretKey, user, code, now)) return { error: TOTP_DISABLE_CODE_INVALID };
      turnOff(tx, user.ID, now);
      clearLoginFailures(tx, user.Email.toLowerCase(), source);
      return {};
    });
  });
  const done = throwIfWaiting(outcome);
  if (done.error !== undefined) throw new ValidationFailed(done.error);
}

// ── Sign-in (the password step is login in service.ts, which issues the ticket) ───────────────

type Redeemed = { session: SessionUser } | { error: string; status: 401 | 403 };

/** The second step: a live ticket and a current code (or an unused recovery code) open the session. */
export function redeemLoginTicket(deps: TotpDeps, input: { ticket: string; code: string }, source: string): SessionUser {
  const now = deps.now();
  const outcome = transact(deps.db, (tx): Counted<Redeemed> => {
    const found = findLoginTicket(tx, input.ticket, now);
    const user = found && liveUser(tx, found.userId);
    // An admin's reset (or disable) since the password: start again, the password alone will do.
    if (!user?.totp_enabled) return { error: TOTP_TICKET_INVALID, status: 401 };
    return withAttempt(deps, tx, user, source, now, (): Redeemed => {
      const match = matchCode(tx, deps.secretKey, user, input.code, now);
      if (!match) {
        if (recordTicketFailure(tx, hashToken(input.ticket), now) >= TICKET_MAX_WRONG_CODES) withdrawToken(tx, input.ticket, now);
        return { error: TOTP_CODE_INVALID, status: 401 };
      }
      consume(tx, user.ID, match, now);
      withdrawToken(tx, input.ticket, now);
      clearLoginFailures(tx, user.Email.toLowerCase(), source);
      // Suspended between the password and the code: told so, as at the password.
      if (loadActor(tx, user.ID)?.suspended) return { error: ACCOUNT_SUSPENDED, status: 403 };
      const session = sessionUser(tx, user.ID);
      return session ? { session } : { error: TOTP_TICKET_INVALID, status: 401 };
    });
  });
  const done = throwIfWaiting(outcome);
  if ('session' in done) return done.session;
  throw done.status === 403 ? new Forbidden(done.error) : new Unauthorized(done.error);
}

// ── Admin reset ─────────────────────────────────────────────────────────────────────────────
/**
 * An admin turns a user's TOTP off (a lost phone, no recovery code left): the user signs in with
 * the password alone and may turn it on again. Only a super admin resets a super admin. Audited.
 */
export function resetTotp(db: Db, actor: Actor, userId: string, now: Date): void {
  transact(db, (tx) => {
    const user = liveUser(tx, userId);
    if (!user) throw new NotFound(`No user with ID ${userId}`);
    if (user.Role === 'super_admin' && actor.role !== 'super_admin') throw new Forbidden("Only a super admin may reset a super admin's two-step sign-in");
    if (!user.totp_enabled) throw new Conflict(TOTP_NOT_ON);
    turnOff(tx, user.ID, now);
    // Whoever asked for the reset may not be the owner: every session of the account ends.
    revokeUserSessions(tx, [user.ID], now);
    audit(tx, actor, 'totp_reset', user.ID, { email: user.Email }, now);
  });
}
