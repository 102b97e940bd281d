/**
 * Account services behind routes.ts (register, login, password reset and change, first setup,
 * staff invitations): plain functions over the database, callable without HTTP. Password hashing
 * (scrypt) runs outside the synchronous better-sqlite3 transactions; anything read before an await
 * is checked again inside the write. A reset or invite mail is queued (email/queue.ts) in the
 * transaction that issues its token, and sent, with retries, after the commit.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { hostProfiles, housekeepingStaff, users } from '../../../../shared/schema/tables';
import {
  ACCOUNT_DEACTIVATED,
  ACCOUNT_SUSPENDED,
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  INVALID_CREDENTIALS,
  RESET_EMAIL_FAILED,
  RESET_PASSWORD_FAILED,
  SETUP_ALREADY_DONE,
  STAFF_EMAIL_REQUIRED,
  tooManyLoginAttempts,
  tooManyResetRequests,
} from '../../../../shared/messages';
import type { Role } from '../../../../shared/enums';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/index';
import { insertRow, nowIso, transact, updateRow, type Tx } from '../../db/write';
import { insertDefaultTemplate } from '../housekeeping/default-template';
import { loadActor, sessionUser, type Actor, type SessionUser } from '../../actor';
import { Conflict, Forbidden, HttpError, NotFound, TooManyRequests, Unauthorized, ValidationFailed } from '../../errors';
import { canSendMail, type MailDeps } from '../email/mailer';
import { queueMail } from '../email/queue';
import { recipientFor, english } from '../../i18n';
import { resetPasswordEmail, staffInviteEmail, staffInviteRefusedEmail, staffJoinEmail } from '../email/templates';
import { beginLoginAttempt, beginResetRequest, clearAllLoginFailures, clearLoginFailures, forgetAttempt, loginLimitsOf } from './login-limits';
import { hashPassword, verifyPassword } from './password';
import { TOKEN_VALID_HOURS, findValidToken, invalidateUserTokens, issueLoginTicket, issueToken, spendToken } from './tokens';
import { linkInvitedStaff } from './staff-hosts';
import { revokeUserSessions } from './sessions';
import { createDefaultDisplaySettings, defaultCommissionRate, defaultTierName } from '../platform/defaults';

/** What the services need; a FastifyInstance has all of it. */
export type AuthDeps = MailDeps & { db: Db; config: AppConfig; now: () => Date };

function mustTable(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Table ${id} is not registered`);
  return def;
}
const USERS = mustTable(TABLE_IDS.users);
const HOST_PROFILES = mustTable(TABLE_IDS.host_profiles);

type UserRow = typeof users.$inferSelect;

/** Users are found by e-mail case-insensitively, whatever path wrote the row. */
function userByEmail(tx: Tx, email: string, opts: { includeDeleted?: boolean } = {}): UserRow | undefined {
  const sameEmail = sql`lower(${users.Email}) = ${email}`;
  return tx
    .select()
    .from(users)
    .where(opts.includeDeleted ? sameEmail : and(sameEmail, isNull(users.deleted_at)))
    .get();
}

function liveUser(tx: Tx, userId: string): UserRow | undefined {
  return tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
}

function mustSession(tx: Tx, userId: string): SessionUser {
  const session = sessionUser(tx, userId);
  if (!session) throw new Error(`User ${userId} has no session`);
  return session;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    if ((e as Error & { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') return true;
  }
  return false;
}

// Unknown e-mails and users without a password still pay one scrypt, so timing does not tell
// which addresses have accounts.
let dummyHash: Promise<string> | undefined;
function timingDummy(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-user-${Math.random()}`);
  return dummyHash;
}

function insertUser(tx: Tx, values: { Email: string; Name: string; Role: Role; setupCompleted: boolean; password_hash: string | null }, now: Date): string {
  const row = insertRow(tx, USERS, { ...values, CreateTime: nowIso(now) }, now);
  // Every new account starts with the platform's display defaults (the general settings).
  createDefaultDisplaySettings(tx, String(row.ID), now);
  return String(row.ID);
}

// ── Register ────────────────────────────────────────────────────────────────────────────────
export type RegisterInput = { email: string; password: string; name?: string; company_name?: string; phone_number?: string };

/** A host user and its host profile: account and subscription active, tier basic (or the first offered), the platform's default commission rate. */
export async function registerHost(deps: AuthDeps, input: RegisterInput): Promise<SessionUser> {
  if (userByEmail(deps.db, input.email, { includeDeleted: true })) throw new Conflict(EMAIL_ALREADY_REGISTERED);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  try {
    return transact(deps.db, (tx) => {
      if (userByEmail(tx, input.email, { includeDeleted: true })) throw new Conflict(EMAIL_ALREADY_REGISTERED);
      const name = input.name?.trim() || input.company_name?.trim() || input.email.split('@')[0] || input.email;
      const userId = insertUser(tx, { Email: input.email, Name: name, Role: 'host', setupCompleted: true, password_hash: passwordHash }, now);
      const profile = insertRow(
        tx,
        HOST_PROFILES,
        {
          user_id: userId,
          email: input.email,
          company_name: input.company_name?.trim() ?? '',
          phone_number: input.phone_number?.trim() ?? '',
          account_status: 'active',
          subscription_status: 'active',
          // basic, unless a super admin took it off offer (then the first tier offered).
          subscription_tier: defaultTierName(tx),
          // The platform's default commission (settings, spec §9: 10 unless a super admin changed it).
          commission_rate: defaultCommissionRate(tx),
          created_date: nowIso(now),
        },
        now,
      );
      // Turnover tasks from the first booking on: the standard checklist as the default template.
      insertDefaultTemplate(tx, String(profile.id), now);
      return mustSession(tx, userId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_ALREADY_REGISTERED);
    throw err;
  }
}

// ── Login ───────────────────────────────────────────────────────────────────────────────────
/**
 * `source` is the client's IP: the limits (login-limits.ts) slow down the source that keeps
 * failing, never the address, so a stranger cannot keep the owner out.
 */
/** With two-step sign-in on, the right password earns a ticket for the code (totp.ts). */
export type TotpChallenge = { totpRequired: true; ticket: string };
export type LoginOutcome = SessionUser | TotpChallenge;

export async function login(deps: AuthDeps, input: { email: string; password: string }, source: string): Promise<LoginOutcome> {
  const now = deps.now();
  const attempt = transact(deps.db, (tx) => beginLoginAttempt(tx, input.email, source, now, loginLimitsOf(deps.config)));
  if (attempt.retryAfterSeconds !== undefined) throw new TooManyRequests(tooManyLoginAttempts(attempt.retryAfterSeconds), attempt.retryAfterSeconds);

  // Deactivated admins (a soft-deleted users row, docs/decisions.md) are found too, so that the
  // right password hears why it no longer opens the account; every other deleted user is unknown.
  const user = userByEmail(deps.db, input.email, { includeDeleted: true });
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await timingDummy()));
  if (!user?.password_hash || !matches) throw new Unauthorized(INVALID_CREDENTIALS);
  if (user.deleted_at && user.Role !== 'admin') throw new Unauthorized(INVALID_CREDENTIALS);

  // The right password is not a failure, even when the account may not sign in now: the refusal
  // comes after the source's failures are cleared (committed), so a suspended host that keeps
  // trying is never slowed down, and signs in as soon as it is reactivated.
  const outcome = transact(deps.db, (tx) => {
    // With two-step sign-in on, only the right code clears the failures (login-limits.ts).
    if (user.totp_enabled && !user.deleted_at) forgetAttempt(tx, input.email, source, now);
    else clearLoginFailures(tx, input.email, source);
    if (user.deleted_at) return ACCOUNT_DEACTIVATED;
    // A suspended host, or a housekeeper of one, is told so once the password is right.
    if (loadActor(tx, user.ID)?.suspended) return ACCOUNT_SUSPENDED;
    // With two-step sign-in on, the password earns a ticket, and the code the session (totp.ts).
    if (user.totp_enabled) return { totpRequired: true as const, ticket: issueLoginTicket(tx, user.ID, now) };
    return mustSession(tx, user.ID);
  });
  if (typeof outcome === 'string') throw new Forbidden(outcome);
  return outcome;
}

// ── Password reset ──────────────────────────────────────────────────────────────────────────
/**
 * The link of a mailed token: a reset (no `invite`), a host's staff invite (`invite=1`: the page
 * previews the host) or an admin's invite (`invite=admin`: the page asks for a first password).
 */
export function resetLink(config: AppConfig, token: string, invite: false | 'staff' | 'admin' = false): string {
  const url = new URL('/resetpassword', config.publicOrigin);
  url.searchParams.set('token', token);
  if (invite) url.searchParams.set('invite', invite === 'admin' ? 'admin' : '1');
  return url.toString();
}

/**
 * Queues a reset link when the address has an account (the token and its mail in one
 * transaction); the caller answers the same either way, and the mail is sent after the commit.
 * Limited (login-limits.ts): a source over its hourly requests gets 429; an address over its
 * hourly mails gets the same answer and no mail, whether or not it has an account.
 */
export async function requestPasswordReset(deps: AuthDeps, input: { email: string }, source: string): Promise<void> {
  const now = deps.now();
  // Nowhere to send (no SMTP, no development transport): the same 500 for every address, before any lookup.
  if (!canSendMail(deps, deps.config.mailDevTransport)) throw new HttpError(500, RESET_EMAIL_FAILED);
  const limits = { perAddress: deps.config.resetMailsPerAddressPerHour, perSource: deps.config.resetRequestsPerSourcePerHour };
  const request = transact(deps.db, (tx) => {
    const counted = beginResetRequest(tx, input.email, source, now, limits);
    if (!counted.mayMail) return counted;
    const user = userByEmail(tx, input.email);
    if (!user) return counted;
    const token = issueToken(tx, user.ID, 'reset', now);
    queueMail(tx, resetPasswordEmail(user.Email, resetLink(deps.config, token), TOKEN_VALID_HOURS, recipientFor(tx, user.ID).t), { kind: 'reset', now });
    return counted;
  });
  if (request.retryAfterSeconds !== undefined) throw new TooManyRequests(tooManyResetRequests(request.retryAfterSeconds), request.retryAfterSeconds);
}

/**
 * Redeems a reset or invite token: sets the password, and the user's other reset links die. An
 * invite sets only a first password (someone who has one accepts it instead: staff-hosts.ts) and
 * links the staff row it was mailed for; other hosts' invites stay open, to be accepted.
 */
export async function resetPassword(deps: AuthDeps, input: { token: string; password: string }): Promise<void> {
  if (!findValidToken(deps.db, input.token, deps.now())) throw new ValidationFailed(RESET_PASSWORD_FAILED);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  transact(deps.db, (tx) => {
    const found = findValidToken(tx, input.token, now);
    const user = found && liveUser(tx, found.userId);
    if (!found || !user) throw new ValidationFailed(RESET_PASSWORD_FAILED);
    // A staff invite names its row (an admin's invite does not, and only sets the password).
    if (found.purpose === 'invite' && found.staffId !== null) {
      if (user.password_hash || !linkInvitedStaff(tx, found, user, now)) throw new ValidationFailed(RESET_PASSWORD_FAILED);
    }
    updateRow(tx, USERS, user.ID, { password_hash: passwordHash, setupCompleted: true }, now);
    spendToken(tx, input.token, now);
    invalidateUserTokens(tx, user.ID, now, { keepInvites: true });
    // Whoever knew the old password may hold a session: every one ends.
    revokeUserSessions(tx, [user.ID], now);
    // Proving control of the mailbox: the failed guesses at the old password, from any source, no longer count.
    clearAllLoginFailures(tx, user.Email.toLowerCase());
  });
}

// ── Change password ─────────────────────────────────────────────────────────────────────────
export async function changePassword(deps: AuthDeps, actor: Actor, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const user = liveUser(deps.db, actor.userId);
  if (!user) throw new Unauthorized();
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) throw new ValidationFailed(CURRENT_PASSWORD_INCORRECT);
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  transact(deps.db, (tx) => {
    if (!updateRow(tx, USERS, user.ID, { password_hash: passwordHash, setupCompleted: true }, now)) throw new Unauthorized();
    // A reset link mailed before the change must not undo it.
    invalidateUserTokens(tx, user.ID, now);
    // Nor a session opened with the old password: every one but this one ends.
    revokeUserSessions(tx, [user.ID], now, actor.sessionId);
  });
}

// ── First-run setup ─────────────────────────────────────────────────────────────────────────
export function isSetupNeeded(tx: Tx): boolean {
  const admin = tx
    .select({ ID: users.ID })
    .from(users)
    .where(and(eq(users.Role, 'super_admin'), isNull(users.deleted_at)))
    .get();
  return !admin;
}

/** Creates the first super admin; 409 once one exists. */
export async function setupSuperAdmin(deps: AuthDeps, input: { email: string; password: string; name: string }): Promise<SessionUser> {
  if (!isSetupNeeded(deps.db)) throw new Conflict(SETUP_ALREADY_DONE);
  if (userByEmail(deps.db, input.email, { includeDeleted: true })) throw new Conflict(EMAIL_ALREADY_REGISTERED);
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  try {
    return transact(deps.db, (tx) => {
      if (!isSetupNeeded(tx)) throw new Conflict(SETUP_ALREADY_DONE);
      if (userByEmail(tx, input.email, { includeDeleted: true })) throw new Conflict(EMAIL_ALREADY_REGISTERED);
      const userId = insertUser(tx, { Email: input.email, Name: input.name, Role: 'super_admin', setupCompleted: true, password_hash: passwordHash }, now);
      return mustSession(tx, userId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Conflict(EMAIL_ALREADY_REGISTERED);
    throw err;
  }
}

// ── Staff invite ────────────────────────────────────────────────────────────────────────────
/**
 * Mails the staff member of the caller's host an invite for that staff row, in one transaction,
 * and answers the same whatever the address is (docs/security.md: no host learns whether another
 * host employs someone): a new address gets a staff user without a password and a link to set it;
 * a staff user who already has a password (another host's housekeeper) a link to accept; an address
 * of another kind of account a mail telling its owner it cannot join. Nothing is linked here: the
 * row gets its user_id when that row's invite is accepted (`redeemInvite`).
 */
export async function inviteStaff(deps: AuthDeps, actor: Actor, staffId: string): Promise<void> {
  const now = deps.now();
  transact(deps.db, (tx) => {
    const staff = actor.hostProfileId
      ? tx
          .select()
          .from(housekeepingStaff)
          .where(and(eq(housekeepingStaff.id, staffId), eq(housekeepingStaff.host_id, actor.hostProfileId), isNull(housekeepingStaff.deleted_at)))
          .get()
      : undefined;
    if (!staff) throw new NotFound('Staff member not found');
    const email = staff.staff_email.trim().toLowerCase();
    if (!email) throw new ValidationFailed(STAFF_EMAIL_REQUIRED);

    const profile = tx.select({ company_name: hostProfiles.company_name }).from(hostProfiles).where(eq(hostProfiles.id, staff.host_id)).get();
    const existing = userByEmail(tx, email, { includeDeleted: true });
    // In the invitee's language when they have an account already (their setting or last sign-in); English for a newcomer.
    const t = existing ? recipientFor(tx, existing.ID).t : english;
    const invitedBy = profile?.company_name || actor.name || t('server.mail.yourHost');
    if (existing && (existing.deleted_at || existing.Role !== 'staff')) {
      queueMail(tx, staffInviteRefusedEmail(email, invitedBy, t), { kind: 'staff_invite', now });
      return;
    }
    const userId =
      existing?.ID ?? insertUser(tx, { Email: email, Name: staff.staff_name, Role: 'staff', setupCompleted: false, password_hash: null }, now);
    const link = resetLink(deps.config, issueToken(tx, userId, 'invite', now, staff.id), 'staff');
    const mail = existing?.password_hash ? staffJoinEmail : staffInviteEmail;
    queueMail(tx, mail(email, staff.staff_name, invitedBy, link, TOKEN_VALID_HOURS, t), { kind: 'staff_invite', now });
  });
}
