/** Request and response schemas of the account routes (routes.ts). */
import { z } from 'zod';
import { ROLES } from '../../../../shared/enums';

export const MIN_PASSWORD_LENGTH = 8;

/** E-mails are trimmed and lower-cased before anything else looks at them. */
export const emailField = z.string().trim().toLowerCase().pipe(z.email('must be a valid email address').max(320));
/** Login takes any text: a malformed address is just a failed login. */
export const loginEmailField = z.string().trim().toLowerCase().min(1, 'is required').max(320);
export const newPasswordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(1024, 'must be at most 1024 characters');
const givenPasswordField = z.string().min(1, 'is required').max(1024, 'must be at most 1024 characters');

export { ErrorReplySchema as errorSchema } from '../../../../shared/api/errors';

export const sessionUserSchema = z.object({
  ID: z.string(),
  Name: z.string(),
  Email: z.string(),
  CreateTime: z.string(),
  Role: z.enum(ROLES),
  setupCompleted: z.boolean(),
  totpEnabled: z.boolean(),
  hostProfileId: z.string().optional(),
  staffId: z.string().optional(),
  staffHosts: z.array(z.object({ staffId: z.string(), hostProfileId: z.string(), hostName: z.string() })).optional(),
});

export const sessionSchema = z.object({ token: z.string(), user: sessionUserSchema });
/** The password was right and two-step sign-in is on: no session yet, a ticket for POST /api/auth/login/totp. */
export const totpChallengeSchema = z.object({ totpRequired: z.literal(true), ticket: z.string() });
export const loginReplySchema = z.union([sessionSchema, totpChallengeSchema]);
export const emptySchema = z.object({});

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  name: z.string().trim().max(200).optional(),
  company_name: z.string().trim().max(200).optional(),
  phone_number: z.string().trim().max(50).optional(),
});

export const loginBody = z.object({ email: loginEmailField, password: givenPasswordField });
export const resetEmailBody = z.object({ email: emailField });
export const resetBody = z.object({ token: z.string().trim().min(1, 'is required').max(200), password: newPasswordField });
export const changePasswordBody = z.object({ currentPassword: givenPasswordField, newPassword: newPasswordField });
export const setupBody = z.object({ email: emailField, password: newPasswordField, name: z.string().trim().min(1, 'is required').max(200) });
export const staffParams = z.object({ id: z.string().min(1).max(100) });

// ── Two-step sign-in (totp.ts) ──────────────────────────────────────────────────────────────
/** Six digits or a recovery code (`xxxxx-xxxxx`); spaces are ignored. */
const codeField = z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters');
export const totpCodeBody = z.object({ code: codeField });
export const loginTotpBody = z.object({ ticket: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'), code: codeField });
export const totpSetupReply = z.object({
  secret: z.string().describe('The base32 secret, for typing into an authenticator app; never sent again'),
  otpauthUrl: z.string().describe('otpauth://totp/… URL for the QR code (issuer Staykeep, label the e-mail)'),
});
export const totpEnableReply = z.object({ recoveryCodes: z.array(z.string()).describe('Ten single-use recovery codes, shown only now') });
