/**
 * Who is calling: the signed-in user with the ids the policy scopes by (docs/decisions.md,
 * Ownership and scope): a host's host profile id; a staff user's housekeeping_staff rows, one per
 * host it works for, each linked by its user_id when the person accepted that host's invite
 * (never by e-mail: a host typing an address reaches nobody), and the current host's row among
 * them (the session's `staffId`).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { hostProfiles, housekeepingStaff, sessions, staffCurrentHosts, users } from '../../shared/schema/tables';
import type { ACCOUNT_STATUSES, Role } from '../../shared/enums';
import type { SessionUser, StaffHost } from '../../shared/session';
import { connectionOf, type Tx } from './db/write';

/** One host a staff user works for: its staff row there and the host's name. */
export type StaffRowOfHost = { readonly staffId: string; readonly hostId: string; readonly hostName: string };

export type Actor = {
  userId: string;
  role: Role;
  email: string;
  name: string;
  hostProfileId?: string;
  /** A staff user's row at its current host (switched with POST /api/auth/staff-host). */
  staffId?: string;
  /**
   * Every staff row linked to a staff user whose host is not suspended: its scope is all of them
   * (policy.ts). Absent on hand-made actors with one `staffId` (`staffIdsOf`).
   */
  staffIds?: readonly string[];
  /** The same rows with their hosts, in the order of `staffIds`. */
  staffRows?: readonly StaffRowOfHost[];
  /**
   * Set when the account's host is suspended (a host's own profile; for a housekeeper, every host
   * it works for): its sessions are refused at their next request (plugins/auth.ts) and it cannot sign in.
   */
  suspended?: true;
  /** The server-side session the request came with (modules/auth/sessions.ts), when it came with one. */
  sessionId?: string;
};

/** The session object that login, register and GET /api/auth/me answer (shared/session.ts). */
export type { SessionUser };

/** Every staff row of the actor (its scope), also for an actor built with a `staffId` alone. */
export function staffIdsOf(actor: Actor): readonly string[] {
  return actor.staffIds ?? (actor.staffId ? [actor.staffId] : []);
}

/** The actor's staff row at this host (the acting housekeeper of that host's tasks), if any. */
export function staffIdAt(actor: Actor, hostId: unknown): string | undefined {
  if (!actor.staffRows) return actor.staffId;
  return actor.staffRows.find((r) => r.hostId === hostId)?.staffId;
}

type One<T> = { get: (values: { key: string }) => T | undefined };
type All<T> = { all: (values: { key: string }) => T[] };
type StaffLink = { id: string; hostId: string; host_status: string | null; company: string | null; hostUserName: string | null };
type UserFields = { ID: string; Role: Role; Email: string; Name: string };
type ActorStatements = {
  user: One<UserFields>;
  /** The user through a live session of theirs: the session check rides on the user lookup. */
  session: { get: (values: { key: string; sid: string }) => (UserFields & { lastSeenAt: string }) | undefined };
  profile: One<{ id: string; account_status: string }>;
  staffByUser: All<StaffLink>;
  current: One<{ staffId: string }>;
};

/** Every authenticated request loads its actor: statements built once per handle and reused. */
const statementCache = new WeakMap<object, ActorStatements>();

function statementsFor(tx: Tx): ActorStatements {
  const connection = connectionOf(tx);
  let s = statementCache.get(connection);
  if (!s) {
    const key = sql.placeholder('key');
    const hostUser = alias(users, 'host_user');
    s = {
      user: tx
        .select({ ID: users.ID, Role: users.Role, Email: users.Email, Name: users.Name })
        .from(users)
        .where(and(eq(users.ID, key), isNull(users.deleted_at)))
        .prepare(),
      // The same row, reached through a live session of the user (sessions' primary key): one
      // statement does the user lookup and the session check (docs/security.md, Sessions).
      session: tx
        .select({ ID: users.ID, Role: users.Role, Email: users.Email, Name: users.Name, lastSeenAt: sessions.last_seen_at })
        .from(sessions)
        .innerJoin(users, eq(users.ID, sessions.user_id))
        .where(and(eq(sessions.id, sql.placeholder('sid')), eq(sessions.user_id, key), isNull(sessions.revoked_at), isNull(users.deleted_at)))
        .prepare(),
      // The account status rides on the statements each request runs anyway: the suspension
      // check costs no extra query.
      profile: tx
        .select({ id: hostProfiles.id, account_status: hostProfiles.account_status })
        .from(hostProfiles)
        .where(and(eq(hostProfiles.user_id, key), isNull(hostProfiles.deleted_at)))
        .prepare(),
      staffByUser: tx
        .select({
          id: housekeepingStaff.id,
          hostId: housekeepingStaff.host_id,
          host_status: hostProfiles.account_status,
          company: hostProfiles.company_name,
          hostUserName: hostUser.Name,
        })
        .from(housekeepingStaff)
        .leftJoin(hostProfiles, and(eq(hostProfiles.id, housekeepingStaff.host_id), isNull(hostProfiles.deleted_at)))
        .leftJoin(hostUser, eq(hostUser.ID, hostProfiles.user_id))
        .where(and(eq(housekeepingStaff.user_id, key), isNull(housekeepingStaff.deleted_at)))
        .orderBy(asc(housekeepingStaff.created_date), asc(housekeepingStaff.id))
        .prepare(),
      current: tx.select({ staffId: staffCurrentHosts.staff_id }).from(staffCurrentHosts).where(eq(staffCurrentHosts.user_id, key)).prepare(),
    };
    statementCache.set(connection, s);
  }
  return s;
}

/** The account status that stops a host and its staff (docs/decisions.md, Rules read literally). */
export const SUSPENDED = 'suspended' satisfies (typeof ACCOUNT_STATUSES)[number];

/** A host's name as its housekeepers see it: the company, else the host's own name. */
function hostNameOf(link: StaffLink): string {
  return link.company?.trim() || link.hostUserName?.trim() || 'Host';
}

function loadStaff(s: ActorStatements, actor: Actor): void {
  const links = s.staffByUser.all({ key: actor.userId });
  const rows = links.filter((l) => l.host_status !== SUSPENDED).map((l) => ({ staffId: l.id, hostId: l.hostId, hostName: hostNameOf(l) }));
  // Suspended only when every host it works for is: one live employer keeps the account working.
  if (links.length > 0 && rows.length === 0) actor.suspended = true;
  if (rows.length === 0) return;
  const chosen = s.current.get({ key: actor.userId })?.staffId;
  actor.staffRows = rows;
  actor.staffIds = rows.map((r) => r.staffId);
  actor.staffId = rows.find((r) => r.staffId === chosen)?.staffId ?? rows[0]!.staffId;
}

export function loadActor(tx: Tx, userId: string): Actor | undefined {
  const s = statementsFor(tx);
  const user = s.user.get({ key: userId });
  return user && actorOfUser(s, user);
}

/**
 * The actor of a request that came with session `sessionId`: undefined when the session is
 * revoked, unknown or not this user's, or the user is gone. `lastSeenAt` for the once-a-minute write.
 */
export function loadSessionActor(tx: Tx, userId: string, sessionId: string): { actor: Actor; lastSeenAt: string } | undefined {
  const s = statementsFor(tx);
  const row = s.session.get({ key: userId, sid: sessionId });
  if (!row) return undefined;
  const actor = actorOfUser(s, row);
  actor.sessionId = sessionId;
  return { actor, lastSeenAt: row.lastSeenAt };
}

function actorOfUser(s: ActorStatements, user: UserFields): Actor {
  const actor: Actor = { userId: user.ID, role: user.Role, email: user.Email, name: user.Name };
  if (user.Role === 'host') {
    const profile = s.profile.get({ key: user.ID });
    if (profile) actor.hostProfileId = profile.id;
    if (profile?.account_status === SUSPENDED) actor.suspended = true;
  } else if (user.Role === 'staff') {
    loadStaff(s, actor);
  }
  return actor;
}

export function sessionUser(tx: Tx, userId: string): SessionUser | undefined {
  const user = tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
  const actor = user && loadActor(tx, userId);
  if (!user || !actor) return undefined;
  const staffHosts: StaffHost[] | undefined = actor.staffRows?.map((r) => ({ staffId: r.staffId, hostProfileId: r.hostId, hostName: r.hostName }));
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
    ...(staffHosts ? { staffHosts } : {}),
  };
}
