/**
 * The auth calls (`/api/auth/*`, `/api/setup`): sign-in (with its two-step second step),
 * registration, the session user, sign-out, password reset, first setup, and a housekeeper's
 * invites and current host.
 */
import { z } from 'zod';
import { apiRequest, apiRequestAs } from '../api/http';
import type { SessionUser } from './session';
import { AuthResultSchema, SessionUserSchema, type AuthResult } from './session-schema';

/** The password was right and two-step sign-in is on: a code is owed, with this ticket (5 minutes, once). */
export const TotpChallengeSchema = z.object({ totpRequired: z.literal(true), ticket: z.string().min(1) });
export type TotpChallenge = z.infer<typeof TotpChallengeSchema>;

export function login(email: string, password: string): Promise<AuthResult | TotpChallenge> {
  return apiRequestAs('/api/auth/login', z.union([AuthResultSchema, TotpChallengeSchema]), { body: { email, password }, auth: false });
}

/** The second step of a two-step sign-in: a current code of the authenticator app, or a recovery code. */
export function loginWithCode(ticket: string, code: string): Promise<AuthResult> {
  return apiRequestAs('/api/auth/login/totp', AuthResultSchema, { body: { ticket, code }, auth: false });
}

export type RegisterInput = { email: string; password: string; name?: string; company_name?: string; phone_number?: string };

export function registerHost(input: RegisterInput): Promise<AuthResult> {
  return apiRequestAs('/api/auth/register', AuthResultSchema, { body: input, auth: false });
}

export async function fetchMe(signal?: AbortSignal, token?: string): Promise<SessionUser> {
  const { data } = await apiRequestAs('/api/auth/me', z.object({ data: SessionUserSchema }), { signal, token });
  return data;
}

export async function logout(token?: string): Promise<void> {
  await apiRequest('/api/auth/logout', { method: 'POST', body: {}, token });
}

export async function sendResetPasswordEmail(email: string): Promise<void> {
  await apiRequest('/api/auth/reset-password/email', { body: { email }, auth: false });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await apiRequest('/api/auth/reset-password', { body: { token, password }, auth: false });
}

export async function setupStatus(): Promise<{ needed: boolean }> {
  return apiRequestAs('/api/setup/status', z.object({ needed: z.boolean() }), { auth: false });
}

/**
 * Creates the first super admin. The server may answer with a session (signed in at once) or
 * with nothing, in which case the new admin signs in on the login page.
 */
export async function runSetup(input: { email: string; password: string; name: string }): Promise<AuthResult | null> {
  const payload = await apiRequest('/api/setup', { body: input, auth: false });
  const parsed = AuthResultSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

export const InvitePreviewSchema = z.object({ hostName: z.string(), staffName: z.string(), email: z.string(), hasPassword: z.boolean() });
export type InvitePreview = z.infer<typeof InvitePreviewSchema>;

/** What a staff invite link is for: the host, and whether the person sets a first password or accepts. */
export function previewInvite(token: string): Promise<InvitePreview> {
  return apiRequestAs('/api/auth/invite/preview', InvitePreviewSchema, { body: { token }, auth: false });
}

/** Accepts a host's invite with the password one already has, and signs in (with two-step sign-in on, after a code). */
export function acceptInvite(token: string): Promise<AuthResult | z.infer<typeof TotpChallengeSchema>> {
  return apiRequestAs('/api/auth/invite/accept', z.union([AuthResultSchema, TotpChallengeSchema]), { body: { token }, auth: false });
}

/** Makes one of a housekeeper's hosts the current one (the session's staffId). */
export async function switchStaffHost(staffId: string): Promise<SessionUser> {
  const { user } = await apiRequestAs('/api/auth/staff-host', z.object({ user: SessionUserSchema }), { body: { staffId } });
  return user;
}
