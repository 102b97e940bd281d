/** The two-step sign-in calls of the profile and admin screens (the login's second step is in auth/auth-api.ts). */
import { z } from 'zod';
import { apiRequest, apiRequestAs } from '../../api/http';

const SetupSchema = z.object({ secret: z.string().min(1), otpauthUrl: z.string().min(1) });
export type TotpSetup = z.infer<typeof SetupSchema>;

/** `token`: a session not stored yet (the admin's prompt right after the password). */
const withToken = (token: string | undefined) => (token ? { token } : {});

export function startTotpSetup(token?: string): Promise<TotpSetup> {
  return apiRequestAs('/api/auth/totp/setup', SetupSchema, { method: 'POST', body: {}, ...withToken(token) });
}

export async function enableTotp(code: string, token?: string): Promise<string[]> {
  const { recoveryCodes } = await apiRequestAs('/api/auth/totp/enable', z.object({ recoveryCodes: z.array(z.string()) }), { method: 'POST', body: { code }, ...withToken(token) });
  return recoveryCodes;
}

export async function disableTotp(code: string): Promise<void> {
  await apiRequest('/api/auth/totp/disable', { method: 'POST', body: { code } });
}

/** An admin turns off another user's two-step sign-in (audited on the server). */
export async function resetUserTotp(userId: string): Promise<void> {
  await apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/totp/reset`, { method: 'POST', body: {} });
}
