/**
 * Who is calling: the signed-in user with the ids the policy scopes by (docs/decisions.md,
 * Ownership and scope): a host's host profile id, a staff user's housekeeping_staff id (linked by
 * the staff row's user_id, else by its staff_email).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { hostProfiles, housekeepingStaff, users } from '../../shared/schema/tables';
import type { ACCOUNT_STATUSES, Role } from '../../shared/enums';
import type { SessionUser } from '../../shared/session';
import { connectionOf, type Tx } from './db/write';

export type Actor = {
  userId: string;
  role: Role;
  email: string;
  name: string;
  hostProfileId?: string;
  staffId?: string;
  /**
   * Set when the account's host is suspended (a host's own profile, a housekeeper's employer):
   * its sessions are refused at their next request (plugins/auth.ts) and it cannot sign in.
   */
  suspended?: true;
};

/** The session object that login, register and GET /api/auth/me answer (shared/session.ts). */
export type { SessionUser };

type One<T> = { get: (values: { key: string }) => T | undefined };
type ActorStatements = {
  user: One<{ ID: string; Role: Role; Email: string; Name: string }>;
  profile: One<{ id: string; account_status: string }>;
  staffByUser: One<{ id: string; host_status: string | null }>;
  staffByEmail: One<{ id: string; host_status: string | null }>;
};

/** Every authenticated request loads its actor: statements built once per handle and reused. */
const statementCache = new WeakMap<object, ActorStatements>();

function statementsFor(tx: Tx): ActorStatements {
  const connection = connectionOf(tx);
  let s = statementCache.get(connection);
  if (!s) {
    const key = sql.placeholder('key');
    s = {
      user: tx
        .select({ ID: users.ID, Role: users.Role, Email: users.Email, Name: users.Name })
        .from(users)
        .where(and(eq(users.ID, key), isNull(users.deleted_at)))
        .prepare(),
      // The account status rides on the statements each request runs anyway: the suspension
      // check costs no extra query.
      profile: tx
        .select({ id: hostProfiles.id, account_status: hostProfiles.account_status })
        .from(hostProfiles)
        .where(and(eq(hostProfiles.user_id, key), isNull(hostProfiles.deleted_at)))
        .prepare(),
      staffByUser: tx
        .select({ id: housekeepingStaff.id, host_status: hostProfiles.account_status })
        .from(housekeepingStaff)
        .leftJoin(hostProfiles, and(eq(hostProfiles.id, housekeepingStaff.host_id), isNull(hostProfiles.deleted_at)))
        .where(and(eq(housekeepingStaff.user_id, key), isNull(housekeepingStaff.deleted_at)))
        .prepare(),
      staffByEmail: tx
        .select({ id: housekeepingStaff.id, host_status: hostProfiles.account_status })
        .from(housekeepingStaff)
        .leftJoin(hostProfiles, and(eq(hostProfiles.id, housekeepingStaff.host_id), isNull(hostProfiles.deleted_at)))
        .where(and(eq(housekeepingStaff.staff_email, key), isNull(housekeepingStaff.deleted_at)))
        .prepare(),
    };
    statementCache.set(connection, s);
  }
  return s;
}

/** The account status that stops a host and its staff (docs/decisions.md, Rules read literally). */
export const SUSPENDED = 'suspended' satisfies (typeof ACCOUNT_STATUSES)[number];

export function loadActor(tx: Tx, userId: string): Actor | undefined {
  const s = statementsFor(tx);
  const user = s.user.get({ key: userId });
  if (!user) return undefined;
  const actor: Actor = { userId: user.ID, role: user.Role, email: user.Email, name: user.Name };
  if (user.Role === 'host') {
    const profile = s.profile.get({ key: user.ID });
    if (profile) actor.hostProfileId = profile.id;
    if (profile?.account_status === SUSPENDED) actor.suspended = true;
  } else if (user.Role === 'staff') {
    const staff = s.staffByUser.get({ key: user.ID }) ?? s.staffByEmail.get({ key: user.Email });
    if (staff) actor.staffId = staff.id;
    if (staff?.host_status === SUSPENDED) actor.suspended = true;
  }
  return actor;
}

export function sessionUser(tx: Tx, userId: string): SessionUser | undefined {
  const user = tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
  const actor = user && loadActor(tx, userId);
  if (!user || !actor) return undefined;
  return {
    ID: user.ID,
    Name: user.Name,
    Email: user.Email,
    CreateTime: user.CreateTime,
    Role: user.Role,
    setupCompleted: user.setupCompleted,
    totpEnabled: user.totp_enabled,
    ...(actor.hostProfileId ? { hostProfileId: actor.hostProfileId } : {}),
    ...(actor.staffId ? { staffId: actor.staffId } : {}),
  };
}
