/**
 * Admins managed by a super admin (the admin console's Admins page): invite by e-mail, deactivate,
 * reactivate. No table of its own: an admin is a users row with Role admin; an invited admin has
 * no password yet and sets it through the invite link (the reset-token mechanism, tokens.ts); a
 * deactivated admin is a soft-deleted users row (docs/decisions.md, Rules read literally), which
 * every session check and the sign-in already refuse. Each action is audited with who and when.
 */
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AdminInviteBody, AdminUser } from '../../../../shared/api/admin';
import { ACCOUNT_DEACTIVATED, EMAIL_ALREADY_REGISTERED } from '../../../../shared/messages';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { users } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { recordChange } from '../../db/changes';
import { connectionOf, insertRow, nextVersion, nowIso, tombstoneRow, transact, type Tx } from '../../db/write';
import { Conflict, Forbidden, NotFound } from '../../errors';
import { queueMail } from '../email/queue';
import { recipientFor } from '../../i18n';
import { adminInviteEmail } from '../email/templates';
import { resetLink, type AuthDeps } from './service';
import { TOKEN_VALID_HOURS, invalidateUserTokens, issueToken } from './tokens';
import { revokeUserSessions } from './sessions';

const USERS = requireTable(TABLE_IDS.users);
const AUDIT_LOG = requireTable(TABLE_IDS.audit_log);

type UserRow = typeof users.$inferSelect;

function toAdmin(row: UserRow): AdminUser {
  return {
    ID: row.ID,
    Name: row.Name,
    Email: row.Email,
    Role: row.Role === 'super_admin' ? 'super_admin' : 'admin',
    CreateTime: row.CreateTime,
    active: row.deleted_at === null,
    invited: row.password_hash === null,
    totp_enabled: row.totp_enabled,
  };
}

/** An entry of the platform audit log about a user (read by platform/audit.ts). */
export function audit(tx: Tx, actor: Actor, action: string, userId: string, details: Record<string, unknown>, now: Date): void {
  insertRow(tx, AUDIT_LOG, { actor_id: actor.userId, action, table_id: TABLE_IDS.users, entity_id: userId, details, created_at: nowIso(now) }, now);
}

/** Every super admin and admin, deactivated ones included, super admins first, then by name. */
export function listAdmins(tx: Tx): AdminUser[] {
  return tx
    .select()
    .from(users)
    .where(inArray(users.Role, ['super_admin', 'admin']))
    .orderBy(sql`${users.Role} = 'admin'`, sql`lower(${users.Name})`, users.ID)
    .all()
    .map(toAdmin);
}

/**
 * Invites an admin: a users row with Role admin and no password, and a link (valid
 * TOKEN_VALID_HOURS, once) to set one, queued in the same transaction (email/queue.ts: sent after
 * commit, with retries). Inviting again an admin who has not set a password yet sends a fresh
 * link; any other account with that address is a 409.
 */
export function inviteAdmin(deps: AuthDeps, actor: Actor, input: AdminInviteBody): AdminUser {
  const now = deps.now();
  return transact(deps.db, (tx) => {
    const existing = tx.select().from(users).where(sql`lower(${users.Email}) = ${input.email}`).get();
    if (existing && !(existing.Role === 'admin' && existing.password_hash === null && existing.deleted_at === null)) {
      throw new Conflict(existing.Role === 'admin' && existing.deleted_at ? `${EMAIL_ALREADY_REGISTERED}: reactivate this admin instead` : EMAIL_ALREADY_REGISTERED);
    }
    const row =
      existing ??
      (insertRow(tx, USERS, { Email: input.email, Name: input.name, Role: 'admin', CreateTime: nowIso(now), setupCompleted: false, password_hash: null }, now) as UserRow);
    const token = issueToken(tx, row.ID, 'invite', now);
    audit(tx, actor, existing ? 'admin_invite_again' : 'admin_invite', row.ID, { email: row.Email, name: row.Name }, now);
    const admin = toAdmin(row);
    // A newcomer reads English; an admin invited again, whose language is known, reads theirs.
    const { t } = recipientFor(tx, row.ID);
    queueMail(tx, adminInviteEmail(admin.Email, admin.Name, actor.name || t('server.mail.adminInvite.superAdmin'), resetLink(deps.config, token, 'admin'), TOKEN_VALID_HOURS, t), { kind: 'admin_invite', now });
    return admin;
  });
}

/**
 * Deactivates (soft delete: its sessions end at their next request, its sign-in answers 403
 * ACCOUNT_DEACTIVATED, its outstanding links die) or reactivates an admin. Super admins are not
 * managed here: only users with Role admin.
 */
export function setAdminActive(db: Db, actor: Actor, userId: string, active: boolean, now: Date): AdminUser {
  return transact(db, (tx) => {
    const row = tx.select().from(users).where(eq(users.ID, userId)).get();
    if (!row || (row.Role !== 'admin' && row.Role !== 'super_admin')) throw new NotFound(`No admin with ID ${userId}`);
    if (row.Role !== 'admin') throw new Forbidden('Super admins cannot be deactivated here');
    const isActive = row.deleted_at === null;
    if (isActive === active) return toAdmin(row);
    if (!active) {
      tombstoneRow(tx, USERS, userId, now);
      invalidateUserTokens(tx, userId, now);
      revokeUserSessions(tx, [userId], now);
      audit(tx, actor, 'admin_deactivate', userId, { email: row.Email, reason: ACCOUNT_DEACTIVATED }, now);
    } else {
      // updateRow writes only live rows: bringing one back is this one statement.
      tx.update(users)
        .set({ deleted_at: null, version: nextVersion(tx), updated_at: nowIso(now) })
        .where(and(eq(users.ID, userId), isNotNull(users.deleted_at)))
        .run();
      recordChange(connectionOf(tx), USERS, userId, 'update');
      audit(tx, actor, 'admin_reactivate', userId, { email: row.Email }, now);
    }
    const after = tx.select().from(users).where(eq(users.ID, userId)).get();
    if (!after) throw new NotFound(`No admin with ID ${userId}`);
    return toAdmin(after);
  });
}

/**
 * An admin's "Sign out everywhere" for a user (a lost phone, a shared tablet): every session of the
 * account ends at its next request. Only a super admin signs out a super admin. Audited.
 */
export function revokeAllSessionsOf(db: Db, actor: Actor, userId: string, now: Date): { revoked: number } {
  return transact(db, (tx) => {
    const user = tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
    if (!user) throw new NotFound(`No user with ID ${userId}`);
    if (user.Role === 'super_admin' && actor.role !== 'super_admin') throw new Forbidden('Only a super admin may sign out a super admin');
    const revoked = revokeUserSessions(tx, [user.ID], now).length;
    audit(tx, actor, 'sessions_revoke', user.ID, { email: user.Email, revoked }, now);
    return { revoked };
  });
}
