/** The session user of spec §3 / api.md: what `/api/auth/me`, login and register answer. */
import type { Role } from './enums';

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
