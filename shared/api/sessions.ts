/**
 * The signed-in devices of the profile page (server/src/modules/auth/session-routes.ts): one entry
 * per live session of the caller, `current` for the one asking.
 */
import { z } from 'zod';

export const SessionInfoSchema = z.object({
  id: z.string(),
  /** "Chrome on Android", "Safari on iPhone", "Unknown device". */
  device: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;

export const SessionListReplySchema = z.object({ rows: z.array(SessionInfoSchema) });
export type SessionListReply = z.infer<typeof SessionListReplySchema>;

/** `POST /api/auth/sessions/revoke-others`: how many sessions ended. */
export const SessionsRevokedReplySchema = z.object({ revoked: z.number().int() });
export type SessionsRevokedReply = z.infer<typeof SessionsRevokedReplySchema>;
