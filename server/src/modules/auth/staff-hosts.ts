/**
 * One person, several hosts (docs/decisions.md, Ownership and scope): a staff row is linked to a
 * user only when the invite mailed for that row is accepted, and a staff user working for several
 * hosts chooses which one its per-host screens show (the session's `staffId`). Plain functions
 * over the database; the routes are in staff-host-routes.ts.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { hostProfiles, housekeepingStaff, staffCurrentHosts, users } from '../../../../shared/schema/tables';
import { ACCOUNT_SUSPENDED, INVITE_ACCEPT_FAILED } from '../../../../shared/messages';
import { loadActor, sessionUser, type Actor, type SessionUser } from '../../actor';
import type { Db } from '../../db/index';
import { nowIso, transact, updateRow, type Tx } from '../../db/write';
import { Forbidden, NotFound, ValidationFailed } from '../../errors';
import type { TotpChallenge } from './service';
import { findValidToken, issueLoginTicket, spendToken, type ValidToken } from './tokens';

const STAFF = requireTable(TABLE_IDS.housekeeping_staff);

type Deps = { db: Db; now: () => Date };
type UserRow = typeof users.$inferSelect;

/** The live staff row an invite token was mailed for, while it is still for the token's user. */
function invitedRow(tx: Tx, token: ValidToken, user: UserRow): typeof housekeepingStaff.$inferSelect | undefined {
  if (token.purpose !== 'invite' || !token.staffId || user.Role !== 'staff') return undefined;
  const staff = tx
    .select()
    .from(housekeepingStaff)
    .where(and(eq(housekeepingStaff.id, token.staffId), isNull(housekeepingStaff.deleted_at)))
    .get();
  // The host may have changed the row's address since: the invite then no longer stands.
  if (!staff || staff.staff_email.trim().toLowerCase() !== user.Email.toLowerCase()) return undefined;
  return staff;
}

/**
 * Links the staff row of an invite token to its user (false when the row is gone or is no longer
 * for that address). The row's user_id change marks the user's scope (sync/scope.ts), so each of
 * its devices starts over at its next pull with the new host's rows.
 */
export function linkInvitedStaff(tx: Tx, token: ValidToken, user: UserRow, now: Date): boolean {
  const staff = invitedRow(tx, token, user);
  if (!staff) return false;
  if (staff.user_id !== user.ID) updateRow(tx, STAFF, staff.id, { user_id: user.ID }, now);
  return true;
}

function liveUser(tx: Tx, userId: string): UserRow | undefined {
  return tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
}

function hostNameOf(tx: Tx, hostId: string): string {
  const host = tx
    .select({ company: hostProfiles.company_name, name: users.Name })
    .from(hostProfiles)
    .leftJoin(users, eq(users.ID, hostProfiles.user_id))
    .where(eq(hostProfiles.id, hostId))
    .get();
  return host?.company?.trim() || host?.name?.trim() || 'Your host';
}

export type InvitePreview = { hostName: string; staffName: string; email: string; hasPassword: boolean };

/**
 * What an invite link is for, to whoever holds it (the mailbox's owner): the host, and whether the
 * person sets a first password or accepts with the one it has. 400 for an unknown, used or expired link.
 */
export function previewInvite(deps: Deps, token: string): InvitePreview {
  const tx = deps.db;
  const found = findValidToken(tx, token, deps.now());
  const user = found && liveUser(tx, found.userId);
  const staff = found && user && invitedRow(tx, found, user);
  if (!user || !staff) throw new ValidationFailed(INVITE_ACCEPT_FAILED);
  return { hostName: hostNameOf(tx, staff.host_id), staffName: staff.staff_name, email: user.Email, hasPassword: Boolean(user.password_hash) };
}

function setCurrentStaff(tx: Tx, userId: string, staffId: string, now: Date): void {
  tx.insert(staffCurrentHosts)
    .values({ user_id: userId, staff_id: staffId, updated_at: nowIso(now) })
    .onConflictDoUpdate({ target: staffCurrentHosts.user_id, set: { staff_id: staffId, updated_at: nowIso(now) } })
    .run();
}

/**
 * Accepts a host's invite for someone who already has a password (they work for another host):
 * links that one staff row, spends that one link, makes the new host the current one and signs
 * in. No password changes. 400 for an unknown, used or expired link, or one for a person who has
 * no password yet (who sets one on the reset-password page instead). The link proves only the
 * mailbox: with two-step sign-in on, the answer is a sign-in ticket that still needs a code
 * (POST /api/auth/login/totp), never a session.
 */
export function acceptInvite(deps: Deps, token: string): SessionUser | TotpChallenge {
  const now = deps.now();
  const outcome = transact(deps.db, (tx) => {
    const found = findValidToken(tx, token, now);
    const user = found && liveUser(tx, found.userId);
    if (!found || !user?.password_hash || !linkInvitedStaff(tx, found, user, now)) throw new ValidationFailed(INVITE_ACCEPT_FAILED);
    spendToken(tx, token, now);
    setCurrentStaff(tx, user.ID, found.staffId as string, now);
    // A housekeeper of suspended hosts only is told so, as at sign-in; the link stays.
    if (loadActor(tx, user.ID)?.suspended) return ACCOUNT_SUSPENDED;
    if (user.totp_enabled) return { totpRequired: true as const, ticket: issueLoginTicket(tx, user.ID, now) };
    return sessionUser(tx, user.ID);
  });
  if (typeof outcome === 'string') throw new Forbidden(outcome);
  if (!outcome) throw new ValidationFailed(INVITE_ACCEPT_FAILED);
  return outcome;
}

/**
 * Makes one of the caller's staff rows the current one (the session's `staffId`, what per-host
 * screens show). 404 for a row that is not one of the caller's (whether or not it exists).
 */
export function switchStaffHost(deps: Deps, actor: Actor, staffId: string): SessionUser {
  const now = deps.now();
  return transact(deps.db, (tx) => {
    const fresh = loadActor(tx, actor.userId);
    if (!fresh?.staffIds?.includes(staffId)) throw new NotFound(`No staff row with ID ${staffId} is linked to you`);
    setCurrentStaff(tx, actor.userId, staffId, now);
    const user = sessionUser(tx, actor.userId);
    if (!user) throw new NotFound(`No staff row with ID ${staffId} is linked to you`);
    return user;
  });
}
