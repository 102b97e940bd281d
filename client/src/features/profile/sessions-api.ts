/** The signed-in devices of the profile page (server/src/modules/auth/session-routes.ts). */
import { SessionListReplySchema, SessionsRevokedReplySchema, type SessionInfo } from '../../../../shared/api/sessions';
import { apiRequest, apiRequestAs } from '../../api/http';

export type { SessionInfo };

export async function listSessions(): Promise<SessionInfo[]> {
  return (await apiRequestAs('/api/auth/sessions', SessionListReplySchema)).rows;
}

export async function signOutSession(id: string): Promise<void> {
  await apiRequest(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Every session but this one ends; answers how many did. */
export async function signOutOtherSessions(): Promise<number> {
  return (await apiRequestAs('/api/auth/sessions/revoke-others', SessionsRevokedReplySchema, { method: 'POST', body: {} })).revoked;
}
