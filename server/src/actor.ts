/**
 * Who is calling: the signed-in user with the ids the policy scopes by (decisions.md "Ownership
 * and scope"): a host's host profile id, a staff user's housekeeping_staff id (linked by e-mail).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { hostProfiles, housekeepingStaff, users } from '../../shared/schema/tables';
import type { Role } from '../../shared/enums';
import type { Tx } from './db/write';

export type Actor = {
  userId: string;
  role: Role;
  email: string;
  name: string;
  hostProfileId?: string;
  staffId?: string;
};

/** The session object of spec §3 / api.md. */
export type SessionUser = {
  ID: string;
  Name: string;
  Email: string;
  CreateTime: string;
  Role: Role;
  setupCompleted: boolean;
  hostProfileId?: string;
  staffId?: string;
};

export function loadActor(tx: Tx, userId: string): Actor | undefined {
  const user = tx.select().from(users).where(and(eq(users.ID, userId), isNull(users.deleted_at))).get();
  if (!user) return undefined;
  const actor: Actor = { userId: user.ID, role: user.Role, email: user.Email, name: user.Name };
  if (user.Role === 'host') {
    const profile = tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(and(eq(hostProfiles.user_id, user.ID), isNull(hostProfiles.deleted_at)))
      .get();
    if (profile) actor.hostProfileId = profile.id;
  } else if (user.Role === 'staff') {
    const staff =
      tx
        .select({ id: housekeepingStaff.id })
        .from(housekeepingStaff)
        .where(and(eq(housekeepingStaff.user_id, user.ID), isNull(housekeepingStaff.deleted_at)))
        .get() ??
      tx
        .select({ id: housekeepingStaff.id })
        .from(housekeepingStaff)
        .where(and(eq(housekeepingStaff.staff_email, user.Email), isNull(housekeepingStaff.deleted_at)))
        .get();
    if (staff) actor.staffId = staff.id;
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
    ...(actor.hostProfileId ? { hostProfileId: actor.hostProfileId } : {}),
    ...(actor.staffId ? { staffId: actor.staffId } : {}),
  };
}
