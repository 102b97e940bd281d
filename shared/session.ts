/** The session user: what `/api/auth/me`, login and register answer (PascalCase, like users). */
import type { Role } from './enums';

/** One host a staff user works for: its staff row there, the host profile and the host's name. */
export type StaffHost = { staffId: string; hostProfileId: string; hostName: string };

export type SessionUser = {
  ID: string;
  Name: string;
  Email: string;
  CreateTime: string;
  Role: Role;
  setupCompleted: boolean;
  /** Two-step sign-in is on: the client offers to turn it off, and admins are not asked to turn it on. */
  totpEnabled: boolean;
  hostProfileId?: string;
  /** A staff user's row at its current host (per-host screens show this one). */
  staffId?: string;
  /** Every host a staff user works for (not suspended), the current one among them. */
  staffHosts?: StaffHost[];
};
