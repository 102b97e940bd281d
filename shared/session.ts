/** The session user: what `/api/auth/me`, login and register answer (PascalCase, like users). */
import type { Role } from './enums';

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
  staffId?: string;
};
