/**
 * The session user as the auth calls answer it and the store keeps it, checked with zod: loaded
 * with the auth calls and the stored session (auth-api.ts, stored-session.ts), never on the first
 * screen. The routing rules are session.ts.
 */
import { z } from 'zod';
import { readRole } from '../../../shared/roles';
import type { SessionUser } from '../../../shared/session';

/** The role is read from `Role` or `role`, then normalised (shared/roles.ts). */
export const SessionUserSchema: z.ZodType<SessionUser> = z
  .looseObject({
    ID: z.union([z.string(), z.number()]).transform(String),
    Name: z.string().default(''),
    Email: z.string(),
    CreateTime: z.string().default(''),
    setupCompleted: z.boolean().default(false),
    totpEnabled: z.boolean().default(false),
    hostProfileId: z.string().optional(),
    staffId: z.string().optional(),
    staffHosts: z.array(z.object({ staffId: z.string(), hostProfileId: z.string(), hostName: z.string() })).optional(),
  })
  .transform((raw) => {
    const user: SessionUser = {
      ID: raw.ID,
      Name: raw.Name,
      Email: raw.Email,
      CreateTime: raw.CreateTime,
      Role: readRole(raw),
      setupCompleted: raw.setupCompleted,
      totpEnabled: raw.totpEnabled,
    };
    if (raw.hostProfileId) user.hostProfileId = raw.hostProfileId;
    if (raw.staffId) user.staffId = raw.staffId;
    if (raw.staffHosts) user.staffHosts = raw.staffHosts;
    return user;
  });

export const AuthResultSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;
